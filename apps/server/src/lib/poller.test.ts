import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPoller } from './poller.ts';

describe('startPoller (the senders and maintenance loop)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task every everyMs after the last run ended, first after everyMs, or at once with runAtStart', async () => {
    const task = vi.fn(async () => {});
    const poller = startPoller(task, { everyMs: 1000, onError: () => {} });
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
    await poller.close();

    const atStart = vi.fn(async () => {});
    const eager = startPoller(atStart, { everyMs: 1000, onError: () => {}, runAtStart: true });
    expect(atStart).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(atStart).toHaveBeenCalledTimes(2);
    await eager.close();
  });

  it('waits everyMs from the end of a run, never overlaps runs, and a tick during a run answers that run', async () => {
    let release: () => void = () => {};
    let active = 0;
    let most = 0;
    const task = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => (release = resolve));
      active--;
    });
    const poller = startPoller(task, { everyMs: 100, onError: () => {} });
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
    const first = poller.tick();
    const second = poller.tick();
    expect(first).toBe(second);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    release();
    await first;
    await vi.advanceTimersByTimeAsync(99);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    release();
    await poller.close();
  });

  it('survives a failing run: the error goes to onError and the loop goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const task = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    });
    const poller = startPoller(task, { everyMs: 10, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toEqual([new Error('boom')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(1);
    await expect(poller.tick()).resolves.toBeUndefined();
    await poller.close();
  });

  it('stops on close: waits for the run in progress, says closed to it, and runs no more', async () => {
    let release: () => void = () => {};
    const seen: boolean[] = [];
    const poller = startPoller(
      async () => {
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(poller.closed);
      },
      { everyMs: 10, onError: () => {} },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(poller.closed).toBe(false);
    let closed = false;
    const closing = poller.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(seen).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
