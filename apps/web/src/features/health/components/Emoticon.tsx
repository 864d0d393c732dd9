/** A face for a level from 0 (best) to 3 (worst), drawn inline so it needs no image request. */
const FACES = [
  { fill: '#1f7a6d', mouth: 'M14 27 Q24 37 34 27' },
  { fill: '#4f9d8f', mouth: 'M15 29 Q24 34 33 29' },
  { fill: '#e0a12a', mouth: 'M16 30 L32 30' },
  { fill: '#c2496f', mouth: 'M15 33 Q24 26 33 33' },
] as const;

export function Emoticon({ level, label, size = 48 }: { level: 0 | 1 | 2 | 3; label: string; size?: number }) {
  const face = FACES[level];
  return (
    <svg className="health-emoticon" width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={label}>
      <circle cx="24" cy="24" r="22" fill={face.fill} />
      <circle cx="17" cy="19" r="3" fill="#fff" />
      <circle cx="31" cy="19" r="3" fill="#fff" />
      <path d={face.mouth} stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
