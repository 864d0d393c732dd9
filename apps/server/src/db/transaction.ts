import type { Db } from './client.ts';

/**
 * Runs `fn` in one transaction (a savepoint when `db` is a transaction already) and hands it the transaction typed as
 * the one Db type. Services hold the transactions (docs/decisions/083-data-modules.md): they write
 * `transaction(db, async (tx) => ...)` and pass `tx` to their data module's functions.
 */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
