import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { TooManyRequests } from '../functions/types.ts';

/**
 * Fixed-window counter in PostgreSQL, so that every API process shares it.
 * Counts one hit and throws TooManyRequests when the window already holds `limit` hits.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const result = (await db.execute(sql`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`)) as unknown as { rows: { count: number }[] };
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    throw new TooManyRequests(retryAfter);
  }
}

/** Reads a counter without counting (used for "failed attempts" limits that count only failures). */
export async function peekRateLimit(db: Db, key: string, windowMs: number, now = new Date()): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const result = (await db.execute(
    sql`SELECT count FROM rate_limit_buckets WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
  )) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

/** Old windows are useless; dropped now and then by the server. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_buckets WHERE window_start < ${olderThan.toISOString()}`);
}
