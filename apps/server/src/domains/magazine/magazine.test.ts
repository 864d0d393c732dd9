import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MagazineIssueFormValues } from '@hibi/contract/console/magazine';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import * as service from './service.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './token.ts';

/**
 * The mail magazine (issue 59, docs/requirements/magazine.md, decision 185): the console's rules and roles, bad input
 * that changes nothing, who receives an issue and who is skipped, languages, the members' past issues, the figures
 * and the signed unsubscribe token.
 */
const MINUTE = 60_000;
let clock = Date.parse('2026-12-01T01:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
const tok = {} as Record<'owner' | 'editor' | 'support' | 'company', string>;

beforeAll(async () => {
  // A rate far above the test's members, so one run hands every delivery over.
  t = await createTestApp({ now, env: { MAGAZINE_RATE_PER_MINUTE: '600000', APP_BASE_URL: 'https://hibi.example.com' } });
  tok.owner = await t.operatorToken('owner@example.com');
  tok.editor = await t.operatorToken('editor@example.com');
  tok.support = await t.operatorToken('support@example.com');
  tok.company = await t.operatorToken('hr@example.com');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0]!;
const form = (over: Partial<MagazineIssueFormValues> = {}): MagazineIssueFormValues => ({
  subject: { ja: '12月のお便り', en: 'December letter' },
  body: {
    ja: '<p>こんにちは<script>alert(1)</script> <a href="/events">イベント</a><img src="/media/uploads/0123456789abcdef0123456789abcdef.webp" alt="写真"></p>',
    en: '<p>Hello <a href="https://example.org/x">there</a></p>',
  },
  ...over,
});
const save = async (over: Partial<MagazineIssueFormValues> = {}) => {
  const r = await t.consoleCall('saveMagazineIssue', form(over), { token: tok.editor });
  expect(r.body.succeed, JSON.stringify(r.body)).toBe(true);
  return r.body.issueID;
};
/** Schedules now and runs the magazine's pass as the poller would. */
const sendNow = async (issueID: number) => {
  const r = await t.consoleCall('scheduleMagazineIssue', { issueID, sendAt: null }, { token: tok.editor });
  expect(r.body.succeed, JSON.stringify(r.body)).toBe(true);
  await service.runMagazine(db(), t.config, now);
};
const issueRow = (id: number) =>
  one<{ state: string; recipients: number; n: number }>(
    sql`SELECT state, recipients, (SELECT count(*)::int FROM magazine_deliveries WHERE issue_id = ${id}) AS n FROM magazine_issues WHERE id = ${id}`,
  );
const deliveryOf = async (issueId: number, userId: number) =>
  (
    await rows<{ state: string; locale: string; outbox_id: number | null }>(
      db(),
      sql`SELECT state, locale, outbox_id FROM magazine_deliveries WHERE issue_id = ${issueId} AND user_id = ${userId}`,
    )
  )[0] ?? null;
const outboxOf = (id: number) =>
  one<{ kind: string; subject: string; html_body: string; text_body: string; to_address: string; locale: string; headers: Record<string, string> }>(
    sql`SELECT * FROM mail_outbox WHERE id = ${id}`,
  );

describe('console roles', () => {
  it('support reads but may not write; company operators see nothing (403, audited as denied)', async () => {
    const id = await save();
    for (const [name, payload] of [
      ['saveMagazineIssue', form()],
      ['scheduleMagazineIssue', { issueID: id, sendAt: null }],
      ['cancelMagazineIssue', { issueID: id }],
      ['sendMagazineTest', { issueID: id }],
    ] as const) {
      expect((await t.consoleRaw(name, payload, { token: tok.support })).status, `support ${name}`).toBe(403);
      expect((await t.consoleRaw(name, payload, { token: tok.company })).status, `company ${name}`).toBe(403);
    }
    expect((await t.consoleRaw('listMagazineIssues', {}, { token: tok.company })).status).toBe(403);
    expect((await t.consoleCall('getConsoleMagazineIssue', { issueID: id }, { token: tok.support })).body.succeed).toBe(true);
    expect((await t.consoleCall('getMagazineIssueStats', { issueID: id }, { token: tok.support })).body.succeed).toBe(true);
    expect((await issueRow(id)).state).toBe('draft');
  });
});

describe('saving and scheduling', () => {
  it('stores the sanitised body, lists it, and writes an audit row', async () => {
    const id = await save();
    const got = await t.consoleCall('getConsoleMagazineIssue', { issueID: id }, { token: tok.owner });
    expect(got.body.issue.body.ja).not.toContain('script');
    expect(got.body.issue.body.ja).toContain('<img src="/media/uploads/0123456789abcdef0123456789abcdef.webp');
    expect(got.body.issue).toMatchObject({ state: 'draft', sendAt: null, recipients: 0, updatedBy: 'editor@example.com' });
    const list = await t.consoleCall('listMagazineIssues', { state: 'draft' }, { token: tok.owner });
    expect(list.body.issues.some((i) => i.issueID === id)).toBe(true);
    const audit = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'magazineIssue' AND target_id = ${String(id)}`,
    );
    expect(audit.n).toBeGreaterThan(0);
  });

  it('refuses bad input and changes nothing', async () => {
    const id = await save();
    const before = await one<{ n: number; updated: string }>(
      sql`SELECT (SELECT count(*)::int FROM magazine_issues) AS n, (SELECT updated_at::text FROM magazine_issues WHERE id = ${id}) AS updated`,
    );
    const editor = { token: tok.editor };
    // Empty subject and body, a body that shows nothing once sanitised, a wrong type: 400.
    expect((await t.consoleRaw('saveMagazineIssue', { ...form(), subject: { ja: '', en: null } }, editor)).status).toBe(400);
    expect((await t.consoleRaw('saveMagazineIssue', { ...form(), issueID: id, body: { ja: '', en: 'x' } }, editor)).status).toBe(400);
    const empty = await t.consoleRaw('saveMagazineIssue', { ...form(), issueID: id, body: { ja: '<script>x</script><p> </p>', en: null } }, editor);
    expect([empty.status, empty.body.errorCode]).toEqual([200, 'bodyEmpty']);
    expect((await t.consoleRaw('scheduleMagazineIssue', { issueID: id, sendAt: 'tomorrow' }, editor)).status).toBe(400);
    expect((await t.consoleRaw('scheduleMagazineIssue', { issueID: 'x', sendAt: null }, editor)).status).toBe(400);
    // A time in the past, a draft cancelled, an unknown issue.
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: clock - 5 * MINUTE }, editor)).body.errorCode).toBe('sendAtPast');
    expect((await t.consoleCall('cancelMagazineIssue', { issueID: id }, editor)).body.errorCode).toBe('notScheduled');
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: 999_999, sendAt: null }, editor)).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('saveMagazineIssue', { ...form(), issueID: 999_999 }, editor)).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('getConsoleMagazineIssue', { issueID: 999_999 }, editor)).body.errorCode).toBe('notFound');
    const after = await one<{ n: number; updated: string }>(
      sql`SELECT (SELECT count(*)::int FROM magazine_issues) AS n, (SELECT updated_at::text FROM magazine_issues WHERE id = ${id}) AS updated`,
    );
    expect(after).toEqual(before);
    expect((await issueRow(id)).state).toBe('draft');
  });

  it('schedules, moves, cancels; a sent issue can be neither saved, scheduled nor cancelled again', async () => {
    const id = await save();
    const editor = { token: tok.editor };
    // Within the tolerance a slightly late time is accepted.
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: clock - 30_000 + 24 * 60 * MINUTE }, editor)).body.state).toBe(
      'scheduled',
    );
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: clock + 60 * MINUTE }, editor)).body.sendAt).toBe(
      clock + 60 * MINUTE,
    );
    // Saving a scheduled issue keeps its time.
    expect((await t.consoleCall('saveMagazineIssue', { ...form({ subject: { ja: '直した件名', en: null } }), issueID: id }, editor)).body.state).toBe(
      'scheduled',
    );
    expect((await t.consoleCall('cancelMagazineIssue', { issueID: id }, editor)).body.state).toBe('draft');
    await sendNow(id);
    expect((await issueRow(id)).state).toBe('sent');
    const sent = await one<{ updated: string; send_at: string }>(
      sql`SELECT updated_at::text AS updated, send_at::text FROM magazine_issues WHERE id = ${id}`,
    );
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: null }, editor)).body.errorCode).toBe('alreadySent');
    expect((await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: clock - 10 * MINUTE }, editor)).body.errorCode).toBe('alreadySent');
    expect((await t.consoleCall('saveMagazineIssue', { ...form(), issueID: id }, editor)).body.errorCode).toBe('alreadySent');
    expect((await t.consoleCall('cancelMagazineIssue', { issueID: id }, editor)).body.errorCode).toBe('notScheduled');
    expect(await one(sql`SELECT updated_at::text AS updated, send_at::text FROM magazine_issues WHERE id = ${id}`)).toEqual(sent);
  });

  it('a scheduled issue starts only when its time has come, once', async () => {
    const id = await save();
    await t.consoleCall('scheduleMagazineIssue', { issueID: id, sendAt: clock + 30 * MINUTE }, { token: tok.editor });
    await service.runMagazine(db(), t.config, now);
    expect((await issueRow(id)).state).toBe('scheduled');
    const later = () => new Date(clock + 31 * MINUTE);
    expect((await service.startDueIssues(db(), later())).map((s) => s.issueId)).toEqual([id]);
    expect(await service.startDueIssues(db(), later())).toEqual([]);
    const row = await issueRow(id);
    expect(row.state).toBe('sending');
    expect(row.recipients).toBe(row.n);
    await service.runMagazine(db(), t.config, later);
    expect((await issueRow(id)).state).toBe('sent');
  });
});

describe('recipients', () => {
  let on: number;
  const m = {} as Record<
    'ja' | 'en' | 'optedOut' | 'deactivated' | 'noMail' | 'ended' | 'leavesLater' | 'deactivatedLater' | 'endsLater',
    MemberFixture
  >;
  let issue: number;
  let endsLaterTenant: number;

  beforeAll(async () => {
    on = await createTenant(db());
    const off = await createTenant(db(), { emailDistributionEnabled: false });
    const ended = await createTenant(db(), { contractEndsAt: new Date(clock - 24 * 60 * MINUTE) });
    endsLaterTenant = await createTenant(db());
    m.ja = await createMember(db(), { tenantId: on, now: now() });
    m.en = await createMember(db(), { tenantId: on, locale: 'en', now: now() });
    m.optedOut = await createMember(db(), { tenantId: on, emailDistribution: false, now: now() });
    m.deactivated = await createMember(db(), { tenantId: on, deactivatedAt: new Date(clock - MINUTE), now: now() });
    m.noMail = await createMember(db(), { tenantId: off, now: now() });
    m.ended = await createMember(db(), { tenantId: ended, now: now() });
    m.leavesLater = await createMember(db(), { tenantId: on, now: now() });
    m.deactivatedLater = await createMember(db(), { tenantId: on, now: now() });
    m.endsLater = await createMember(db(), { tenantId: endsLaterTenant, locale: 'en', now: now() });
    // English subject left empty: falls back to Japanese; English body given.
    issue = await save({ subject: { ja: '受信者のテスト', en: null } });
    await t.consoleCall('scheduleMagazineIssue', { issueID: issue, sendAt: null }, { token: tok.editor });
    await service.startDueIssues(db(), now());
    // After the recipients are fixed and before the hand-over: one opts out, one is deactivated, a contract ends.
    await db().execute(sql`UPDATE users SET email_distribution = false WHERE id = ${m.leavesLater.id}`);
    await db().execute(sql`UPDATE users SET deactivated_at = ${new Date(clock).toISOString()}::timestamptz WHERE id = ${m.deactivatedLater.id}`);
    await db().execute(sql`UPDATE tenants SET contract_ends_at = ${new Date(clock - 1000).toISOString()}::timestamptz WHERE id = ${endsLaterTenant}`);
    await service.runMagazine(db(), t.config, now);
  });

  it('fixes the recipients when sending starts: opted out, deactivated, mail off and ended contracts are left out', async () => {
    expect(await deliveryOf(issue, m.optedOut.id)).toBeNull();
    expect(await deliveryOf(issue, m.deactivated.id)).toBeNull();
    expect(await deliveryOf(issue, m.noMail.id)).toBeNull();
    expect(await deliveryOf(issue, m.ended.id)).toBeNull();
    const tenants = await rows<{ tenant_id: number }>(db(), sql`SELECT tenant_id FROM magazine_issue_tenants WHERE issue_id = ${issue}`);
    expect(tenants.map((r) => r.tenant_id)).toContain(on);
    expect(tenants.map((r) => r.tenant_id)).toContain(endsLaterTenant);
  });

  it('skips at hand-over whoever opted out, was deactivated or whose contract ended since', async () => {
    for (const k of ['leavesLater', 'deactivatedLater', 'endsLater'] as const) expect((await deliveryOf(issue, m[k].id))?.state, k).toBe('skipped');
    const outboxed = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address IN (${m.leavesLater.email}, ${m.deactivatedLater.email}, ${m.endsLater.email})`,
    );
    expect(outboxed.n).toBe(0);
    expect((await issueRow(issue)).state).toBe('sent');
  });

  it('mails each member once, in their language, English falling back to Japanese per field', async () => {
    const ja = await deliveryOf(issue, m.ja.id);
    const en = await deliveryOf(issue, m.en.id);
    expect(ja).toMatchObject({ state: 'outboxed', locale: 'ja' });
    expect(en).toMatchObject({ state: 'outboxed', locale: 'en' });
    const jaMail = await outboxOf(ja!.outbox_id!);
    const enMail = await outboxOf(en!.outbox_id!);
    expect(jaMail).toMatchObject({ kind: 'magazine', subject: '受信者のテスト', to_address: m.ja.email, locale: 'ja' });
    expect(enMail).toMatchObject({ kind: 'magazine', subject: '受信者のテスト', to_address: m.en.email, locale: 'en' });
    expect(enMail.html_body).toContain('Hello');
    expect(enMail.html_body).toContain('Unsubscribe');
    expect(jaMail.html_body).toContain('配信を停止する');
    // Images and links absolute to the app's origin; the member's own signed link in the body and the headers.
    expect(jaMail.html_body).toContain('src="https://hibi.example.com/media/uploads/0123456789abcdef0123456789abcdef.webp"');
    expect(jaMail.html_body).toContain('href="https://hibi.example.com/events"');
    expect(jaMail.text_body).toContain('イベント <https://hibi.example.com/events>');
    const link = /https:\/\/hibi\.example\.com\/magazine\/unsubscribe\?token=([\w.-]+)/.exec(jaMail.html_body)![1]!;
    expect(verifyUnsubscribeToken(await service.tokenSecret(db()), link)).toEqual({ issueId: issue, userId: m.ja.id });
    expect(jaMail.headers['List-Unsubscribe']).toBe(
      `<https://hibi.example.com/magazine/unsubscribe?token=${link}>, <mailto:unsubscribe@hibi.example.com?subject=unsubscribe>`,
    );
    expect(jaMail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(jaMail.text_body).toContain(`https://hibi.example.com/magazine/unsubscribe?token=${link}`);
  });

  it("shows members only the issues sent to their tenant, in their language; another tenant's list is empty", async () => {
    const list = await t.call('listMagazineIssues', { locale: 'en' }, m.en.token);
    expect(list.body.issues.find((i) => i.issueID === issue)).toMatchObject({ subject: '受信者のテスト' });
    const page = await t.call('getMagazineIssue', { issueID: issue, locale: 'en' }, m.en.token);
    expect(page.body.issue.body).toContain('Hello');
    expect((await t.call('getMagazineIssue', { issueID: issue, locale: 'ja' }, m.ja.token)).body.issue.body).toContain('こんにちは');
    // The opted-out member of the same tenant still reads the tenant's past issues.
    expect((await t.call('listMagazineIssues', {}, m.optedOut.token)).body.total).toBeGreaterThan(0);
    const other = await t.call('listMagazineIssues', {}, m.noMail.token);
    expect(other.body).toMatchObject({ succeed: true, issues: [], total: 0 });
    expect((await t.call('getMagazineIssue', { issueID: issue }, m.noMail.token)).body.errorCode).toBe('notFound');
    expect((await t.call('listMagazineIssues', {})).status).toBe(401);
    // A draft or scheduled issue is never a member's.
    const draft = await save();
    expect((await t.call('getMagazineIssue', { issueID: draft }, m.ja.token)).body.errorCode).toBe('notFound');
  });

  it('counts the figures from the deliveries and the outbox', async () => {
    const { id: outboxId } = await one<{ id: number }>(
      sql`SELECT outbox_id AS id FROM magazine_deliveries WHERE issue_id = ${issue} AND user_id = ${m.ja.id}`,
    );
    await db().execute(sql`UPDATE mail_outbox SET status = 'failed' WHERE id = ${outboxId}`);
    const stats = await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: tok.support });
    expect(stats.body.state).toBe('sent');
    const s = stats.body.stats;
    expect(s.skipped).toBe(3);
    expect(s.failed).toBe(1);
    expect(s.recipients).toBe((await issueRow(issue)).recipients);
    expect(s.pending + s.sent + s.failed + s.skipped).toBe(s.recipients);
    // Reconciled: the failed mail is failed; queued again by the console and then delivered, it is sent.
    await service.reconcileDeliveries(db());
    expect((await deliveryOf(issue, m.ja.id))?.state).toBe('failed');
    await db().execute(sql`UPDATE mail_outbox SET status = 'sent' WHERE id = ${outboxId}`);
    await service.reconcileDeliveries(db());
    expect((await deliveryOf(issue, m.ja.id))?.state).toBe('sent');
    expect((await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: tok.owner })).body.stats.failed).toBe(0);
  });

  it('unsubscribes through the signed token, idempotently; a forged or altered token and "test" change nothing', async () => {
    const secret = await service.tokenSecret(db());
    const token = signUnsubscribeToken(secret, issue, m.en.id);
    const forged = signUnsubscribeToken('not-the-secret-not-the-secret-not', issue, m.en.id);
    const otherMember = token.replace(`.${m.en.id}.`, `.${m.ja.id}.`);
    for (const bad of [forged, otherMember, 'test', token.slice(0, -1), `${token}A`, `0${token}`])
      expect((await t.call('unsubscribeMagazine', { token: bad })).body.errorCode, bad).toBe('invalidToken');
    expect((await t.callRaw('unsubscribeMagazine', { token: '' })).status).toBe(400);
    expect((await t.callRaw('unsubscribeMagazine', { token: 'x'.repeat(400) })).status).toBe(400);
    expect((await one<{ on: boolean }>(sql`SELECT email_distribution AS on FROM users WHERE id = ${m.en.id}`)).on).toBe(true);
    const first = await t.call('unsubscribeMagazine', { token });
    expect(first.body).toMatchObject({ succeed: true, email: false });
    const at = await one<{ at: string }>(
      sql`SELECT unsubscribed_at::text AS at FROM magazine_deliveries WHERE issue_id = ${issue} AND user_id = ${m.en.id}`,
    );
    clock += MINUTE;
    expect((await t.call('unsubscribeMagazine', { token })).body).toMatchObject({ succeed: true, email: false });
    expect(await one(sql`SELECT unsubscribed_at::text AS at FROM magazine_deliveries WHERE issue_id = ${issue} AND user_id = ${m.en.id}`)).toEqual(
      at,
    );
    expect((await one<{ on: boolean }>(sql`SELECT email_distribution AS on FROM users WHERE id = ${m.en.id}`)).on).toBe(false);
    expect((await t.consoleCall('getMagazineIssueStats', { issueID: issue }, { token: tok.owner })).body.stats.unsubscribed).toBe(1);
  });
});

describe('the token', () => {
  it('rejects every single-character change, and every truncation', () => {
    const secret = 'k'.repeat(43);
    const token = signUnsubscribeToken(secret, 123, 4567);
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ issueId: 123, userId: 4567 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    let tried = 0;
    for (let i = 0; i < token.length; i++) {
      for (const c of alphabet) {
        if (c === token[i]) continue;
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        expect(verifyUnsubscribeToken(secret, changed), changed).toBeNull();
        tried++;
      }
      expect(verifyUnsubscribeToken(secret, token.slice(0, i))).toBeNull();
    }
    expect(tried).toBeGreaterThan(3000);
    for (const odd of [null, 42, {}, [token], `${token} `, token.toUpperCase()]) expect(verifyUnsubscribeToken(secret, odd)).toBeNull();
  });
});

describe('preview and test send', () => {
  it('previews the unsaved texts in either language, sanitised, with a dummy link', async () => {
    const r = await t.consoleCall('previewMagazineIssue', { ...form({ subject: { ja: '件名', en: null } }), language: 'en' }, { token: tok.support });
    expect(r.body.succeed, JSON.stringify(r.body)).toBe(true);
    expect(r.body.subject).toBe('件名');
    expect(r.body.html).toContain('Hello');
    expect(r.body.html).not.toContain('<script');
    expect(r.body.html).toContain('/magazine/unsubscribe?token=preview');
    expect(r.body.text).toContain('there <https://example.org/x>');
    // The mail's language, not the operator's: the call's own `locale` is English.
    const ja = await t.consoleCall('previewMagazineIssue', { ...form(), language: 'ja', locale: 'en' }, { token: tok.support });
    expect(ja.body.subject).toBe('12月のお便り');
    expect(ja.body.html).toContain('<html lang="ja">');
    expect(
      (await t.consoleRaw('previewMagazineIssue', { ...form(), subject: { ja: '', en: null }, language: 'ja' }, { token: tok.support })).status,
    ).toBe(400);
  });

  it("mails the saved issue to the operator's own address in both languages, marked as a test, limited per operator", async () => {
    const id = await save();
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'magazineTest'`);
    const r = await t.consoleCall('sendMagazineTest', { issueID: id }, { token: tok.owner });
    expect(r.body).toMatchObject({ succeed: true, to: 'owner@example.com', mails: 2 });
    const mails = await rows<{ subject: string; locale: string; html_body: string; headers: Record<string, string> }>(
      db(),
      sql`SELECT subject, locale, html_body, headers FROM mail_outbox WHERE kind = 'magazineTest' AND to_address = 'owner@example.com' ORDER BY id DESC LIMIT 2`,
    );
    expect(mails.map((m) => m.subject).sort()).toEqual(['[TEST] December letter', '[テスト] 12月のお便り']);
    for (const m of mails) expect(m.headers['List-Unsubscribe']).toContain('/magazine/unsubscribe?token=test>');
    expect((await t.consoleCall('sendMagazineTest', { issueID: 999_999 }, { token: tok.owner })).body.errorCode).toBe('notFound');
    for (let i = 1; i < service.TEST_SEND_LIMIT; i++)
      expect((await t.consoleCall('sendMagazineTest', { issueID: id }, { token: tok.owner })).body.succeed).toBe(true);
    expect((await t.consoleCall('sendMagazineTest', { issueID: id }, { token: tok.owner })).body.errorCode).toBe('rateLimited');
    // Another operator has a limit of their own.
    expect((await t.consoleCall('sendMagazineTest', { issueID: id }, { token: tok.editor })).body.succeed).toBe(true);
    const after = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'magazineTest'`);
    expect(after.n - before.n).toBe(2 * (service.TEST_SEND_LIMIT + 1));
  });
});

describe('the demo', () => {
  it('has one issue sent to the demo members, with its figures, and one scheduled ahead', async () => {
    const member = await t.login('member@example.com');
    const list = await t.call('listMagazineIssues', { locale: 'en' }, member);
    const demo = list.body.issues.find((i) => i.subject.startsWith('[Hibi News] Staying well'));
    expect(demo).toBeDefined();
    const stats = await t.consoleCall('getMagazineIssueStats', { issueID: demo!.issueID }, { token: tok.owner });
    expect(stats.body.state).toBe('sent');
    expect(stats.body.stats.recipients).toBeGreaterThan(0);
    expect(stats.body.stats.sent).toBe(stats.body.stats.recipients);
    const scheduled = await t.consoleCall('listMagazineIssues', { state: 'scheduled' }, { token: tok.owner });
    expect(scheduled.body.issues.some((i) => i.subject.ja === '【Hibi通信】年末年始の睡眠リズム')).toBe(true);
  });
});
