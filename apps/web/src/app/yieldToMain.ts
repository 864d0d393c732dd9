/**
 * Lets the browser run what waits (a paint, a press) between the start's steps: each step is a task of its own rather
 * than one long task from the modules' evaluation to the end of hydration (total blocking time, issues 17 and 54).
 * `scheduler.yield()` where the browser has it (the rest of the start keeps its place ahead of other tasks), else a
 * timer. Not in `src/lib/` (the `kit` chunk group), as the entry imports it before any stage (src/main.tsx).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
