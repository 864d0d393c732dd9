/**
 * A face for a level from 0 (best) to 3 (worst), drawn inline so it needs no image request. Its colours are the
 * theme's (health.css: --color-face-0 … 3 from styles/tokens.css).
 */
const MOUTHS = ['M14 27 Q24 37 34 27', 'M15 29 Q24 34 33 29', 'M16 30 L32 30', 'M15 33 Q24 26 33 33'] as const;

export function Emoticon({ level, label, size = 48 }: { level: 0 | 1 | 2 | 3; label: string; size?: number }) {
  return (
    <svg className={`health-emoticon health-emoticon--${level}`} width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={label}>
      <circle className="health-emoticon__face" cx="24" cy="24" r="22" />
      <circle className="health-emoticon__eye" cx="17" cy="19" r="3" />
      <circle className="health-emoticon__eye" cx="31" cy="19" r="3" />
      <path className="health-emoticon__mouth" d={MOUTHS[level]} strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
