import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';

/** Thrown when a limit is exceeded (ctx.rateLimit, hitRateLimit); the function entry answers 429 tooManyRequests. */
export class TooManyRequests extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests');
  }
}

/**
 * Fixed-window counter in PostgreSQL, so that every API process shares it.
 * Counts one hit and throws TooManyRequests when the window already holds `limit` hits.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await rows<{ count: number }>(
    db,
    sql`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`,
  );
  const count = Number(row?.count ?? 0);
  if (count > limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    throw new TooManyRequests(retryAfter);
  }
}

/** Reads a counter without counting (used for "failed attempts" limits that count only failures). */
export async function peekRateLimit(db: Db, key: string, windowMs: number, now = new Date()): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await rows<{ count: number }>(
    db,
    sql`SELECT count FROM rate_limit_buckets WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
  );
  return Number(row?.count ?? 0);
}

/** Old windows are useless; dropped now and then by the server. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_buckets WHERE window_start < ${olderThan.toISOString()}`);
}

/** Gives back one hit counted by hitRateLimit (an attempt reserved before checking it, that turned out fine). */
export async function refundRateLimit(db: Db, key: string, windowMs: number, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db.execute(
    sql`UPDATE rate_limit_buckets SET count = greatest(count - 1, 0) WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
  );
}

/**
 * The client an address stands for in rate-limit keys (issue 12, finding 6): an IPv4 address (also when written as
 * IPv4-mapped IPv6) as it is, an IPv6 address by its /64 (one subscriber gets a whole /64 and can rotate inside it).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) {
    const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
    const headParts = head ? head.split(':') : [];
    const tailParts = address.includes('::') ? (tail ? tail.split(':') : []) : [];
    const parts = address.includes('::') ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
    return `${parts
      .slice(0, 4)
      .map((p) => (parseInt(p, 16) || 0).toString(16))
      .join(':')}::/64`;
  }
  return address;
}

/**
 * A fixed-window counter per client in this process's memory (issue 53, decision 174): the anonymous reads' limit,
 * which must cost no statement of its own (a flood's every call would be a write to PostgreSQL). Each process counts
 * its own calls, so behind a balancer a client gets up to this many per process. At most `maxKeys` clients are told
 * apart in a window; beyond them, new ones share one count.
 */
export class LocalRateLimit {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 100_000,
  ) {}

  /** Counts a call of `key`: 0 while within the limit, else the seconds until its window ends (for Retry-After). */
  hit(key: string, now = Date.now()): number {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    if (start !== this.windowStart) {
      this.counts.clear();
      this.windowStart = start;
    }
    const counted = this.counts.has(key) || this.counts.size < this.maxKeys ? key : '(others)';
    const count = (this.counts.get(counted) ?? 0) + 1;
    this.counts.set(counted, count);
    return count > this.limit ? Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)) : 0;
  }
}
