/** A loop that runs a task over and over in this process: the mail and push senders' outbox passes, the clean-up. */
export interface Poller {
  /** Runs the task now, or answers the run already going (never two at once). */
  tick(): Promise<void>;
  /** Whether close() was called: a long task checks it between its steps and stops early. */
  readonly closed: boolean;
  /** Schedules no more runs and waits for a run in progress to end. */
  close(): Promise<void>;
}

export interface PollerOptions {
  /** The wait between the end of one run and the start of the next. */
  everyMs: number;
  /** Told of a run that failed; the loop goes on. */
  onError: (error: unknown) => void;
  /** Runs the task at once as well; otherwise the first run is `everyMs` after the start. */
  runAtStart?: boolean;
}

/**
 * Starts `task`'s loop: one run at a time (a tick while a run is going answers that run), the next `everyMs` after the
 * last one ended, a failed run handed to `onError` and the loop going on; the timer does not keep the process alive.
 */
export function startPoller(task: () => Promise<unknown>, options: PollerOptions): Poller {
  const { everyMs, onError, runAtStart = false } = options;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function tick(): Promise<void> {
    running ??= task()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, everyMs);
    timer.unref?.();
  }

  if (runAtStart) void tick().finally(schedule);
  else schedule();

  return {
    tick,
    get closed() {
      return closed;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
