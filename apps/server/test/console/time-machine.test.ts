import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/query.ts';
import { createAnnouncement, createArticle, createEvent, createLiteTenant, createMember, createSurvey, createTenant } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 36, item 1 (docs/requirements/time-machine.md#time-machine-preview, decision 154): previewMemberCall answers what a member read function would
 * answer at another moment, for an audience; the clock is the only thing that moves and nothing is written. The
 * answers at `at` are compared with real calls made once the test's clock has truly reached `at`.
 */
const HOUR = 3_600_000;
// Monday 2026-03-02, 21:00 in Tokyo; `at` is Tuesday 01:00 there (a new day for the FAQ's date window).
const T0 = Date.parse('2026-03-02T12:00:00Z');
const AT = T0 + 4 * HOUR;
let clock = T0;
let t: TestApp;
let owner = '';
let editor = '';
let corporate = 0;
let lite = 0;
let announcementId = 0;
let eventId = 0;

/** What a preview is asked for: each page's reads of the member app. */
const CALLS: [string, Record<string, unknown>][] = [];

const preview = (token: string, payload: Record<string, unknown>) => t.consoleRaw('previewMemberCall', payload, { token });

/** Signed upload URLs carry an expiry from the real clock: the part compared is the path. */
const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?(exp|sig)=[^"]*/g, ''));

/** Row counts of every table (the rate-limit and audit tables aside): a preview must leave them all as they were. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    t.database.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    if (table_name === 'rate_limits' || table_name === 'audit_log') continue;
    const [row] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}`);
    counts[table_name] = row!.n;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  owner = await t.operatorToken('owner@example.com');
  editor = await t.operatorToken('editor@example.com');
  const db = t.database.db;
  corporate = await createTenant(db);
  lite = await createLiteTenant(db);
  // Scheduled between now and `at`: a contract-only announcement, an article, a survey, an event whose booking opens,
  // and a FAQ item from Tuesday (Tokyo).
  announcementId = await createAnnouncement(db, {
    titleJa: 'タイムマシンのお知らせ',
    titleEn: 'Time machine notice',
    fromAt: new Date(T0 + HOUR),
    contractOnly: true,
  });
  await createArticle(db, { titleJa: 'タイムマシンの記事', titleEn: 'Time machine article', publishedAt: new Date(T0 + 2 * HOUR) });
  await createSurvey(db, [], {
    titleJa: 'タイムマシンのアンケート',
    titleEn: 'Time machine survey',
    fromDateTime: new Date(T0 + 3 * HOUR),
    toDateTime: new Date(T0 + 48 * HOUR),
  });
  ({ eventId } = await createEvent(db, {
    title: 'Time machine event',
    now: T0,
    sessions: [{ capacity: 10, startsIn: 30, opensIn: 2, closesIn: 24 }],
  }));
  const [category] = await rows<{ id: number }>(db, sql`SELECT id FROM faq_categories ORDER BY id LIMIT 1`);
  await db.execute(
    sql`INSERT INTO faq_items (category_id, sort_order, title_ja, title_en, html_ja, html_en, from_date)
        VALUES (${category!.id}, 999, 'タイムマシンの質問', 'Time machine question', '<p>答え</p>', '<p>Answer</p>', '2026-03-03')`,
  );
  CALLS.push(
    ['getConfig', {}],
    ['getAnnouncements', { offset: 0, perPage: 50 }],
    ['getAnnouncementById', { id: announcementId }],
    ['getReportArticleTop', {}],
    ['getNewArrivalReportArticles', { offset: 0, perPage: 50 }],
    ['getEvents', { perPage: 50 }],
    ['getEventByID', { eventID: eventId }],
    ['getQuestionnaires', {}],
    ['getFaq', {}],
  );
});

afterAll(async () => {
  await t?.close();
});

describe('previewMemberCall', () => {
  const AUDIENCES = [
    { audience: 'guest', tenant: () => undefined },
    { audience: 'member', tenant: () => lite },
    { audience: 'contractMember', tenant: () => corporate },
  ] as const;
  const previews = new Map<string, { status: number; answer: Record<string, unknown> }>();

  it('answers as of `at` for each audience, with nothing written and no kept answer touched', async () => {
    const before = await rowCounts();
    const guestNow = await t.call('getAnnouncements', { offset: 0, perPage: 50 });
    for (const { audience, tenant } of AUDIENCES) {
      for (const [name, payload] of CALLS) {
        const { status, body } = await preview(editor, { at: AT, audience, name, payload, tenantId: tenant() });
        expect(status, `${audience} ${name}`).toBe(200);
        expect(body.succeed, `${audience} ${name}`).toBe(true);
        previews.set(`${audience}|${name}`, { status: body.status as number, answer: body.answer as Record<string, unknown> });
        expect(body.tenantId).toBe(tenant() ?? null);
      }
    }
    // The clock moved for the preview: the scheduled items are there at `at`, not now.
    const contractList = JSON.stringify(previews.get('contractMember|getAnnouncements')!.answer);
    expect(contractList).toContain('タイムマシンのお知らせ');
    expect(JSON.stringify(guestNow.body)).not.toContain('タイムマシンのお知らせ');
    // The contract decides: a member without the corporate contract never sees a contract-only announcement.
    expect(JSON.stringify(previews.get('member|getAnnouncements')!.answer)).not.toContain('タイムマシンのお知らせ');
    expect(previews.get('member|getAnnouncementById')!.answer).toMatchObject({ succeed: false });
    expect(JSON.stringify(previews.get('guest|getReportArticleTop')!.answer)).toContain('タイムマシンの記事');
    expect(JSON.stringify(previews.get('contractMember|getQuestionnaires')!.answer)).toContain('タイムマシンのアンケート');
    expect(JSON.stringify(previews.get('guest|getFaq')!.answer)).toContain('タイムマシンの質問');
    // Nothing written (no preview member, no read mark of the announcement read above), nothing kept from `at`.
    expect(await rowCounts()).toEqual(before);
    const guestAfter = await t.call('getAnnouncements', { offset: 0, perPage: 50 });
    expect(guestAfter.body).toEqual(guestNow.body);
    const faqNow = await t.call('getFaq', {});
    expect(JSON.stringify(faqNow.body)).not.toContain('タイムマシンの質問');
  });

  it('matches the real answers once the clock has truly reached `at`', async () => {
    expect(previews.size).toBe(AUDIENCES.length * CALLS.length);
    clock = AT;
    for (const { audience, tenant } of AUDIENCES) {
      const member = audience === 'guest' ? null : await createMember(t.database.db, { tenantId: tenant(), now: new Date(AT) });
      for (const [name, payload] of CALLS) {
        const real = await t.callRaw(name, payload, member?.token);
        const kept = previews.get(`${audience}|${name}`)!;
        expect(kept.status, `${audience} ${name}`).toBe(real.status);
        expect(unsigned(kept.answer), `${audience} ${name}`).toEqual(unsigned(real.body));
      }
    }
    clock = T0;
  });

  it("answers the member home's own reads (steps week, logging status) for a fresh member, as of `at` (issue 55)", async () => {
    // The home's steps and health tabs of a signed-in member, as the app asks for them: the week of `at` (Tokyo).
    const monday = Date.parse('2026-03-02T00:00:00+09:00');
    const week = { fromDateTime: monday, toDateTime: monday + 7 * 86_400_000 - 1 };
    const homeCalls: [string, Record<string, unknown>][] = [
      ['getHealthLogInputStatus', {}],
      ['getHealthDataByRange', { ...week, needsWeeklyAverage: true, needsStepStatistics: true }],
      [
        'getHealthDataByRange',
        { ...week, needsDailyScore: true, needsInterview: true, needsWeight: true, needsBMI: true, needsBodyFatPercentage: true },
      ],
      ['getHealthLogStats', { fromDateTime: Date.parse('2026-02-01T00:00:00+09:00') }],
    ];
    const before = await rowCounts();
    for (const [name, payload] of homeCalls) {
      const { status, body } = await preview(editor, { at: AT, audience: 'contractMember', name, payload, tenantId: corporate });
      expect(status, name).toBe(200);
      expect(body, name).toMatchObject({ succeed: true, status: 200, answer: { succeed: true } });
      // A guest is asked to sign in, as the member entry answers a guest.
      const guest = await preview(editor, { at: AT, audience: 'guest', name, payload });
      expect(guest.body, name).toMatchObject({ status: 401, answer: { errorCode: 'loginRequired' } });
    }
    // A fresh member has logged nothing; the week is the previewed one, its days empty.
    const status = await preview(editor, { at: AT, audience: 'contractMember', name: 'getHealthLogInputStatus', payload: {}, tenantId: corporate });
    expect(status.body.answer).toMatchObject({ continuousDays: 0 });
    const steps = await preview(editor, {
      at: AT,
      audience: 'contractMember',
      name: 'getHealthDataByRange',
      payload: homeCalls[1]![1],
      tenantId: corporate,
    });
    expect((steps.body.answer as { stepsData: unknown[] }).stepsData).toEqual([]);
    // A month after `at` is still refused as the real call would refuse it then.
    const later = await preview(editor, {
      at: AT,
      audience: 'contractMember',
      name: 'getHealthLogStats',
      payload: { fromDateTime: Date.parse('2026-04-01T00:00:00+09:00') },
      tenantId: corporate,
    });
    expect(later.body.answer).toMatchObject({ succeed: false, errorCode: 'invalidMonth' });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses writes, unknown names, other roles and bad input, and answers the member payload errors as the member call would', async () => {
    for (const name of ['reserveEvent', 'answerQuestionnaire', 'logout', 'uploadHealthData', 'getOwnFriends', 'getReservationPass', 'nope', '']) {
      const { status, body } = await preview(editor, { at: AT, audience: 'guest', name, payload: {} });
      expect(status, name).toBe(400);
      expect(body.errorCode).toBe('validationError');
    }
    const refused = await preview(editor, { at: AT, audience: 'guest', name: 'reserveEvent', payload: {} });
    expect(refused.body.validationErrorMessage).toContain('会員の読み取り機能だけをプレビューできます');
    for (const email of ['support@example.com', 'hr@example.com']) {
      const { status } = await preview(await t.operatorToken(email), { at: AT, audience: 'guest', name: 'getEvents', payload: {} });
      expect(status, email).toBe(403);
    }
    expect((await t.consoleRaw('previewMemberCall', { at: AT, audience: 'guest', name: 'getEvents', payload: {} })).status).toBe(401);
    // The member function's own validation, as its entry would answer it.
    const badId = await preview(owner, { at: AT, audience: 'guest', name: 'getEventByID', payload: { eventID: 'x' } });
    expect(badId.status).toBe(200);
    expect(badId.body).toMatchObject({ status: 400, answer: { succeed: false, errorCode: 'validationError' } });
    const extra = await preview(owner, { at: AT, audience: 'guest', name: 'getFaq', payload: { unknown: 1 } });
    expect(extra.body).toMatchObject({ status: 400 });
    // A guest calling a members' function is answered as the member entry answers it; a member is the preview member.
    const guest = await preview(owner, { at: AT, audience: 'guest', name: 'authenticateWithToken', payload: {} });
    expect(guest.body).toMatchObject({ status: 401, answer: { succeed: false, errorCode: 'loginRequired' } });
    const member = await preview(owner, { at: AT, audience: 'contractMember', name: 'authenticateWithToken', payload: {}, tenantId: corporate });
    expect(member.body).toMatchObject({ status: 200, answer: { succeed: true, tenantContract: { corporateContract: true } } });
    // Moments out of range, audiences without a company, and nasty fields.
    const far = await preview(owner, { at: T0 + 3 * 366 * 86_400_000, audience: 'guest', name: 'getFaq', payload: {} });
    expect(far.body).toMatchObject({ succeed: false, errorCode: 'atOutOfRange' });
    const mismatch = await preview(owner, { at: AT, audience: 'contractMember', name: 'getFaq', payload: {}, tenantId: lite });
    expect(mismatch.body).toMatchObject({ succeed: false, errorCode: 'noTenantForAudience' });
    for (const payload of [
      { at: 1e300, audience: 'guest', name: 'getFaq', payload: {} },
      { at: AT, audience: 'admin', name: 'getFaq', payload: {} },
      { at: AT, audience: 'guest', name: 'getFaq', payload: { '\u0000': 1 } },
      { at: AT, audience: 'guest', name: 'getEventByID', payload: { eventID: '\ud800' } },
      { at: AT, audience: 'guest', name: 'getEvents', payload: { perPage: Number.MAX_SAFE_INTEGER + 2 } },
      { at: AT, audience: 'guest', name: 'getEvents', payload: [] },
      { at: AT, audience: 'contractMember', name: 'getFaq', payload: {}, tenantId: 2 ** 40 },
    ]) {
      const { status, body } = await preview(owner, payload);
      expect(status, JSON.stringify(payload)).toBeLessThan(500);
      expect(body.succeed === false || body.status === 400, JSON.stringify(payload)).toBe(true);
    }
  });
});
