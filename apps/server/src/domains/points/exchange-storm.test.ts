import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, onPostgres, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { transaction } from '../../db/transaction.ts';
import { postEntry } from './ledger.ts';

/**
 * Stock under a storm (docs/requirements/points.md#points-exchange): 50 members with enough points apply at once for a
 * reward of stock 10; exactly 10 applications are written, stock ends at 0 (never below), the other 40 are told
 * outOfStock with nothing written, and every ledger balance still equals the sum of its entries. PostgreSQL only: PGlite
 * runs one statement at a time, so nothing would be concurrent there.
 */
const clock = new Date(tokyoDayStart('2027-03-10') + 12 * 3_600_000);
let t: TestApp;
const members: MemberFixture[] = [];
let rewardID = 0;

describe.skipIf(!onPostgres)('applications for the last units at once (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, seed: true });
    const db = t.database.db;
    const tenant = await createTenant(db);
    for (let i = 0; i < 50; i++) {
      const m = await createMember(db, { tenantId: tenant, now: clock });
      await transaction(db, (tx) =>
        postEntry(tx, { userId: m.id, amount: 1000, reason: 'adjustment', params: { note: 'storm' }, key: `storm:${m.id}`, at: clock }),
      );
      members.push(m);
    }
    const editor = await t.operatorToken('editor@example.com');
    const saved = await t.consoleCall(
      'saveReward',
      {
        name: { ja: '限定10個のギフト' },
        description: { ja: '先着順です。' },
        kind: 'digital',
        points: 300,
        stock: 10,
        availableFrom: null,
        availableTo: null,
        published: true,
      },
      { token: editor },
    );
    expect(saved.body.succeed).toBe(true);
    rewardID = saved.body.rewardID;
  }, 180_000);
  afterAll(async () => t?.close());

  it('exactly the stock is given, the rest are outOfStock, and the ledger adds up', async () => {
    const answers = await Promise.all(members.map((m) => t.call('applyForReward', { rewardID }, m.token)));
    const ok = answers.filter((a) => a.body.succeed);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.body.errorCode === 'outOfStock')).toHaveLength(40);
    const db = t.database.db;
    const [reward] = await rows<{ stock: number }>(db, sql`SELECT stock FROM rewards WHERE id = ${rewardID}`);
    expect(reward!.stock).toBe(0);
    const [apps] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reward_applications WHERE reward_id = ${rewardID}`);
    expect(apps!.n).toBe(10);
    const [spent] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM point_entries WHERE reason = 'exchange' AND (params->>'rewardID')::int = ${rewardID}`,
    );
    expect(spent!.n).toBe(10);
    const bad = await rows<{ user_id: number }>(
      db,
      sql`SELECT b.user_id FROM point_balances b
            LEFT JOIN (SELECT user_id, sum(amount)::int AS s FROM point_entries GROUP BY user_id) e ON e.user_id = b.user_id
            LEFT JOIN LATERAL (SELECT balance_after FROM point_entries x WHERE x.user_id = b.user_id ORDER BY x.id DESC LIMIT 1) l ON true
           WHERE b.balance <> coalesce(e.s, 0) OR b.balance <> coalesce(l.balance_after, 0)`,
    );
    expect(bad).toEqual([]);
    const ids = members.map((m) => m.id);
    const balances = await rows<{ balance: number }>(db, sql`SELECT balance FROM point_balances WHERE user_id = ANY(${`{${ids.join(',')}}`}::int[])`);
    expect(balances.filter((b) => b.balance === 700)).toHaveLength(10);
    expect(balances.filter((b) => b.balance === 1000)).toHaveLength(40);
  });
});
