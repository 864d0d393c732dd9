// Where a server's event-loop stalls went (issue 31; bench only): reads a V8 CPU profile (`node --cpu-prof`, which the
// soak writes with BENCH_CPU_PROFILE_DIR) and prints every stretch of at least STALL_MS (default 60) in which the main
// thread never went idle, the longest first. For each: its length, the time it spent waiting for a core (the profile's
// sampler ticks on a signal the main thread handles, so a gap between two samples over a few ms is time the thread was
// not running), collection, and the functions that took its time (self, and inclusive below Node's own frames).
//
// Run: node apps/server/bench/profile-stalls.mjs <file.cpuprofile> [more files]; STALL_MS=40 for a lower bar.
import fs from 'node:fs';
import path from 'node:path';

const STALL_MS = Number(process.env.STALL_MS ?? 60);
const TOP = Number(process.env.STALL_TOP ?? 10);
/** A gap between samples longer than this (µs) is counted as time the thread waited for a core. */
const GAP_US = 4000;

for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => {
    const f = n.callFrame;
    const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const isIdle = (id) => nodes.get(id).callFrame.functionName === '(idle)';
  const isGc = (id) => nodes.get(id).callFrame.functionName === '(garbage collector)';

  const stretches = [];
  let current = null;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    const id = profile.samples[i];
    if (isIdle(id)) {
      if (current && current.us >= STALL_MS * 1000) stretches.push(current);
      current = null;
      continue;
    }
    current ??= { start: t - delta, us: 0, waitedUs: 0, gcUs: 0, longestGapUs: 0, samples: [] };
    current.us += delta;
    if (delta > GAP_US) current.waitedUs += delta;
    current.longestGapUs = Math.max(current.longestGapUs, delta);
    if (isGc(id)) current.gcUs += delta;
    current.samples.push([id, delta]);
  }
  if (current && current.us >= STALL_MS * 1000) stretches.push(current);

  const seconds = (profile.endTime - profile.startTime) / 1e6;
  console.log(
    `${path.basename(file)}: ${seconds.toFixed(0)} s, ${profile.samples.length} samples; ${stretches.length} stretches of ${STALL_MS} ms or more without idle`,
  );
  stretches.sort((a, b) => b.us - a.us);
  for (const s of stretches.slice(0, Number(process.env.STALL_LIST ?? 8))) {
    const self = new Map();
    const inclusive = new Map();
    for (const [id, delta] of s.samples) {
      const top = name(nodes.get(id));
      self.set(top, (self.get(top) ?? 0) + delta);
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const node = nodes.get(n);
        // Node's own frames (its internals, the event loop's) say nothing about which work it was.
        if (!node.callFrame.url || node.callFrame.url.startsWith('node:')) continue;
        const key = name(node);
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
      }
    }
    const list = (m) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([k, us]) => `      ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`)
        .join('\n');
    const at = ((s.start - profile.startTime) / 1e6).toFixed(1);
    console.log(
      `  at ${at} s: ${(s.us / 1000).toFixed(1)} ms without idle; waited for a core ${(s.waitedUs / 1000).toFixed(1)} ms ` +
        `(longest gap ${(s.longestGapUs / 1000).toFixed(1)} ms), collecting ${(s.gcUs / 1000).toFixed(1)} ms\n    self:\n${list(self)}\n    inclusive:\n${list(inclusive)}`,
    );
  }
}
