/**
 * Runs `task` now and then every `everyMs` in this process, never two runs at once (a run still going when the next is
 * due makes that one a no-op), each failure handed to `onError`; the timer does not keep the process alive. Answers
 * the function that stops it. The minute loops of reminders, the contract purge and push announcements: each task
 * is safe in every process by its own advisory lock or once-only marks.
 */
export function repeatEvery(everyMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
