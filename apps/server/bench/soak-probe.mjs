// Loaded into each server process by bench/soak.bench.ts (node --import): every SOAK_PROBE_MS it appends one JSON line
// to SOAK_PROBE_FILE with the process's RSS, heap and event-loop delay (p50, p99, max; from the first request the
// server reads) since the last line, and the server's own time per function call since the start (from the request's
// first byte read to the answer's last byte written, by Node's http diagnostics channels): the load generator's
// figures minus this is time spent outside the server (the generator's own event loop, the kernel, the other
// processes on the cores). Bench only.
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import v8 from 'node:v8';
import { PerformanceObserver, constants, createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const every = Number(process.env.SOAK_PROBE_MS ?? 5000);
  // Node records the time between two ticks of a timer of this interval, so each figure is the delay plus up to the
  // interval itself: an idle loop reads 10 ms with a 10 ms timer (what this probe used before 2026-11-28), and a stall
  // of S ms reads between S and S + 10. A 1 ms timer puts each figure within 1 ms of the loop's delay.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  /** Per function and caller (guest or member), in microseconds. */
  const calls = new Map();
  const started = new WeakMap();
  // Start-up (loading the modules, migrating, loading demo content) blocks the loop before the server listens, when
  // no call can wait on it: the delays are counted from the first request the server reads (the soak's /readyz poll).
  let serving = false;
  /** The window's reads (the get… calls) in the server's own time, and the read barrier's pings (db/changes.ts), in µs. */
  const windowReads = createHistogram();
  const windowPings = createHistogram();
  diagnostics.subscribe('hibi.changes.ping', (ms) => windowPings.record(Math.max(1, Math.round(ms * 1000))));
  /** The window's waits for a pooled connection (db/deadline.ts; only calls that had to wait), in µs. */
  const windowPoolWaits = createHistogram();
  diagnostics.subscribe('hibi.pool.wait', (ms) => windowPoolWaits.record(Math.max(1, Math.round(ms * 1000))));
  const figures = (h) => ({
    n: h.count,
    p50: h.count ? h.percentile(50) / 1000 : 0,
    p99: h.count ? h.percentile(99) / 1000 : 0,
    max: h.count ? h.max / 1000 : 0,
  });
  diagnostics.subscribe('http.server.request.start', ({ request, response }) => {
    if (!serving) {
      serving = true;
      delay.reset();
    }
    started.set(response, { t0: performance.now(), url: request.url ?? '', member: Boolean(request.headers.authorization) });
  });
  diagnostics.subscribe('http.server.response.finish', ({ response }) => {
    const start = started.get(response);
    if (!start) return;
    const name = /^\/api\/functions\/([A-Za-z]+)/.exec(start.url)?.[1];
    if (!name) return;
    const key = `${name} (${start.member ? 'member' : 'guest'})`;
    const histogram = calls.get(key) ?? calls.set(key, createHistogram()).get(key);
    const us = Math.max(1, Math.round((performance.now() - start.t0) * 1000));
    histogram.record(us);
    if (name.startsWith('get')) windowReads.record(us);
  });
  /** Garbage collection of the window: its pauses' sum and longest, and the longest full (mark-compact) one, in ms. */
  let gc = { sum: 0, max: 0, majorMax: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.sum += entry.duration;
      gc.max = Math.max(gc.max, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorMax = Math.max(gc.majorMax, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  /**
   * SOAK_SMAPS_EVERY (n): every n-th line also sums /proc/self/smaps's resident sizes by kind of mapping, read off the
   * loop (one read of a few MB of text): V8's pages (anonymous, 256 KB each), other anonymous mappings up to 1 MB,
   * larger anonymous ones (malloc's arenas, thread stacks, V8's large objects and reservations), the brk heap and files.
   * The sums are read after a line is written and go into the next one: they are one sample older than its other figures.
   */
  const smapsEvery = Number(process.env.SOAK_SMAPS_EVERY ?? 0);
  let smaps = null;
  let lines = 0;
  /** The kind of a mapping, by its name and its size in kB. */
  const kindOf = (name, sizeKb) => {
    if (name.startsWith('/')) return 'files';
    if (name === '[heap]') return 'brk';
    if (name) return 'named';
    if (sizeKb === 256) return 'anon256k';
    return sizeKb <= 1024 ? 'anonSmall' : 'anonLarge';
  };
  const readSmaps = async () => {
    const text = await fs.promises.readFile('/proc/self/smaps', 'utf8');
    const sums = {};
    let kind = 'other';
    for (const line of text.split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (head) {
        kind = kindOf(head[3], (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024);
        sums[kind] ??= { n: 0, rssKb: 0 };
        sums[kind].n++;
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) sums[kind].rssKb += Number(rss[1]);
    }
    return sums;
  };
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const server = {};
    for (const [key, h] of calls) server[key] = figures(h);
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
      server,
      reads: figures(windowReads),
      pings: figures(windowPings),
      poolWaits: figures(windowPoolWaits),
      gc,
      /** CPU time used in the window, in ms (user + system). */
      cpu: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu)),
      // (V8's external memory is `external` above.)
      v8: (({ total_heap_size, total_physical_size, malloced_memory, peak_malloced_memory }) => ({
        total: total_heap_size,
        physical: total_physical_size,
        malloced: malloced_memory,
        peakMalloced: peak_malloced_memory,
      }))(v8.getHeapStatistics()),
      spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size])),
      smaps,
    };
    smaps = null;
    if (smapsEvery > 0 && ++lines % smapsEvery === 0)
      readSmaps().then(
        (sums) => (smaps = sums),
        () => {},
      );
    delay.reset();
    windowReads.reset();
    windowPings.reset();
    windowPoolWaits.reset();
    gc = { sum: 0, max: 0, majorMax: 0 };
    cpu = process.cpuUsage();
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every);
  timer.unref();
}
