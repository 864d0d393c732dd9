import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { MissionFormValues } from '@hibi/contract/console/points';
import { POINT_ENTRIES_PAGE, STAMP_CARD_BONUS } from '@hibi/contract/functions/points';
import { addDays, tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { transaction } from '../../db/transaction.ts';
import * as data from './data/points.ts';
import { expiresOn, postEntry, postMany, type NewEntry } from './ledger.ts';
import { evaluateMonth } from './missions.ts';
import { runNightlyCheck, runPoints } from './service.ts';

/**
 * The ledger as members and the office use it, expiry and void, the nightly check, and missions with the stamp card,
 * through the real entries (issue 58, docs/requirements/points.md, decision 188).
 */
const at = (day: string, hour = 12) => new Date(tokyoDayStart(day) + hour * 3_600_000);
let clock = at('2027-01-10');
const now = () => clock;
let t: TestApp;
const tok = {} as Record<'owner' | 'editor' | 'support' | 'company', string>;
let tenant: number;
const db = () => t.database.db;
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db(), q))[0]!.n);

/** Moves the app's clock; sessions move with it. */
async function move(to: Date) {
  clock = to;
  await db().execute(
    sql`UPDATE operator_sessions SET created_at = least(created_at, ${to.toISOString()}::timestamptz), last_used_at = ${to.toISOString()}::timestamptz,
          expires_at = ${to.toISOString()}::timestamptz + interval '1 day'`,
  );
  await db().execute(
    sql`UPDATE sessions SET expires_at = ${to.toISOString()}::timestamptz + interval '30 days', last_used_at = ${to.toISOString()}::timestamptz`,
  );
}

const award = (userId: number, amount: number, key: string, when = clock) =>
  transaction(db(), (tx) => postEntry(tx, { userId, amount, reason: 'quiz', params: { questionID: 1, day: '2027-01-10' }, key, at: when }));

const errors: unknown[] = [];
const log = { error: (obj: object) => void errors.push(obj) };

beforeAll(async () => {
  t = await createTestApp({ now });
  tok.owner = await t.operatorToken('owner@example.com');
  tok.editor = await t.operatorToken('editor@example.com');
  tok.support = await t.operatorToken('support@example.com');
  tok.company = await t.operatorToken('hr@example.com');
  tenant = await createTenant(db());
}, 180_000);
afterAll(async () => t?.close());

describe('demo content', () => {
  it("gives member@example.com a history, this month's missions with some completed, and a stamp card bonus", async () => {
    const token = await t.login('member@example.com');
    const points = (await t.call('getPoints', {}, token)).body;
    expect(points.succeed).toBe(true);
    expect(points.balance).toBeGreaterThan(0);
    const reasons = new Set(points.entries.map((e) => e.reason));
    for (const r of ['mission', 'quiz', 'adjustment', 'stampCard']) expect(reasons, r).toContain(r);
    const missions = (await t.call('getMissions', {}, token)).body;
    expect(missions.missions.length).toBe(6);
    const done = missions.missions.filter((m) => m.completed).length;
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThanOrEqual(3);
    expect(missions.cardsCompleted).toBe(1);
  });
});

describe('the ledger for members', () => {
  let a: MemberFixture;
  let b: MemberFixture;
  beforeAll(async () => {
    a = await createMember(db(), { tenantId: tenant, now: clock });
    b = await createMember(db(), { tenantId: tenant, now: clock });
    for (let i = 1; i <= POINT_ENTRIES_PAGE + 5; i++) await award(a.id, i, `test:a:${i}`);
    await award(b.id, 7, 'test:b:1');
  });

  it('pages newest first by cursor and labels each entry in the caller language', async () => {
    const first = (await t.call('getPoints', {}, a.token)).body;
    expect(first.balance).toBe(((POINT_ENTRIES_PAGE + 5) * (POINT_ENTRIES_PAGE + 6)) / 2);
    expect(first.expiresOn).toBe('2030-01-10');
    expect(first.entries).toHaveLength(POINT_ENTRIES_PAGE);
    expect(first.entries[0]!.amount).toBe(POINT_ENTRIES_PAGE + 5);
    expect(first.entries[0]!.label).toBe('健康クイズ正解（2027-01-10）');
    expect(first.nextCursor).toBe(first.entries.at(-1)!.id);
    const second = (await t.call('getPoints', { cursor: first.nextCursor!, locale: 'en' }, a.token)).body;
    expect(second.entries.map((e) => e.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(second.entries[0]!.label).toBe('Quiz: right answer (2027-01-10)');
    expect(second.nextCursor).toBeNull();
  });

  it('never shows a member another member’s entries', async () => {
    const mine = (await t.call('getPoints', {}, b.token)).body;
    expect(mine.balance).toBe(7);
    expect(mine.entries.map((e) => e.amount)).toEqual([7]);
    // A cursor above every entry still reads only the caller's own.
    expect((await t.call('getPoints', { cursor: 1_000_000_000 }, b.token)).body.entries.map((e) => e.amount)).toEqual([7]);
  });

  it('answers getCurrentUserStatus with the entries since the date asked', async () => {
    const none = (await t.call('getCurrentUserStatus', {}, b.token)).body;
    expect(none.points).toBeUndefined();
    await award(b.id, 3, 'test:b:2', new Date(clock.getTime() + 1000));
    const since = (await t.call('getCurrentUserStatus', { pointHistoryFromDate: clock.getTime() + 500 }, b.token)).body;
    expect(since.points).toMatchObject({ balance: 10, more: false });
    expect(since.points!.entries.map((e) => e.amount)).toEqual([3]);
  });
});

describe('the office and a member’s ledger', () => {
  let m: MemberFixture;
  beforeAll(async () => {
    m = await createMember(db(), { tenantId: tenant, now: clock });
  });

  it('lets owners and support read (audited), refuses editors and company operators', async () => {
    const read = await t.consoleCall('getMemberPoints', { memberID: m.id }, { token: tok.support });
    expect(read.body).toMatchObject({ succeed: true, balance: 0, total: 0 });
    expect((await t.consoleCall('getMemberPoints', { memberID: m.id }, { token: tok.editor })).status).toBe(403);
    expect((await t.consoleCall('getMemberPoints', { memberID: m.id }, { token: tok.company })).status).toBe(403);
    expect((await t.consoleCall('getMemberPoints', { memberID: 99_999_999 }, { token: tok.owner })).body.errorCode).toBe('notFound');
  });

  it('lets only an owner adjust, never below 0, with the note the member sees, audited', async () => {
    const body = { memberID: m.id, amount: 500, note: '不具合のお詫び' };
    for (const who of ['editor', 'support', 'company'] as const)
      expect((await t.consoleCall('adjustPoints', body, { token: tok[who] })).status).toBe(403);
    const ok = await t.consoleCall('adjustPoints', body, { token: tok.owner });
    expect(ok.body).toMatchObject({ succeed: true, balance: 500 });
    const short = await t.consoleCall('adjustPoints', { ...body, amount: -501 }, { token: tok.owner });
    expect(short.body.errorCode).toBe('pointsShort');
    expect((await t.consoleCall('adjustPoints', { ...body, memberID: 99_999_999 }, { token: tok.owner })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('adjustPoints', { ...body, amount: 0 }, { token: tok.owner })).status).toBe(400);
    const [entry] = await rows<{ actor: string; n: number }>(
      db(),
      sql`SELECT actor, count(*) OVER ()::int AS n FROM point_entries WHERE user_id = ${m.id}`,
    );
    expect(entry).toEqual({ actor: 'owner@example.com', n: 1 });
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'adjustPoints' AND target_id = ${String(m.id)}`)).toBe(1);
    const seen = (await t.call('getPoints', { locale: 'en' }, m.token)).body.entries[0]!;
    expect(seen.label).toBe('Adjustment by the office: 不具合のお詫び');
  });
});

describe('expiry and void', () => {
  it('tells the member 30 and 7 days before, once each, and expires the whole balance on the day', async () => {
    const start = clock;
    const m = await createMember(db(), { tenantId: tenant, now: clock });
    await award(m.id, 120, `test:exp:${m.id}`);
    const on = expiresOn(120, clock)!;
    const mails = () => count(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'pointsExpiring' AND to_address = ${m.email}`);
    // A device that takes the kind (written as savePushSubscription would).
    await db().execute(
      sql`INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, kinds, created_at, updated_at)
          SELECT ${m.id}, s.id, ${`https://push.example.com/points-${m.id}`}, 'p', 'a', ARRAY['pointsExpiring'], now(), now()
            FROM sessions s WHERE s.user_id = ${m.id} LIMIT 1`,
    );
    const pushes = () =>
      count(
        sql`SELECT count(*)::int AS n FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = ${m.id} AND o.kind = 'pointsExpiring'`,
      );
    await move(at(addDays(on, -31)));
    await runPoints(db(), 'https://app.example', clock, log);
    expect(await mails()).toBe(0);
    await move(at(addDays(on, -30)));
    await runPoints(db(), 'https://app.example', clock, log);
    await runPoints(db(), 'https://app.example', clock, log);
    expect(await mails()).toBe(1);
    expect(await pushes()).toBe(1);
    await move(at(addDays(on, -7)));
    await runPoints(db(), 'https://app.example', clock, log);
    await runPoints(db(), 'https://app.example', clock, log);
    expect(await mails()).toBe(2);
    expect(await pushes()).toBe(2);
    await move(at(addDays(on, -1), 23));
    await runPoints(db(), 'https://app.example', clock, log);
    expect((await t.call('getPoints', {}, m.token)).body.balance).toBe(120);
    await move(at(on, 0));
    await runPoints(db(), 'https://app.example', clock, log);
    await runPoints(db(), 'https://app.example', clock, log);
    const p = (await t.call('getPoints', {}, m.token)).body;
    expect(p.balance).toBe(0);
    expect(p.expiresOn).toBeNull();
    expect(p.entries[0]).toMatchObject({ reason: 'expired', amount: -120, params: { lastAcquiredOn: '2027-01-10' } });
    expect(p.entries.filter((e) => e.reason === 'expired')).toHaveLength(1);
    await move(start);
  });

  it('voids the balance when a member is deactivated; a reactivation restores nothing', async () => {
    const m = await createMember(db(), { tenantId: tenant, now: clock });
    await award(m.id, 80, `test:void:${m.id}`);
    expect((await t.consoleCall('deactivateMember', { id: m.id }, { token: tok.owner })).body.succeed).toBe(true);
    expect((await t.consoleCall('reactivateMember', { id: m.id }, { token: tok.owner })).body.succeed).toBe(true);
    const [e] = await rows<{ reason: string; amount: number; params: { cause: string } }>(
      db(),
      sql`SELECT reason, amount, params FROM point_entries WHERE user_id = ${m.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(e).toEqual({ reason: 'voided', amount: -80, params: { cause: 'deactivated' } });
    await runPoints(db(), 'https://app.example', clock, log);
    expect(await count(sql`SELECT balance AS n FROM point_balances WHERE user_id = ${m.id}`)).toBe(0);
  });

  it('voids the balances of a tenant whose contract ended, in the minute run', async () => {
    const other = await createTenant(db());
    const m = await createMember(db(), { tenantId: other, now: clock });
    await award(m.id, 40, `test:end:${m.id}`);
    await db().execute(sql`UPDATE tenants SET contract_ends_at = ${new Date(clock.getTime() - 1000).toISOString()}::timestamptz WHERE id = ${other}`);
    await runPoints(db(), 'https://app.example', clock, log);
    await runPoints(db(), 'https://app.example', clock, log);
    const list = await rows<{ reason: string; params: { cause: string } }>(
      db(),
      sql`SELECT reason, params FROM point_entries WHERE user_id = ${m.id} AND reason = 'voided'`,
    );
    expect(list).toEqual([{ reason: 'voided', params: { cause: 'contractEnded' } }]);
  });
});

describe('the nightly check', () => {
  it('passes on the real ledger, and finds a forged balance, logged at error level and recorded', async () => {
    errors.length = 0;
    expect(await runNightlyCheck(db(), clock, log)).toMatchObject({ mismatches: 0 });
    const m = await createMember(db(), { tenantId: tenant, now: clock });
    await award(m.id, 10, `test:forge:${m.id}`);
    await db().execute(sql`UPDATE point_balances SET balance = 11 WHERE user_id = ${m.id}`);
    const r = await runNightlyCheck(db(), clock, log);
    expect(r).toMatchObject({ mismatches: 1, sample: [m.id] });
    expect(errors).toHaveLength(1);
    const [row] = await rows<{ mismatches: number; sample: number[] }>(
      db(),
      sql`SELECT mismatches, sample FROM point_checks ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({ mismatches: 1, sample: [m.id] });
    await db().execute(sql`UPDATE point_balances SET balance = 10 WHERE user_id = ${m.id}`);
  });

  it('runs once per Tokyo night from the minute run', async () => {
    const night = at(addDays('2027-01-10', 1), 4);
    const before = await count(sql`SELECT count(*)::int AS n FROM point_checks`);
    await runPoints(db(), 'https://app.example', night, log);
    await runPoints(db(), 'https://app.example', night, log);
    expect(await count(sql`SELECT count(*)::int AS n FROM point_checks`)).toBe(before + 1);
  });
});

describe('missions', () => {
  const mission = (over: Partial<MissionFormValues> = {}): MissionFormValues => ({
    month: '2027-01',
    title: { ja: '記事を読もう', en: 'Read articles' },
    kind: 'articlesRead',
    target: 1,
    points: 50,
    published: true,
    ...over,
  });

  it('refuses bad missions with the contract’s codes and nothing written, and lets support only read', async () => {
    const save = (m: MissionFormValues, token = tok.editor) => t.consoleCall('saveMission', m, { token });
    const before = await count(sql`SELECT count(*)::int AS n FROM missions`);
    expect((await save(mission({ kind: 'steps' }))).body.errorCode).toBe('minStepsRequired');
    expect((await save(mission({ minSteps: 100 }))).body.errorCode).toBe('minStepsNotAllowed');
    expect((await save(mission({ month: '2026-12' }))).body.errorCode).toBe('monthPast');
    expect((await save(mission({ missionID: 99_999_999 }))).body.errorCode).toBe('notFound');
    expect((await save(mission(), tok.support)).status).toBe(403);
    expect((await save(mission(), tok.company)).status).toBe(403);
    expect((await save(mission({ target: 0 }))).status).toBe(400);
    expect(await count(sql`SELECT count(*)::int AS n FROM missions`)).toBe(before);
    const ok = (await save(mission({ month: '2027-02', published: true }))).body;
    expect(ok.succeed).toBe(true);
    // February has not begun: everything may change; from February 1st only the titles.
    expect((await save(mission({ missionID: ok.missionID, month: '2027-02', target: 2 }))).body.succeed).toBe(true);
    await move(at('2027-02-01'));
    expect((await save(mission({ missionID: ok.missionID, month: '2027-02', target: 3 }))).body.errorCode).toBe('alreadyStarted');
    expect((await save(mission({ missionID: ok.missionID, month: '2027-02', target: 2, title: { ja: '新しい題' } }))).body.succeed).toBe(true);
    await move(at('2027-01-10'));
    const list = (await t.consoleCall('listMissions', { month: '2027-02' }, { token: tok.support })).body;
    expect(list.missions.find((x) => x.missionID === ok.missionID)).toMatchObject({ title: { ja: '新しい題', en: null }, target: 2 });
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'saveMission'`)).toBeGreaterThanOrEqual(3);
  });

  it('completes each checker from the source tables within a minute run, gives the card bonus once at 10, and re-evaluation adds nothing', async () => {
    const m = await createMember(db(), { tenantId: tenant, now: clock });
    const kinds: MissionFormValues[] = [
      mission({ kind: 'steps', minSteps: 8000, target: 2 }),
      mission({ kind: 'steps', minSteps: 3000, target: 3 }),
      mission({ kind: 'weightLog', target: 2 }),
      mission({ kind: 'lifestyleLog', target: 1 }),
      mission({ kind: 'articlesRead', target: 2 }),
      mission({ kind: 'eventAttended', target: 1 }),
      mission({ kind: 'surveyAnswered', target: 1 }),
      mission({ kind: 'quizAnswered', target: 1 }),
      mission({ kind: 'programEntered', target: 2 }),
      mission({ kind: 'articlesRead', target: 1, points: 70 }),
    ];
    const ids: number[] = [];
    for (const k of kinds) ids.push((await t.consoleCall('saveMission', k, { token: tok.editor })).body.missionID);
    await runPoints(db(), 'https://app.example', clock, log);
    const progress = async () => (await t.call('getMissions', { month: '2027-01' }, m.token)).body;
    expect((await progress()).missions.filter((x) => ids.includes(x.id)).every((x) => x.progress === 0 && !x.completed)).toBe(true);

    const u = m.id;
    const iso = clock.toISOString();
    // Steps: 9,000 on two days (both steps missions count them), 2,000 on a third.
    await db().execute(
      sql`INSERT INTO daily_steps (user_id, day, steps) VALUES (${u}, '2027-01-02', 9000), (${u}, '2027-01-03', 9000), (${u}, '2027-01-04', 2000), (${u}, '2026-12-31', 9000)`,
    );
    await db().execute(sql`INSERT INTO health_logs (user_id, day, weight) VALUES (${u}, '2027-01-02', 60), (${u}, '2027-01-03', 61)`);
    await db().execute(sql`INSERT INTO health_logs (user_id, day, sleepness) VALUES (${u}, '2027-01-05', 1)`);
    await runPoints(db(), 'https://app.example', clock, log);
    let p = await progress();
    const byKind = (i: number) => p.missions.find((x) => x.id === ids[i])!;
    expect(byKind(0)).toMatchObject({ progress: 2, completed: true });
    expect(byKind(1)).toMatchObject({ progress: 2, completed: false });
    expect(byKind(2)).toMatchObject({ progress: 2, completed: true });
    expect(byKind(3)).toMatchObject({ progress: 1, completed: true });
    expect(p.stamps).toBe(3);

    await db().execute(sql`UPDATE daily_steps SET steps = 3500 WHERE user_id = ${u} AND day = '2027-01-04'`);
    await db().execute(
      sql`INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day) SELECT id, ${u}, ${iso}::timestamptz, '2027-01-10' FROM report_articles ORDER BY id LIMIT 2`,
    );
    const [s] = await rows<{ id: number; event_id: number }>(db(), sql`SELECT id, event_id FROM event_sessions ORDER BY id LIMIT 1`);
    await db().execute(
      sql`INSERT INTO event_reservations (event_id, session_id, user_id, created_at, checked_in_at) VALUES (${s!.event_id}, ${s!.id}, ${u}, ${iso}::timestamptz, ${iso}::timestamptz)`,
    );
    await db().execute(
      sql`INSERT INTO questionnaire_answers (questionnaire_id, user_id, body, answered_at) SELECT id, ${u}, '[]'::jsonb, ${iso}::timestamptz FROM questionnaires ORDER BY id LIMIT 1`,
    );
    // The day's question: the demo round's when the seed made one for that day, else one of its own.
    await db().execute(
      sql`WITH r AS (INSERT INTO quiz_rounds (name_ja, start_date, end_date, points, created_at, updated_at)
                     SELECT '冬', '2027-01-09', '2027-01-09', 10, now(), now()
                      WHERE NOT EXISTS (SELECT 1 FROM quiz_questions WHERE day = '2027-01-09') RETURNING id)
          INSERT INTO quiz_questions (round_id, day, genre, question_ja, choices, correct_choice, explanation_ja, created_at, updated_at)
          SELECT r.id, '2027-01-09', 'sleep', '問', '[{"ja":"a"},{"ja":"b"}]'::jsonb, 0, '説明', now(), now() FROM r`,
    );
    const [q] = await rows<{ id: number }>(db(), sql`SELECT id FROM quiz_questions WHERE day = '2027-01-09'`);
    await db().execute(
      sql`INSERT INTO quiz_answers (question_id, user_id, day, choice, correct, answered_at) VALUES (${q!.id}, ${u}, '2027-01-09', 1, false, ${iso}::timestamptz)`,
    );
    const [tm] = await rows<{ id: number }>(db(), sql`SELECT id FROM team_matches ORDER BY id LIMIT 1`);
    const [im] = await rows<{ id: number }>(db(), sql`SELECT id FROM individual_matches ORDER BY id LIMIT 1`);
    await db().execute(sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at) VALUES (${tm!.id}, ${u}, ${iso}::timestamptz)`);
    await db().execute(
      sql`INSERT INTO individual_match_entries (individual_match_id, user_id, created_at) VALUES (${im!.id}, ${u}, ${iso}::timestamptz)`,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM mission_queue WHERE user_id = ${u}`)).toBe(1);
    await runPoints(db(), 'https://app.example', clock, log);
    p = await progress();
    for (let i = 0; i < kinds.length; i++) expect(byKind(i), kinds[i]!.kind).toMatchObject({ completed: true, progress: kinds[i]!.target });
    // The demo month's own articles mission (the seed's) may be completed by the same reads: 10 or 11 stamps.
    expect(p.stamps).toBeGreaterThanOrEqual(10);
    expect(p).toMatchObject({ cardsCompleted: 1, cardBonus: STAMP_CARD_BONUS });

    const entries = (await t.call('getPoints', { locale: 'en' }, m.token)).body;
    expect(entries.entries.filter((e) => e.reason === 'stampCard')).toEqual([
      expect.objectContaining({ amount: STAMP_CARD_BONUS, params: { card: 1 } }),
    ]);
    expect(entries.entries.filter((e) => e.reason === 'mission')).toHaveLength(p.stamps);
    expect(entries.balance).toBe(entries.entries.reduce((sum, e) => sum + e.amount, 0));
    expect(entries.balance).toBeGreaterThanOrEqual(9 * 50 + 70 + STAMP_CARD_BONUS);
    expect(entries.entries.find((e) => e.reason === 'mission' && e.params.missionID === ids[9])!.label).toBe('Mission: Read articles');

    // The whole month for everyone (the demo population walks too), then again: nothing new.
    const first = await evaluateMonth(db(), '2027-01', clock);
    expect(first.awarded).toBeGreaterThan(0);
    expect((await evaluateMonth(db(), '2027-01', clock)).awarded).toBe(0);
    expect((await data.checkLedger(db())).mismatches).toBe(0);
    await db().execute(sql`INSERT INTO mission_queue (user_id) VALUES (${u}) ON CONFLICT DO NOTHING`);
    await runPoints(db(), 'https://app.example', clock, log);
    expect((await t.call('getPoints', {}, m.token)).body.balance).toBe(entries.balance);
    const list = (await t.consoleCall('listMissions', { month: '2027-01' }, { token: tok.owner })).body;
    expect(list.missions.find((x) => x.missionID === ids[0])!.completions).toBeGreaterThanOrEqual(1);
  });

  it('awards nobody deactivated or of an ended contract', async () => {
    const gone = await createMember(db(), { tenantId: tenant, now: clock });
    await db().execute(sql`UPDATE users SET deactivated_at = ${clock.toISOString()}::timestamptz WHERE id = ${gone.id}`);
    await db().execute(
      sql`INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day) SELECT id, ${gone.id}, ${clock.toISOString()}::timestamptz, '2027-01-10' FROM report_articles ORDER BY id LIMIT 2`,
    );
    await runPoints(db(), 'https://app.example', clock, log);
    await evaluateMonth(db(), '2027-01', clock);
    expect(await count(sql`SELECT count(*)::int AS n FROM mission_completions WHERE user_id = ${gone.id}`)).toBe(0);
  });
});

describe('the ledger’s invariants (property)', () => {
  it('random awards, spends, expiries, adjustments and retried keys: never below 0, never twice, the check holds', async () => {
    const users: number[] = [];
    for (let i = 0; i < 3; i++) users.push((await createMember(db(), { tenantId: tenant, now: clock })).id);
    let run = 0;
    const op = fc.record({
      user: fc.integer({ min: 0, max: users.length - 1 }),
      kind: fc.constantFrom('award', 'spend', 'expire', 'adjust', 'batch'),
      amount: fc.integer({ min: 1, max: 500 }),
      key: fc.integer({ min: 0, max: 15 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const written = new Map<string, number>();
        for (const o of ops) {
          const userId = users[o.user]!;
          const key = `prop:${run}:${o.kind}:${o.key}`;
          const entry: NewEntry = {
            userId,
            amount: o.kind === 'spend' ? -o.amount : o.kind === 'adjust' ? (o.amount % 2 ? o.amount : -o.amount) : o.amount,
            reason: o.kind === 'spend' ? 'exchange' : o.kind === 'adjust' ? 'adjustment' : 'quiz',
            params: {},
            key,
            at: clock,
          };
          if (o.kind === 'expire') {
            const [b] = await rows<{ balance: number }>(db(), sql`SELECT balance FROM point_balances WHERE user_id = ${userId}`);
            if (!b || Number(b.balance) === 0) continue;
            entry.amount = -Number(b.balance);
            entry.reason = 'expired';
          }
          const r =
            o.kind === 'batch'
              ? await transaction(db(), (tx) => postMany(tx, [entry, { ...entry, key: `${key}:b`, userId: users[(o.user + 1) % users.length]! }]))
              : await transaction(db(), (tx) => postEntry(tx, entry));
          if ('ok' in r && r.ok && !r.duplicate) written.set(key, (written.get(key) ?? 0) + 1);
        }
        for (const n of written.values()) expect(n).toBe(1);
        const neg = await count(sql`SELECT count(*)::int AS n FROM point_entries WHERE balance_after < 0`);
        expect(neg).toBe(0);
        const dupes = await count(sql`SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM point_entries GROUP BY 1 HAVING count(*) > 1) x`);
        expect(dupes).toBe(0);
        expect((await data.checkLedger(db())).mismatches).toBe(0);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
