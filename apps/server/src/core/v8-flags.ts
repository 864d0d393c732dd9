import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent. V8's own factor is
 * dynamic: on a machine with memory to spare and a collector that keeps up, it grows the old generation up to four
 * times its live size before the next full collection. In Node 24 (V8 13.6), the pages that collection frees go into
 * V8's page pool and stay resident until a memory-reducing collection, which the server does not run (decision 160):
 * each peak of the heap stays in RSS for good. 30% keeps the peaks near the live size (decision 163).
 */
export const HEAP_GROWING_PERCENT = 30;

/** V8's settings the server sets on itself at start, in `main.ts` (decisions 160 and 163). */
export const V8_FLAGS = [
  // The memory reducer collects when no full collection ran for a while; by default it compacts and sweeps the whole
  // heap before the loop runs on. On a busy machine that held the loop for 340-500 ms every two minutes or so in the
  // soak, where an ordinary full collection pauses it for 20-60 ms. Its collections are ordinary ones (decision 160).
  '--no-memory-reducer-favors-memory',
  `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
] as const;

/**
 * The young generation's size, in MB per semi-space (decision 170). V8 sizes it from the heap's limit: on these 24 GB
 * machines a semi-space grows to 64 MB. A young-generation collection copies what is still alive in it, so its pause
 * follows that size: under the soak's load, 7-50 ms, and 134-149 ms in the first seconds, when every kept answer and
 * session is new and alive. With 16 MB, the longest was 33-41 ms, the cold start included; the collections come four
 * times as often, and the collector takes some 40% more time in all (0.3% of a core). The new space is then at most
 * 32 MB rather than 128 MB, which takes 40-100 MB off each process's RSS.
 */
export const MAX_SEMI_SPACE_MB = 16;

/**
 * Flags only Node's command line (or NODE_OPTIONS) can set: V8 sizes its heap before any script runs, so
 * `v8.setFlagsFromString` is too late for them. The documented start command, `npm run serve`, the production check
 * and the benchmarks pass them; the server warns at start when they are missing.
 */
export const NODE_CLI_FLAGS = [`--max-semi-space-size=${MAX_SEMI_SPACE_MB}`] as const;

/** The flags of `NODE_CLI_FLAGS` whose option a process was started without: in neither its arguments nor NODE_OPTIONS. */
export function missingCliFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  // V8 takes `_` for `-` in option names; a value may follow `=` or come as the next argument.
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map((arg) => arg.split('=')[0]!.replaceAll('_', '-')));
  return NODE_CLI_FLAGS.filter((flag) => !given.has(flag.split('=')[0]!));
}

export function applyV8Flags(): void {
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
}
