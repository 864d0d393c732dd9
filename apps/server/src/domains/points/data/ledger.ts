// The points ledger (issue 58, docs/requirements/points.md#points-ledger, decision 188): the one way any domain writes
// points. An entry is appended under a lock on the member's balance row, so one member's entries are serialised and
// balance_after is exact; the idempotency key makes a retried award a no-op. Callers hold the transaction.
import { sql } from 'drizzle-orm';
import type { PointReason } from '@hibi/contract/functions/points';
import { POINTS_VALID_YEARS } from '@hibi/contract/functions/points';
import type { Db } from '../../../db/client.ts';
import { arrayParam, rows } from '../../../db/query.ts';

/** Reasons that count as an acquisition (they move the expiry) when positive. */
const ACQUISITIONS: ReadonlySet<PointReason> = new Set(['mission', 'stampCard', 'quiz', 'adjustment']);

export type PointParams = Record<string, string | number | null>;

export interface NewEntry {
  userId: number;
  /** Non-zero; negative takes points. */
  amount: number;
  reason: PointReason;
  params: PointParams;
  /** Unique over the whole ledger: the same key twice writes once (e.g. `quiz:<questionID>:<userId>`). */
  key: string;
  /** The app's clock (ctx.now()), never SQL's now(). */
  at: Date;
  /** The operator of an adjustment. */
  actor?: string | null;
}

export type PostResult =
  | { ok: true; entryId: number; balance: number; duplicate: boolean }
  /** The entry would take the balance below 0: nothing written. */
  | { ok: false; code: 'pointsShort'; balance: number };

/**
 * Appends an entry. Must run inside a transaction (the caller's: the points move together with what earned or spent
 * them). Locks the member's balance row first, then: a key already written answers `duplicate` with the current
 * balance and writes nothing; a balance that would go below 0 answers `pointsShort` and writes nothing.
 */
export async function postEntry(tx: Db, entry: NewEntry): Promise<PostResult> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`postEntry: bad amount ${entry.amount}`);
  await tx.execute(sql`INSERT INTO point_balances (user_id) VALUES (${entry.userId}) ON CONFLICT (user_id) DO NOTHING`);
  const [current] = await rows<{ balance: number }>(tx, sql`SELECT balance FROM point_balances WHERE user_id = ${entry.userId} FOR UPDATE`);
  const balance = current?.balance ?? 0;
  const [existing] = await rows<{ id: string }>(tx, sql`SELECT id::text FROM point_entries WHERE idempotency_key = ${entry.key}`);
  if (existing) return { ok: true, entryId: Number(existing.id), balance, duplicate: true };
  const after = balance + entry.amount;
  if (after < 0) return { ok: false, code: 'pointsShort', balance };
  const acquisition = entry.amount > 0 && ACQUISITIONS.has(entry.reason);
  const at = entry.at.toISOString();
  const [inserted] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO point_entries (user_id, amount, reason, params, idempotency_key, balance_after, acquisition, actor, created_at)
        VALUES (${entry.userId}, ${entry.amount}, ${entry.reason}, ${JSON.stringify(entry.params)}::jsonb, ${entry.key}, ${after},
                ${acquisition}, ${entry.actor ?? null}, ${at}::timestamptz)
        RETURNING id::text`,
  );
  const id = Number(inserted!.id);
  await tx.execute(
    acquisition
      ? sql`UPDATE point_balances SET balance = ${after}, last_entry_id = ${id}, last_acquired_at = ${at}::timestamptz,
                   notified_30 = false, notified_7 = false
             WHERE user_id = ${entry.userId}`
      : sql`UPDATE point_balances SET balance = ${after}, last_entry_id = ${id} WHERE user_id = ${entry.userId}`,
  );
  return { ok: true, entryId: id, balance: after, duplicate: false };
}

/** A member's balance and last acquisition (0 and null for a member without entries). */
export async function balanceOf(db: Db, userId: number): Promise<{ balance: number; lastAcquiredAt: Date | null }> {
  const [row] = await rows<{ balance: number; last: number | null }>(
    db,
    sql`SELECT balance, (extract(epoch FROM last_acquired_at) * 1000)::float8 AS last FROM point_balances WHERE user_id = ${userId}`,
  );
  return { balance: row?.balance ?? 0, lastAcquiredAt: row?.last == null ? null : new Date(row.last) };
}

/**
 * The Tokyo day the whole balance expires: POINTS_VALID_YEARS after the Tokyo day of the last acquisition (the points
 * are gone from the start of that day). Null when there is nothing to expire.
 */
export function expiresOn(balance: number, lastAcquiredAt: Date | null): string | null {
  if (balance <= 0 || lastAcquiredAt === null) return null;
  const tokyo = new Date(lastAcquiredAt.getTime() + 9 * 3_600_000);
  const y = tokyo.getUTCFullYear() + POINTS_VALID_YEARS;
  const m = tokyo.getUTCMonth();
  // 29 February + 3 years is 1 March (the day after 28 February), never a day that does not exist.
  const d = new Date(Date.UTC(y, m, tokyo.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * Appends many entries in a few statements (the missions' batches, the expiry run): the same rules as postEntry, set
 * by set. Locks the members' balance rows in user order (two batches never deadlock), drops keys already written,
 * computes each entry's balance after in order, refuses (skips) an entry that would take a balance below 0, and
 * writes the rest in one INSERT and the balances in one UPDATE. Must run inside a transaction. Answers the entries
 * written, in order.
 */
export async function postMany(tx: Db, entries: readonly NewEntry[]): Promise<{ written: NewEntry[]; skipped: NewEntry[] }> {
  if (entries.length === 0) return { written: [], skipped: [] };
  for (const e of entries) if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`postMany: bad amount ${e.amount}`);
  const users = [...new Set(entries.map((e) => e.userId))].sort((a, b) => a - b);
  await tx.execute(
    sql`INSERT INTO point_balances (user_id) SELECT u FROM unnest(${arrayParam(users, 'int')}) AS u ORDER BY u ON CONFLICT (user_id) DO NOTHING`,
  );
  const locked = await rows<{ user_id: number; balance: number }>(
    tx,
    sql`SELECT user_id, balance FROM point_balances WHERE user_id = ANY(${arrayParam(users, 'int')}) ORDER BY user_id FOR UPDATE`,
  );
  const balance = new Map(locked.map((r) => [Number(r.user_id), Number(r.balance)]));
  const existing = new Set(
    (
      await rows<{ k: string }>(
        tx,
        sql`SELECT idempotency_key AS k FROM point_entries
             WHERE idempotency_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(entries.map((e) => e.key))}::jsonb))`,
      )
    ).map((r) => r.k),
  );
  const written: NewEntry[] = [];
  const skipped: NewEntry[] = [];
  const after: number[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    if (existing.has(e.key) || seen.has(e.key)) continue;
    const next = (balance.get(e.userId) ?? 0) + e.amount;
    if (next < 0) {
      skipped.push(e);
      continue;
    }
    seen.add(e.key);
    balance.set(e.userId, next);
    written.push(e);
    after.push(next);
  }
  if (written.length === 0) return { written, skipped };
  const payload = JSON.stringify(
    written.map((e, i) => ({
      u: e.userId,
      a: e.amount,
      r: e.reason,
      p: e.params,
      k: e.key,
      b: after[i],
      q: e.amount > 0 && ACQUISITIONS.has(e.reason),
      o: e.actor ?? null,
      t: e.at.toISOString(),
      n: i,
    })),
  );
  await tx.execute(
    sql`WITH src AS (
          SELECT * FROM jsonb_to_recordset(${payload}::jsonb) AS x(u int, a int, r text, p jsonb, k text, b int, q boolean, o text, t timestamptz, n int)
        ), ins AS (
          INSERT INTO point_entries (user_id, amount, reason, params, idempotency_key, balance_after, acquisition, actor, created_at)
          SELECT u, a, r, p, k, b, q, o, t FROM src ORDER BY n
          RETURNING id, user_id, balance_after, acquisition, created_at
        ), last AS (
          SELECT DISTINCT ON (user_id) user_id, id, balance_after FROM ins ORDER BY user_id, id DESC
        ), acq AS (
          SELECT user_id, max(created_at) AS at FROM ins WHERE acquisition GROUP BY user_id
        )
        UPDATE point_balances b
           SET balance = last.balance_after, last_entry_id = last.id,
               last_acquired_at = coalesce(acq.at, b.last_acquired_at),
               notified_30 = CASE WHEN acq.at IS NULL THEN b.notified_30 ELSE false END,
               notified_7 = CASE WHEN acq.at IS NULL THEN b.notified_7 ELSE false END
          FROM last LEFT JOIN acq ON acq.user_id = last.user_id
         WHERE b.user_id = last.user_id`,
  );
  return { written, skipped };
}
