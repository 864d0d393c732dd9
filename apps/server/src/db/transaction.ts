import type { Db } from './client.ts';
import { causeChain } from './unavailable.ts';

/**
 * SQLSTATEs after which the same transaction, run again, may well succeed: 40P01 deadlock_detected (PostgreSQL chose
 * this transaction to break a cycle of waits) and 40001 serialization_failure.
 */
const RETRY_STATES = new Set(['40P01', '40001']);
/** Runs of a transaction in all, the first included, before its failure goes to the caller. */
export const TRANSACTION_ATTEMPTS = 3;

/** Whether an error (or any error it was caused by: drizzle wraps the driver's) is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRY_STATES.has(code)) return true;
  }
  return false;
}

/**
 * Runs `fn` in one transaction (a savepoint when `db` is a transaction already) and hands it the transaction typed as
 * the one Db type. Services hold the transactions (docs/decisions/083-data-modules.md): they write
 * `transaction(db, async (tx) => ...)` and pass `tx` to their data module's functions.
 *
 * A transaction of its own that PostgreSQL ends with a deadlock or a serialization failure has changed nothing, and is
 * run again, up to TRANSACTION_ATTEMPTS times in all, after a short random pause (two members' uploads, or two
 * writers of one insights cell, that met in opposite order). `fn` must therefore touch nothing but the database. A
 * savepoint is not retried: the outer transaction still holds its locks, so its own caller's run decides. Should the
 * last run fail too, the entries answer 503 `serviceUnavailable` (db/unavailable.ts): try again shortly.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return retryConflicts(db, () => db.transaction((tx) => fn(tx as unknown as Db)));
}

/**
 * Runs `run` (one transaction, or one statement that is its own) again after a deadlock or a serialization failure,
 * up to TRANSACTION_ATTEMPTS times in all, after a short random pause; as `transaction` above. Inside a transaction
 * (`db` is one), once: its own caller's run decides.
 */
export async function retryConflicts<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const nested = typeof (db as { rollback?: unknown }).rollback === 'function';
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (nested || attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
