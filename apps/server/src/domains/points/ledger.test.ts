import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { transaction } from '../../db/transaction.ts';
import { balanceOf, expiresOn, postEntry } from './ledger.ts';

/** The ledger's own guarantees (docs/requirements/points.md#points-ledger): append-only, once per key, never below 0. */
const clock = new Date('2027-01-10T03:00:00Z');
let t: TestApp;
let member: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => clock });
  const tenant = await createTenant(t.database.db);
  member = (await createMember(t.database.db, { tenantId: tenant, now: clock })).id;
});
afterAll(async () => t.close());

describe('the ledger', () => {
  it('appends with the balance after, once per key, and never below 0', async () => {
    const db = t.database.db;
    const award = (key: string, amount: number) =>
      transaction(db, (tx) =>
        postEntry(tx, { userId: member, amount, reason: 'quiz', params: { questionID: 1, day: '2027-01-10' }, key, at: clock }),
      );
    expect(await award('a', 100)).toMatchObject({ ok: true, balance: 100, duplicate: false });
    expect(await award('a', 100)).toMatchObject({ ok: true, balance: 100, duplicate: true });
    const spend = await transaction(db, (tx) =>
      postEntry(tx, { userId: member, amount: -150, reason: 'exchange', params: { applicationID: 1, rewardID: 1 }, key: 'b', at: clock }),
    );
    expect(spend).toEqual({ ok: false, code: 'pointsShort', balance: 100 });
    const entries = await rows<{ n: number; sum: number }>(
      db,
      sql`SELECT count(*)::int AS n, sum(amount)::int AS sum FROM point_entries WHERE user_id = ${member}`,
    );
    expect(entries[0]).toEqual({ n: 1, sum: 100 });
    expect(await balanceOf(db, member)).toEqual({ balance: 100, lastAcquiredAt: clock });
    expect(expiresOn(100, clock)).toBe('2030-01-10');
    expect(expiresOn(0, clock)).toBeNull();
  });

  it('refuses UPDATE, DELETE and TRUNCATE, but lets a deleted member take their entries', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`UPDATE point_entries SET amount = 5`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM point_entries`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE point_entries`)).rejects.toThrow();
    await db.execute(sql`DELETE FROM users WHERE id = ${member}`);
    const left = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM point_entries WHERE user_id = ${member}`);
    expect(left[0]!.n).toBe(0);
  });
});
