import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/query.ts';
import { isRetryableConflict, transaction, TRANSACTION_ATTEMPTS } from '../src/db/transaction.ts';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { createTestDatabase, onPostgres } from './helpers.ts';

/**
 * Issue 31's one unexplained 500 (decision 145): two transactions that lock the same rows in opposite order end in a
 * deadlock, and PostgreSQL fails one of them with 40P01, which the entries used to answer with a 500. A transaction of
 * its own is now run again (db/transaction.ts), and should the conflict outlast its runs the entries answer 503.
 * PostgreSQL only: PGlite has one connection, so nothing waits on anything.
 */
describe.skipIf(!onPostgres)('a deadlock between two transactions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Both lock their first row, wait for each other, then ask for the other's row: a cycle PostgreSQL must break. */
  async function crossing(runs: number[]) {
    let arrived = 0;
    let release: () => void = () => {};
    const bothHoldTheirFirstRow = new Promise<void>((resolve) => (release = resolve));
    const writer = (k: 0 | 1, first: number, second: number) =>
      transaction(database.db, async (tx) => {
        runs[k]! += 1;
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
        if (runs[k] === 1) {
          arrived += 1;
          if (arrived === 2) release();
          await bothHoldTheirFirstRow;
        }
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${second}`);
        return k;
      });
    return Promise.allSettled([writer(0, 1, 2), writer(1, 2, 1)]);
  }

  it('is run again, and both writes are saved once', async () => {
    const runs = [0, 0];
    const results = await crossing(runs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of them was chosen as the victim and ran a second time; the other ran once.
    expect([...runs].sort()).toEqual([1, 2]);
    const counts = await rows<{ id: number; n: number }>(database.db, sql`SELECT id, n FROM deadlock_probe ORDER BY id`);
    expect(counts).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('counts as "try again shortly" (503), not as a fault, once it outlasts the runs', async () => {
    let seen: unknown;
    let runs = 0;
    // A conflict on every run: the caller gets the last one, after TRANSACTION_ATTEMPTS runs.
    await transaction(database.db, async () => {
      runs += 1;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    }).catch((error: unknown) => (seen = error));
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(isRetryableConflict(seen)).toBe(true);
    expect(isDatabaseUnavailable(seen)).toBe(true);
    // Any other failure is not run again.
    runs = 0;
    await transaction(database.db, async () => {
      runs += 1;
      throw Object.assign(new Error('unique violation'), { code: '23505' });
    }).catch(() => {});
    expect(runs).toBe(1);
  });
});
