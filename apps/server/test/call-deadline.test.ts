import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../src/db/client.ts';
import { asOneCall, refusalOf } from '../src/db/deadline.ts';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { onPostgres } from './helpers.ts';

/**
 * A call's waits for connections end by its deadline (db/deadline.ts, decision 145's addendum): in the soak at ten
 * times the peak, a booking that waited for the pool once for its session, once for its transaction and again after
 * a deadlock answered after 25 s. PostgreSQL only (PGlite has no pool). The pool here has two connections, waits
 * 400 ms for one at most, and a call's deadline is 2 s after it came in.
 */
describe.skipIf(!onPostgres)('one call’s time for the database', () => {
  let database: Database;
  const limits = { acquireTimeoutMs: 400, statementTimeoutMs: 2000, lockTimeoutMs: 1000, idleInTransactionTimeoutMs: 10_000 };
  beforeAll(async () => {
    database = await openPostgres(process.env.TEST_DATABASE_URL!, 2, limits);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A transaction holding one connection of the pool until the returned function is called. */
  async function hold(): Promise<() => Promise<void>> {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const done = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      holding();
      await released;
    });
    await held;
    return async () => {
      release();
      await done;
    };
  }

  /** Holds both connections of the pool until the returned function is called. */
  async function holdEveryConnection(): Promise<() => Promise<void>> {
    const releases = [await hold(), await hold()];
    return async () => {
      await Promise.all(releases.map((release) => release()));
    };
  }

  /** Whether the call's own refusal is the error or its cause (drizzle wraps the driver's errors). */
  const refusedByDeadline = (error: unknown): boolean => refusalOf(error) !== null;
  const failureOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  };

  it('a call whose deadline has passed is refused at once when it would have to wait, and that is a 503', async () => {
    const release = await holdEveryConnection();
    try {
      const late = await failureOf(asOneCall(() => database.db.execute(sql`SELECT 1`), Date.now() - 2500));
      expect(refusedByDeadline(late)).toBe(true);
      expect(isDatabaseUnavailable(late)).toBe(true);
      // With 200 ms left, it waits those and no more: its own refusal, not the pool's 400 ms timeout.
      const nearlyLate = await failureOf(asOneCall(() => database.db.execute(sql`SELECT 1`), Date.now() - 1800));
      expect(refusedByDeadline(nearlyLate)).toBe(true);
      // A transaction asks for its connection the other way (connect() without a callback): the same rule.
      const lateTransaction = await failureOf(asOneCall(() => database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)), Date.now() - 2500));
      expect(refusedByDeadline(lateTransaction)).toBe(true);
      // A call with time left waits the pool's own bound; so does work outside any call (the loops).
      const early = await failureOf(asOneCall(() => database.db.execute(sql`SELECT 1`)));
      expect(refusedByDeadline(early)).toBe(false);
      expect(String(((early as Error).cause as Error | undefined)?.message ?? (early as Error).message)).toMatch(
        /timeout exceeded when trying to connect/,
      );
      expect(isDatabaseUnavailable(early)).toBe(true);
      const loop = await failureOf(database.db.execute(sql`SELECT 1`));
      expect(refusedByDeadline(loop)).toBe(false);
    } finally {
      await release();
    }
    // The connection handed to a call that had given up went back: the pool serves the next calls in full.
    const both = await Promise.all([0, 1, 2, 3].map(() => asOneCall(() => database.db.execute(sql`SELECT 2 AS n`))));
    expect(both).toHaveLength(4);
  });

  it('while the waits are long, a new call is refused at once, and a call under way still queues and finishes', async () => {
    // A call under way: it has had its first connection (and given it back) and will want a second.
    let goOn: () => void = () => {};
    const wantsMore = new Promise<void>((resolve) => (goOn = resolve));
    let firstDone: () => void = () => {};
    const hadOne = new Promise<void>((resolve) => (firstDone = resolve));
    const underWay = asOneCall(async () => {
      await database.db.execute(sql`SELECT 1`);
      firstDone();
      await wantsMore;
      return database.db.execute(sql`SELECT 5 AS n`);
    });
    await hadOne;

    const releaseFirst = await hold();
    const releaseSecond = await hold();
    // A new call queues while nobody has waited long yet, and gets its connection after some 250 ms.
    let releaseWaiter: () => void = () => {};
    const waiterReleased = new Promise<void>((resolve) => (releaseWaiter = resolve));
    let waiterHolds: () => void = () => {};
    const waiterHeld = new Promise<void>((resolve) => (waiterHolds = resolve));
    const waiter = asOneCall(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        waiterHolds();
        await waiterReleased;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await releaseFirst();
      await waiterHeld;

      // Both connections busy, the last wait long: a new call is refused at once, with its own reason.
      const newcomer = await failureOf(asOneCall(() => database.db.execute(sql`SELECT 1`)));
      expect(refusedByDeadline(newcomer)).toBe(true);
      expect(isDatabaseUnavailable(newcomer)).toBe(true);
      expect(String((newcomer as Error).cause ?? newcomer)).toMatch(/queue is long/);
      // The call under way queues for its second connection, and has it once one is free.
      goOn();
      await new Promise((resolve) => setTimeout(resolve, 50));
      releaseWaiter();
      await waiter;
      const answer = await underWay;
      expect((answer as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
    } finally {
      // Whatever failed above, every connection goes back, so the next test does not fail with this one.
      goOn();
      releaseWaiter();
      await Promise.allSettled([releaseFirst(), releaseSecond(), waiter, underWay]);
    }
    // Room again: new calls are served.
    const after = await asOneCall(() => database.db.execute(sql`SELECT 6 AS n`));
    expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(6);
  });

  it('a long call past its deadline still gets a free connection (an export reading in pages)', async () => {
    const answer = await asOneCall(() => database.db.execute(sql`SELECT 3 AS n`), Date.now() - 60_000);
    expect((answer as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    const inTransaction = await asOneCall(() => database.db.transaction(async (tx) => tx.execute(sql`SELECT 4 AS n`)), Date.now() - 60_000);
    expect((inTransaction as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });
});
