// Loaded into each server process by bench/soak.bench.ts (node --import): every SOAK_PROBE_MS it appends one JSON line
// to SOAK_PROBE_FILE with the process's RSS, heap and event-loop delay (p50, p99, max) since the last line. Bench only.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const every = Number(process.env.SOAK_PROBE_MS ?? 5000);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const line = {
      t: Date.now(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      elP50: delay.percentile(50) / 1e6,
      elP99: delay.percentile(99) / 1e6,
      elMax: delay.max / 1e6,
    };
    delay.reset();
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every);
  timer.unref();
}
