import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RewardFormValues } from '@hibi/contract/console/points';
import type { ShippingAddressInput } from '@hibi/contract/functions/points';
import { tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { transaction } from '../../db/transaction.ts';
import { runMaintenance } from '../../maintenance.ts';
import { postEntry } from './ledger.ts';

/**
 * The exchange through the real entries (issue 58, docs/requirements/points.md#points-exchange): the catalogue and a
 * campaign by the office, applications that take stock and points together (or nothing), addresses normalised or
 * refused, the export, shipping, cancelling with the refund, and the address gone 90 days after shipping.
 */
const at = (day: string, hour = 12) => new Date(tokyoDayStart(day) + hour * 3_600_000);
let clock = at('2027-01-10');
const now = () => clock;
async function move(to: Date) {
  clock = to;
  await t.database.db.execute(
    sql`UPDATE operator_sessions SET created_at = least(created_at, ${to.toISOString()}::timestamptz), last_used_at = ${to.toISOString()}::timestamptz,
          expires_at = ${to.toISOString()}::timestamptz + interval '1 day'`,
  );
  await t.database.db.execute(
    sql`UPDATE sessions SET expires_at = ${to.toISOString()}::timestamptz + interval '30 days', last_used_at = ${to.toISOString()}::timestamptz`,
  );
}
let t: TestApp;
const tok = {} as Record<'owner' | 'editor' | 'support' | 'company', string>;
let rich: MemberFixture;
let poor: MemberFixture;
let other: MemberFixture;
const reward = {} as Record<'physical' | 'digital' | 'campaignOnly' | 'later' | 'empty' | 'draft', number>;
let campaignID = 0;

const db = () => t.database.db;
const count = async (table: string) => Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);
const stockOf = async (id: number) => Number((await rows<{ stock: number }>(db(), sql`SELECT stock FROM rewards WHERE id = ${id}`))[0]!.stock);
const entries = async (userId: number) =>
  rows<{ amount: number; reason: string; idempotency_key: string }>(
    db(),
    sql`SELECT amount, reason, idempotency_key FROM point_entries WHERE user_id = ${userId} ORDER BY id`,
  );
async function give(userId: number, amount: number) {
  await transaction(db(), async (tx) => {
    const r = await postEntry(tx, { userId, amount, reason: 'adjustment', params: { note: 'test' }, key: `test:${userId}:${amount}`, at: clock });
    expect(r.ok).toBe(true);
  });
}
const address = (over: Partial<ShippingAddressInput> = {}): ShippingAddressInput => ({
  postalCode: '１００－０００１',
  prefecture: 13,
  line1: '千代田区千代田1-1',
  line2: 'ひびビル 3F',
  name: '日比 花子',
  phone: '090-1234-5678',
  ...over,
});
const rewardForm = (over: Partial<RewardFormValues> = {}): RewardFormValues => ({
  name: { ja: 'ステンレスボトル', en: 'Steel bottle' },
  description: { ja: '保温・保冷のボトルです。', en: 'Keeps drinks hot or cold.' },
  kind: 'physical',
  points: 300,
  stock: 5,
  availableFrom: '2027-03-01',
  availableTo: '2027-03-31',
  published: true,
  ...over,
});

beforeAll(async () => {
  // The demo seed runs at 2027-01-10 (its own catalogue and campaign); this suite's catalogue is two months later.
  t = await createTestApp({ now });
  await move(at('2027-02-20'));
  tok.owner = await t.operatorToken('owner@example.com');
  tok.editor = await t.operatorToken('editor@example.com');
  tok.support = await t.operatorToken('support@example.com');
  tok.company = await t.operatorToken('hr@example.com');
  const tenant = await createTenant(db());
  rich = await createMember(db(), { tenantId: tenant, now: clock });
  poor = await createMember(db(), { tenantId: tenant, now: clock });
  other = await createMember(db(), { tenantId: tenant, now: clock });
  await give(rich.id, 1000);
  await give(poor.id, 50);
  await give(other.id, 1000);
}, 180_000);
afterAll(async () => t?.close());

describe('the demo seed (seed/exchange.ts)', () => {
  it('a round of 25 questions over 5 genres, 6 rewards, a campaign, and member@example.com’s answers and application', async () => {
    const [round] = await rows<{ questions: number; genres: number; linked: number }>(
      db(),
      sql`SELECT count(*)::int AS questions, count(DISTINCT genre)::int AS genres, count(article_id)::int AS linked FROM quiz_questions`,
    );
    expect(round).toEqual({ questions: 25, genres: 5, linked: 1 });
    expect(await count('rewards')).toBe(6);
    expect(await count('reward_campaigns')).toBe(1);
    const [member] = await rows<{ answers: number; applications: number; balance: number; sum: number }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM quiz_answers a WHERE a.user_id = u.id) AS answers,
                 (SELECT count(*)::int FROM reward_applications a WHERE a.user_id = u.id AND a.postal_code = '100-0001') AS applications,
                 (SELECT balance FROM point_balances b WHERE b.user_id = u.id) AS balance,
                 (SELECT sum(amount)::int FROM point_entries e WHERE e.user_id = u.id) AS sum
            FROM users u WHERE u.email = 'member@example.com'`,
    );
    expect(member).toMatchObject({ answers: 2, applications: 1 });
    expect(member!.balance).toBe(member!.sum);
  });
});

describe('the office’s catalogue and campaign', () => {
  it('saves rewards; refuses an end before the start and an unknown image; support and company operators cannot write', async () => {
    expect((await t.consoleCall('saveReward', rewardForm({ availableTo: '2027-02-01' }), { token: tok.editor })).body.errorCode).toBe(
      'endBeforeStart',
    );
    expect(
      (await t.consoleCall('saveReward', rewardForm({ imageID: 999_999, imageAlt: { ja: '写真' } }), { token: tok.editor })).body.errorCode,
    ).toBe('imageUnknown');
    expect((await t.consoleCall('saveReward', rewardForm(), { token: tok.support })).status).toBe(403);
    expect((await t.consoleCall('saveReward', rewardForm(), { token: tok.company })).status).toBe(403);
    const before = await count('rewards');
    expect((await t.consoleRaw('saveReward', rewardForm({ name: { ja: 'a\u0000b' } }), { token: tok.editor })).status).toBe(400);
    expect((await t.consoleRaw('saveReward', rewardForm({ stock: -1 }), { token: tok.editor })).status).toBe(400);
    expect(await count('rewards')).toBe(before);
    const save = async (form: RewardFormValues) => {
      const res = await t.consoleCall('saveReward', form, { token: tok.editor });
      expect(res.body.succeed, JSON.stringify(res.body)).toBe(true);
      return res.body.rewardID;
    };
    reward.physical = await save(rewardForm());
    reward.digital = await save(
      rewardForm({ name: { ja: 'デジタルギフト 500円分' }, kind: 'digital', points: 100, stock: 3, availableFrom: null, availableTo: null }),
    );
    reward.campaignOnly = await save(rewardForm({ name: { ja: 'キャンペーン限定タオル' }, points: 200, campaignOnly: true }));
    reward.later = await save(rewardForm({ name: { ja: '春のギフト' }, availableFrom: '2027-04-01', availableTo: null }));
    reward.empty = await save(rewardForm({ name: { ja: '品切れの景品' }, kind: 'digital', stock: 0, points: 10 }));
    reward.draft = await save(rewardForm({ name: { ja: '下書き' }, published: false }));
    const list = await t.consoleCall('listConsoleRewards', { perPage: 100 }, { token: tok.support });
    expect(list.body.rewards.find((r) => r.rewardID === reward.physical)).toMatchObject({ stock: 5, points: 300, applications: 0, published: true });
  });

  it('saves a campaign; refuses overlaps, unknown or repeated rewards and an end before the start', async () => {
    const form = {
      name: { ja: '春の交換キャンペーン', en: 'Spring exchange campaign' },
      startDate: '2027-03-05',
      endDate: '2027-03-20',
      items: [
        { rewardID: reward.physical, points: 250 },
        { rewardID: reward.campaignOnly, points: null },
      ],
    };
    expect((await t.consoleCall('saveCampaign', { ...form, endDate: '2027-03-01' }, { token: tok.editor })).body.errorCode).toBe('endBeforeStart');
    expect(
      (await t.consoleCall('saveCampaign', { ...form, items: [{ rewardID: 999_999, points: null }] }, { token: tok.editor })).body.errorCode,
    ).toBe('rewardUnknown');
    expect(
      (await t.consoleCall('saveCampaign', { ...form, items: [form.items[0]!, { rewardID: reward.physical, points: 100 }] }, { token: tok.editor }))
        .body.errorCode,
    ).toBe('rewardDuplicate');
    const saved = await t.consoleCall('saveCampaign', form, { token: tok.editor });
    expect(saved.body.succeed, JSON.stringify(saved.body)).toBe(true);
    campaignID = saved.body.campaignID;
    expect(
      (await t.consoleCall('saveCampaign', { ...form, startDate: '2027-03-20', endDate: '2027-03-25' }, { token: tok.owner })).body.errorCode,
    ).toBe('campaignsOverlap');
    const list = await t.consoleCall('listCampaigns', {}, { token: tok.support });
    expect(list.body.campaigns.find((c) => c.campaignID === campaignID)?.items).toEqual([
      { rewardID: reward.physical, name: { ja: 'ステンレスボトル', en: 'Steel bottle' }, points: 250, regularPoints: 300 },
      { rewardID: reward.campaignOnly, name: { ja: 'キャンペーン限定タオル', en: null }, points: null, regularPoints: 200 },
    ]);
  });
});

describe('members apply', () => {
  it('the catalogue of the day: the campaign’s prices and items, nothing out of dates, unpublished or campaign-only outside it', async () => {
    await move(at('2027-03-10', 10));
    const res = await t.call('listRewards', { locale: 'en' }, rich.token);
    const ids = res.body.rewards.map((r) => r.rewardID);
    expect(ids).toEqual(expect.arrayContaining([reward.physical, reward.digital, reward.campaignOnly, reward.empty]));
    expect(ids).not.toContain(reward.later);
    expect(ids).not.toContain(reward.draft);
    expect(res.body.rewards.find((r) => r.rewardID === reward.physical)).toMatchObject({
      name: 'Steel bottle',
      points: 250,
      regularPoints: 300,
      stock: 5,
      campaignID,
      availableTo: '2027-03-31',
    });
    expect(res.body.rewards.find((r) => r.rewardID === reward.campaignOnly)).toMatchObject({
      points: 200,
      regularPoints: null,
      availableTo: '2027-03-20',
    });
    expect(res.body.campaign).toEqual({ campaignID, name: 'Spring exchange campaign', endDate: '2027-03-20' });
    expect(res.body.balance).toBe(1000);
  });

  it('refuses a malformed postal code or phone with a clear message, writing nothing', async () => {
    const before = await count('reward_applications');
    const postal = await t.callRaw('applyForReward', { rewardID: reward.physical, address: address({ postalCode: '100-001' }) }, rich.token);
    expect(postal.status).toBe(400);
    expect(postal.body.validationErrorMessage?.join(' ')).toContain('郵便番号は7桁');
    const phone = await t.callRaw('applyForReward', { rewardID: reward.physical, address: address({ phone: '12-3456' }), locale: 'en' }, rich.token);
    expect(phone.status).toBe(400);
    expect(phone.body.validationErrorMessage?.join(' ')).toContain('10 or 11 digits');
    const nul = await t.callRaw('applyForReward', { rewardID: reward.physical, address: address({ line1: 'a\u0000b' }) }, rich.token);
    expect(nul.status).toBe(400);
    expect(await count('reward_applications')).toBe(before);
    expect(await stockOf(reward.physical)).toBe(5);
    expect((await entries(rich.id)).length).toBe(1);
  });

  it('a physical reward with a full-width postal code: normalised, stock and points taken together, the estimate', async () => {
    expect((await t.call('applyForReward', { rewardID: reward.physical }, rich.token)).body.errorCode).toBe('addressRequired');
    const res = await t.call('applyForReward', { rewardID: reward.physical, address: address() }, rich.token);
    expect(res.body).toMatchObject({ succeed: true, points: 250, balance: 750, estimate: { month: '2027-04', part: 'mid' } });
    const [row] = await rows<Record<string, unknown>>(
      db(),
      sql`SELECT postal_code, prefecture::int AS prefecture, line1, line2, name, phone, points, status, campaign_id FROM reward_applications WHERE id = ${res.body.applicationID}`,
    );
    expect(row).toEqual({
      postal_code: '100-0001',
      prefecture: 13,
      line1: '千代田区千代田1-1',
      line2: 'ひびビル 3F',
      name: '日比 花子',
      phone: '09012345678',
      points: 250,
      status: 'applied',
      campaign_id: campaignID,
    });
    expect(await stockOf(reward.physical)).toBe(4);
    expect((await entries(rich.id)).at(-1)).toEqual({ amount: -250, reason: 'exchange', idempotency_key: `exchange:${res.body.applicationID}` });
  });

  it('a digital reward takes no address', async () => {
    expect((await t.call('applyForReward', { rewardID: reward.digital, address: address() }, rich.token)).body.errorCode).toBe('addressNotAllowed');
    const res = await t.call('applyForReward', { rewardID: reward.digital }, rich.token);
    expect(res.body).toMatchObject({ succeed: true, points: 100, balance: 650 });
  });

  it('points short, out of dates, out of stock, unknown or unpublished: nothing is written', async () => {
    const before = { apps: await count('reward_applications'), stock: await stockOf(reward.physical), entries: (await entries(poor.id)).length };
    expect((await t.call('applyForReward', { rewardID: reward.physical, address: address() }, poor.token)).body.errorCode).toBe('pointsShort');
    expect((await t.call('applyForReward', { rewardID: reward.later, address: address() }, rich.token)).body.errorCode).toBe('notAvailable');
    expect((await t.call('applyForReward', { rewardID: reward.empty }, rich.token)).body.errorCode).toBe('outOfStock');
    expect((await t.call('applyForReward', { rewardID: reward.draft, address: address() }, rich.token)).body.errorCode).toBe('notFound');
    expect((await t.call('applyForReward', { rewardID: 999_999 }, rich.token)).body.errorCode).toBe('notFound');
    expect(await count('reward_applications')).toBe(before.apps);
    expect(await stockOf(reward.physical)).toBe(before.stock);
    expect((await entries(poor.id)).length).toBe(before.entries);
  });

  it('a member sees their own applications only, with the first address line while it is held', async () => {
    const mine = await t.call('listMyApplications', { locale: 'en' }, rich.token);
    expect(mine.body.total).toBe(2);
    expect(mine.body.applications.map((a) => [a.rewardName, a.shipTo, a.status])).toEqual([
      ['デジタルギフト 500円分', null, 'applied'],
      ['Steel bottle', '東京都千代田区千代田1-1', 'applied'],
    ]);
    const theirs = await t.call('listMyApplications', {}, other.token);
    expect(theirs.body).toMatchObject({ applications: [], total: 0 });
  });
});

describe('the office ships and cancels', () => {
  const ids = {} as Record<'physical' | 'digital', number>;
  it('lists applications with filters; addresses are in the export only (CSV with BOM); support cannot export', async () => {
    const list = await t.consoleCall('listRewardApplications', { status: 'applied', perPage: 100 }, { token: tok.support });
    const mine = list.body.applications.filter((a) => a.memberID === rich.id);
    expect(mine.map((a) => a.kind).sort()).toEqual(['digital', 'physical']);
    ids.physical = mine.find((a) => a.kind === 'physical')!.applicationID;
    ids.digital = mine.find((a) => a.kind === 'digital')!.applicationID;
    expect(mine.find((a) => a.kind === 'physical')).toMatchObject({ hasAddress: true, points: 250, estimate: { month: '2027-04', part: 'mid' } });
    expect(JSON.stringify(list.body)).not.toContain('千代田区');
    const one = await t.consoleCall('listRewardApplications', { rewardID: reward.digital }, { token: tok.support });
    expect(one.body.applications.map((a) => a.applicationID)).toEqual([ids.digital]);
    expect((await t.consoleCall('exportRewardApplications', {}, { token: tok.support })).status).toBe(403);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportRewardApplications',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.editor}` },
      payload: JSON.stringify({ rewardID: reward.physical }),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\ufeff')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('100-0001,東京都,千代田区千代田1-1,ひびビル 3F,日比 花子,09012345678');
    expect(lines[1]).toContain('2027-04 中旬 (mid)');
  });

  it('cancelling gives the points and the unit back, once; a shipped one cannot be cancelled', async () => {
    const stock = await stockOf(reward.digital);
    const res = await t.consoleCall('cancelRewardApplication', { applicationID: ids.digital }, { token: tok.editor });
    expect(res.body).toMatchObject({ succeed: true, balance: 750 });
    expect(await stockOf(reward.digital)).toBe(stock + 1);
    expect((await entries(rich.id)).at(-1)).toEqual({
      amount: 100,
      reason: 'exchangeCancelled',
      idempotency_key: `exchangeCancelled:${ids.digital}`,
    });
    // The member's ledger names the reward in their language (English falls back to the Japanese name).
    const ledger = await t.call('getPoints', { locale: 'en' }, rich.token);
    expect(ledger.body.entries[0]!.label).toBe('Exchange cancelled: デジタルギフト 500円分');
    expect(ledger.body.entries.map((e: { label: string }) => e.label)).toContain('Exchange: Steel bottle');
    expect((await t.consoleCall('cancelRewardApplication', { applicationID: ids.digital }, { token: tok.editor })).body.errorCode).toBe(
      'alreadyCancelled',
    );
    expect((await t.consoleCall('cancelRewardApplication', { applicationID: 999_999 }, { token: tok.editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('cancelRewardApplication', { applicationID: ids.physical }, { token: tok.support })).status).toBe(403);
    const shipped = await t.consoleCall('markApplicationsShipped', { applicationIDs: [ids.physical, ids.digital, 999_999] }, { token: tok.editor });
    expect(shipped.body).toMatchObject({ succeed: true, shipped: 1, skipped: 2 });
    expect((await t.consoleCall('cancelRewardApplication', { applicationID: ids.physical }, { token: tok.editor })).body.errorCode).toBe(
      'alreadyShipped',
    );
    const mine = await t.call('listMyApplications', {}, rich.token);
    expect(mine.body.applications.map((a) => a.status)).toEqual(['cancelled', 'shipped']);
  });

  it('the address is deleted 90 days after shipping (maintenance), not before', async () => {
    await move(new Date(clock.getTime() + 89 * 86_400_000));
    await runMaintenance(db(), clock, { outboxRetentionDays: 7 });
    expect((await t.call('listMyApplications', {}, rich.token)).body.applications[1]!.shipTo).toBe('東京都千代田区千代田1-1');
    await move(new Date(clock.getTime() + 2 * 86_400_000));
    await runMaintenance(db(), clock, { outboxRetentionDays: 7 });
    const [row] = await rows<Record<string, unknown>>(
      db(),
      sql`SELECT postal_code, prefecture, line1, line2, name, phone, address_deleted_at IS NOT NULL AS deleted FROM reward_applications WHERE id = ${ids.physical}`,
    );
    expect(row).toEqual({ postal_code: null, prefecture: null, line1: null, line2: null, name: null, phone: null, deleted: true });
    expect((await t.call('listMyApplications', {}, rich.token)).body.applications[1]!.shipTo).toBeNull();
    const list = await t.consoleCall('listRewardApplications', { status: 'shipped' }, { token: tok.support });
    expect(list.body.applications.find((a) => a.applicationID === ids.physical)?.hasAddress).toBe(false);
  });

  it('every balance is the sum of its entries; company operators see none of it', async () => {
    const bad = await rows<{ user_id: number }>(
      db(),
      sql`SELECT b.user_id FROM point_balances b LEFT JOIN (SELECT user_id, sum(amount)::int AS s FROM point_entries GROUP BY user_id) e ON e.user_id = b.user_id
           WHERE b.balance <> coalesce(e.s, 0)`,
    );
    expect(bad).toEqual([]);
    for (const name of ['listConsoleRewards', 'listCampaigns', 'listRewardApplications'] as const)
      expect((await t.consoleCall(name, {}, { token: tok.company })).status, name).toBe(403);
  });
});
