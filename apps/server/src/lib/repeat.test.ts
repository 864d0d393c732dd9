import { describe, expect, it } from 'vitest';
import { repeatEvery } from './repeat.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds (or 5 s), for a loop driven by real timers. */
async function until(check: () => boolean) {
  for (const end = Date.now() + 5000; Date.now() < end && !check();) await sleep(5);
}

describe('repeatEvery: the minute loops (reminders, purge, push announcements, maintenance)', () => {
  it('runs at once and keeps running after failed runs (the database away), handing each failure on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = repeatEvery(
      10,
      async () => {
        runs++;
        if (runs <= 3) throw new Error(`database away (${runs})`);
      },
      (error) => errors.push(error),
    );
    expect(runs).toBe(1);
    await until(() => runs >= 6);
    stop();
    expect(runs).toBeGreaterThanOrEqual(6);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database away (1)', 'database away (2)', 'database away (3)']);
    const stoppedAt = runs;
    await sleep(50);
    expect(runs).toBe(stoppedAt);
  });

  it('never runs twice at once: a run still going makes the next one a no-op', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const stop = repeatEvery(
      5,
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
      },
      () => {},
    );
    await until(() => runs >= 3);
    stop();
    await until(() => running === 0);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });
});
