import type { Db } from './db/client.ts';
import { pruneExpiredSessions } from './domains/auth/service.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';

const EVERY_MS = 60 * 60 * 1000;
const KEEP_RATE_LIMIT_WINDOWS_MS = 24 * 60 * 60 * 1000;

/** Hourly clean-up of expired sessions and old rate-limit windows; safe to run in every process. */
export function startMaintenance(db: Db, onError: (error: unknown) => void): () => void {
  const run = async () => {
    try {
      const now = new Date();
      await pruneExpiredSessions(db, now);
      await pruneRateLimits(db, new Date(now.getTime() - KEEP_RATE_LIMIT_WINDOWS_MS));
    } catch (error) {
      onError(error);
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
