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

export function applyV8Flags(): void {
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
}
