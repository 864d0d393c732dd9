import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/query.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { MAIL_PER_RECIPIENT_PER_HOUR } from '../lifecycle/service.ts';
import { createMember, createTenant, unique } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 16, items 4-6: tenants and invitation codes, members (never any health data), the mail outbox. Every write
 * lands in the domains' tables and the audit log; bad input answers 400 or a business error and changes nothing.
 * A clock of the test's own.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = Date.parse('2026-11-22T03:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let owner = '';
let support = '';
beforeAll(async () => {
  t = await createTestApp({ now });
  owner = await t.operatorToken('owner@example.com');
  support = await t.operatorToken('support@example.com');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0]!;
const snapshot = async () =>
  one<{ tenants: string; codes: string; users: string; mails: number; audits: number }>(sql`
    SELECT (SELECT string_agg(to_jsonb(t)::text, ',' ORDER BY id) FROM tenants t) AS tenants,
           (SELECT string_agg(to_jsonb(c)::text, ',' ORDER BY id) FROM invitation_codes c) AS codes,
           (SELECT string_agg(id || ':' || coalesce(deactivated_at::text, '-'), ',' ORDER BY id) FROM users) AS users,
           (SELECT count(*)::int FROM mail_outbox) AS mails,
           (SELECT count(*)::int FROM audit_log WHERE action <> 'denied') AS audits`);
const lastAudit = () =>
  one<{ action: string; target_type: string | null; target_id: string | null; summary: string; operator_email: string }>(
    sql`SELECT action, target_type, target_id, summary, operator_email FROM audit_log ORDER BY id DESC LIMIT 1`,
  );

let seq = 0;
function signup(code: string, locale: 'ja' | 'en' = 'ja') {
  const email = `people${++seq}.${process.pid}@example.org`;
  return t.call('createUserByInvitationCode', {
    invitationCode: code,
    userName: '日比 花子',
    userPhonetic: 'ひび はなこ',
    userNickname: 'はなこ',
    userEmailAddress: email,
    userEmailAddress2: email,
    locale,
  } as never);
}
const REFUSAL_JA = '招待コードが正しくないか、有効期限が切れているか、利用上限に達しています';
const REFUSAL_EN = 'The invitation code is not valid, has expired or has reached its limit of uses';
const refused = { succeed: false, errorCode: 'validationError', validationErrorMessage: [REFUSAL_JA] };

describe('tenants', () => {
  it('lists tenants with their contract, switches and counts, for owners and support', async () => {
    for (const token of [owner, support]) {
      const { body } = await t.consoleCall('listTenants', {}, { token });
      expect(body.succeed).toBe(true);
      const lite = body.tenants.find((x) => x.name.en === 'Lite Plan Studio LLC')!;
      expect(lite).toMatchObject({ contractType: 5, litePlan: true, corporateContract: false, teamMatchEnabled: false });
      const corporate = body.tenants.find((x) => x.name.en === 'Marunouchi Holdings Inc.')!;
      expect(corporate).toMatchObject({
        contractType: 1,
        litePlan: false,
        corporateContract: true,
        teamMatchEnabled: true,
        emailDistributionEnabled: true,
      });
      expect(corporate.memberCount).toBeGreaterThan(1);
      expect(corporate.activeCodes).toBeGreaterThanOrEqual(1);
      expect(body.total).toBe(body.tenants.length);
    }
    const page = await t.consoleCall('listTenants', { offset: 1, perPage: 1 }, { token: owner });
    expect(page.body.tenants).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
  });

  it('creates and changes a tenant; its members see the new switches at their next call', async () => {
    const created = await t.consoleCall(
      'saveTenant',
      { name: { ja: '新しい会社', en: 'New Co.' }, contractType: 1, corporateContract: true, teamMatchEnabled: true, emailDistributionEnabled: true },
      { token: owner },
    );
    expect(created.body.succeed).toBe(true);
    const id = created.body.id;
    expect(await lastAudit()).toMatchObject({
      action: 'saveTenant',
      target_type: 'tenant',
      target_id: String(id),
      operator_email: 'owner@example.com',
    });
    const m = await createMember(db(), { tenantId: id });
    expect((await t.call('getUserContract', {}, m.token)).body).toMatchObject({ contractType: 1, teamMatchEnabled: true });
    const saved = await t.consoleCall(
      'saveTenant',
      { id, name: { ja: '新しい会社', en: '' }, contractType: 5, corporateContract: false, teamMatchEnabled: false, emailDistributionEnabled: false },
      { token: owner },
    );
    expect(saved.body).toEqual({ succeed: true, id });
    expect((await t.call('getUserContract', {}, m.token)).body).toMatchObject({
      contractType: 5,
      teamMatchEnabled: false,
      emailDistributionEnabled: false,
    });
    const listed = (await t.consoleCall('listTenants', { perPage: 100 }, { token: owner })).body.tenants.find((x) => x.id === id)!;
    expect(listed).toMatchObject({ name: { ja: '新しい会社', en: null }, litePlan: true, memberCount: 1 });
  });

  it.each([
    ['contract type 0', { contractType: 0 }],
    ['contract type 6', { contractType: 6 }],
    ['a fractional contract type', { contractType: 1.5 }],
    ['an empty Japanese name', { name: { ja: '  ' } }],
    ['a NUL in the name', { name: { ja: 'a\u0000b' } }],
    ['a bidi override in the name', { name: { ja: 'abc\u202Edef' } }],
    ['a lone surrogate in the name', { name: { ja: 'x\uD800' } }],
    ['a line break in the name', { name: { ja: 'a\nb' } }],
    ['a name of 101 characters', { name: { ja: 'あ'.repeat(101) } }],
    ['a missing switch', { teamMatchEnabled: undefined }],
    ['an unknown field', { plan: 'gold' }],
    ['a huge id', { id: 2 ** 40 }],
  ])('refuses %s with 400 and stores nothing', async (_label, over) => {
    const before = await snapshot();
    const payload = {
      name: { ja: '会社' },
      contractType: 1,
      corporateContract: true,
      teamMatchEnabled: true,
      emailDistributionEnabled: true,
      ...over,
    };
    const res = await t.consoleRaw('saveTenant', payload, { token: owner });
    expect([res.status, res.body.errorCode]).toEqual([400, 'validationError']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers notFound for an unknown tenant id and changes nothing; support may not save tenants', async () => {
    const before = await snapshot();
    const payload = {
      id: 999_999,
      name: { ja: '会社' },
      contractType: 1,
      corporateContract: true,
      teamMatchEnabled: true,
      emailDistributionEnabled: true,
    };
    expect((await t.consoleCall('saveTenant', payload, { token: owner })).body).toMatchObject({ succeed: false, errorCode: 'notFound' });
    expect((await t.consoleRaw('saveTenant', payload, { token: support })).status).toBe(403);
    expect({ ...(await snapshot()), audits: 0 }).toEqual({ ...before, audits: 0 });
  });
});

describe('invitation codes', () => {
  let tenantId = 0;
  beforeAll(async () => {
    tenantId = await createTenant(db());
  });
  const create = (over: Record<string, unknown> = {}, token = owner) =>
    t.consoleRaw('createInvitationCode', { tenantId, maxUses: 1, expiresAt: clock + 7 * DAY, ...over }, { token });
  const listed = async () => (await t.consoleCall('listInvitationCodes', { tenantId }, { token: support })).body.codes;

  it('a generated one-use code: unguessable, listed with its uses; the second signup is refused with the spec message', async () => {
    const first = await create();
    expect(first.body.succeed).toBe(true);
    const code = first.body.code as string;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect((await create()).body.code).not.toBe(code);
    expect(await lastAudit()).toMatchObject({ action: 'createInvitationCode', target_type: 'invitationCode' });
    expect((await listed()).find((c) => c.code === code)).toMatchObject({ maxUses: 1, usedCount: 0, state: 'active', tenantId, revokedAt: null });

    expect((await signup(code.toLowerCase())).body).toEqual({ succeed: true });
    expect((await listed()).find((c) => c.code === code)).toMatchObject({ usedCount: 1, state: 'usedUp' });
    const before = await snapshot();
    expect((await signup(code)).body).toEqual(refused);
    expect((await signup(code, 'en')).body.validationErrorMessage).toEqual([REFUSAL_EN]);
    expect(await snapshot()).toEqual(before);
  });

  it('support creates a chosen code (upper-cased); it is taken once; a revoked code is refused at signup', async () => {
    const chosen = unique('spring').replace(/[^A-Za-z0-9-]/g, '');
    const res = await create({ code: `  ${chosen.toLowerCase()} `, maxUses: 50 }, support);
    expect(res.body).toEqual({ succeed: true, code: chosen.toUpperCase() });
    const before = await snapshot();
    expect((await create({ code: chosen })).body).toMatchObject({ succeed: false, errorCode: 'codeTaken' });
    expect(await snapshot()).toEqual(before);

    expect((await t.consoleCall('revokeInvitationCode', { code: chosen.toLowerCase() }, { token: support })).body).toEqual({ succeed: true });
    expect(await lastAudit()).toMatchObject({ action: 'revokeInvitationCode', target_id: chosen.toUpperCase() });
    expect((await listed()).find((c) => c.code === chosen.toUpperCase())).toMatchObject({ state: 'revoked', usedCount: 0 });
    const users = await snapshot();
    expect((await signup(chosen)).body).toEqual(refused);
    expect((await snapshot()).users).toEqual(users.users);
    // Revoking again keeps the first time.
    const revokedAt = (await listed()).find((c) => c.code === chosen.toUpperCase())!.revokedAt;
    clock += 1000;
    expect((await t.consoleCall('revokeInvitationCode', { code: chosen }, { token: owner })).body.succeed).toBe(true);
    expect((await listed()).find((c) => c.code === chosen.toUpperCase())!.revokedAt).toBe(revokedAt);
  });

  it('an expired code is refused at signup and listed as expired', async () => {
    const code = (await create({ maxUses: 10, expiresAt: clock + 60_000 })).body.code as string;
    clock += 60_000;
    expect((await listed()).find((c) => c.code === code)).toMatchObject({ state: 'expired' });
    expect((await signup(code)).body).toEqual(refused);
  });

  it.each([
    ['maxUses 0', { maxUses: 0 }],
    ['negative maxUses', { maxUses: -1 }],
    ['fractional maxUses', { maxUses: 1.5 }],
    ['huge maxUses', { maxUses: 1e12 }],
    ['maxUses as text', { maxUses: '5' }],
    ['no expiry', { expiresAt: undefined }],
    ['a negative expiry', { expiresAt: -5 }],
    ['a code with a space inside', { code: 'AB CD' }],
    ['a code with a percent sign', { code: 'AB%CD' }],
    ['a code of three characters', { code: 'ABC' }],
    ['a code with a NUL', { code: 'ABCD\u0000' }],
    ['a code with a bidi mark', { code: 'ABCD\u202E' }],
    ['a zero tenant id', { tenantId: 0 }],
    ['a huge tenant id', { tenantId: 2 ** 33 }],
  ])('refuses %s with 400 and stores nothing', async (_label, over) => {
    const before = await snapshot();
    const res = await create(over);
    expect([res.status, res.body.errorCode]).toEqual([400, 'validationError']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers business errors for an unknown tenant and an expiry in the past, storing nothing', async () => {
    const before = await snapshot();
    expect((await create({ tenantId: 999_999 })).body).toMatchObject({ succeed: false, errorCode: 'notFound' });
    expect((await create({ expiresAt: clock - 1 })).body).toMatchObject({ succeed: false, errorCode: 'expiryInPast' });
    expect((await create({ expiresAt: clock })).body).toMatchObject({ succeed: false, errorCode: 'expiryInPast' });
    expect((await t.consoleCall('revokeInvitationCode', { code: 'NO-SUCH-CODE' }, { token: owner })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await t.consoleCall('listInvitationCodes', { tenantId: 999_999 }, { token: owner })).body).toMatchObject({ errorCode: 'notFound' });
    expect({ ...(await snapshot()), audits: 0 }).toEqual({ ...before, audits: 0 });
  });
});

describe('members', () => {
  it('searches by a part of the address, nickname or company id, by number, paged; LIKE wildcards are plain text', async () => {
    const search = async (query: string, extra: Record<string, unknown> = {}) =>
      (await t.consoleCall('searchMembers', { query, ...extra } as never, { token: support })).body;
    const byMail = await search('MEMBER@example');
    expect(byMail.members.map((m) => m.email)).toContain('member@example.com');
    const member = byMail.members.find((m) => m.email === 'member@example.com')!;
    expect(member).toMatchObject({ nickname: 'ひびき', tenantName: '丸の内ホールディングス株式会社', deactivated: false });
    expect((await search('ひび')).members.map((m) => m.id)).toContain(member.id);
    expect((await search(String(member.id))).members.map((m) => m.id)).toContain(member.id);
    expect((await search('emp-0001')).members.map((m) => m.loginId)).toContain('EMP-0001');
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    expect((await search('\\')).total).toBe(0);
    const all = await search('@example.com', { perPage: 2 });
    expect(all.members).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const next = await search('@example.com', { perPage: 2, offset: 2 });
    expect(next.members.map((m) => m.id)).not.toContain(all.members[0]!.id);
    for (const bad of ['a\u0000', 'a\u202Eb', 'x'.repeat(101)]) {
      expect((await t.consoleRaw('searchMembers', { query: bad }, { token: support })).status).toBe(400);
    }
    expect((await t.consoleRaw('searchMembers', { query: 'a', perPage: 1000 }, { token: support })).status).toBe(400);
  });

  it('finds members by full name or nickname whatever the width and spaces (issue 55, item 6)', async () => {
    const search = async (query: string) => (await t.consoleCall('searchMembers', { query }, { token: support })).body;
    const [hibi] = await rows<{ id: number }>(db(), sql`SELECT id FROM users WHERE email = 'member@example.com'`);
    // member@example.com is 日比 響 (nickname ひびき), the name reservations show.
    for (const query of ['日比', '日比 響', '日比響', '日比　響', '比 響'])
      expect(
        (await search(query)).members.map((m) => m.id),
        query,
      ).toContain(hibi!.id);
    expect((await search('日比')).members.find((m) => m.id === hibi!.id)).toMatchObject({ userName: '日比 響', nickname: 'ひびき' });
    const wide = await createMember(db(), { userName: 'ﾀﾅｶ ﾊﾅｺ', nickname: 'Ｈａｎａ５' });
    for (const query of ['タナカ', 'ﾀﾅｶﾊﾅｺ', 'タナカ　ハナコ', 'hana5', 'ＨＡＮＡ'])
      expect(
        (await search(query)).members.map((m) => m.id),
        query,
      ).toContain(wide.id);
    expect((await search('タナカ%')).total).toBe(0);
  });

  it('lists every member, newest first, paged in SQL, when nothing is searched', async () => {
    const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    const page = async (offset: number, query?: string) =>
      (await t.consoleCall('searchMembers', { ...(query === undefined ? {} : { query }), offset, perPage: 50 }, { token: support })).body;
    const first = await page(0);
    expect(first.succeed).toBe(true);
    expect(first.total).toBe(n);
    expect(first.members).toHaveLength(50);
    expect((await page(0, '   ')).members.map((m) => m.id)).toEqual(first.members.map((m) => m.id));
    const seen = new Set<number>();
    for (let offset = 0; offset < n; offset += 50) for (const m of (await page(offset)).members) seen.add(m.id);
    expect(seen.size).toBe(n);
    const times = first.members.map((m) => m.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('shows an account status and never any health data', async () => {
    const [m] = await rows<{ id: number }>(db(), sql`SELECT id FROM users WHERE email = 'member@example.com'`);
    const { body } = await t.consoleCall('getMemberStatus', { id: m!.id }, { token: support });
    expect(body.succeed).toBe(true);
    expect(body.member).toMatchObject({
      email: 'member@example.com',
      nickname: 'ひびき',
      tenant: { contractType: 1, litePlan: false, corporateContract: true },
      emailVerified: true,
      passwordSet: true,
      deactivatedAt: null,
    });
    expect(Object.keys(body.member).sort()).toEqual(
      [
        'createdAt',
        'deactivatedAt',
        'email',
        'emailVerified',
        'externalAccountId',
        'id',
        'lastSignInAt',
        'locale',
        'loginId',
        'nickname',
        'passwordSet',
        'sessionsCount',
        'tenant',
        'userName',
      ].sort(),
    );
    const text = JSON.stringify(body).toLowerCase();
    for (const word of ['weight', 'height', 'steps', 'birth', 'gender', 'bodyfat', 'sleep', 'score', 'meal', 'health']) {
      expect(text, word).not.toContain(word);
    }
    expect((await t.consoleCall('getMemberStatus', { id: 999_999 }, { token: support })).body).toMatchObject({ errorCode: 'notFound' });
  });

  it('ends every session of a member at once (a kept session too) and counts them', async () => {
    const m = await createMember(db(), { now: now() });
    await t.call('getMyProfile', {}, m.token);
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(200);
    expect((await t.consoleCall('getMemberStatus', { id: m.id }, { token: support })).body.member.sessionsCount).toBe(1);
    expect((await t.consoleCall('endMemberSessions', { id: m.id }, { token: support })).body).toEqual({ succeed: true, ended: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'endMemberSessions', target_type: 'member', target_id: String(m.id) });
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(401);
  });

  it('deactivates a member: kept sessions end at the next call, sign-in is refused; reactivating lets them in again', async () => {
    const m = await createMember(db(), { now: now(), password: 'correct horse battery' });
    await t.call('getMyProfile', {}, m.token);
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(200);
    expect((await t.consoleCall('deactivateMember', { id: m.id }, { token: support })).body).toEqual({ succeed: true });
    expect(await lastAudit()).toMatchObject({ action: 'deactivateMember', target_id: String(m.id), operator_email: 'support@example.com' });
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(401);
    expect((await t.call('login', { id: m.email, password: 'correct horse battery' })).body).toEqual({ succeed: false, errorCode: 'notTenantUser' });
    const status = (await t.consoleCall('getMemberStatus', { id: m.id }, { token: support })).body.member;
    expect(status.deactivatedAt).toBe(clock);
    expect(status.sessionsCount).toBe(0);
    expect((await t.consoleCall('searchMembers', { query: m.email }, { token: support })).body.members[0]).toMatchObject({ deactivated: true });
    // Again: nothing changes, the first time stays.
    clock += 1000;
    expect((await t.consoleCall('deactivateMember', { id: m.id }, { token: support })).body.succeed).toBe(true);
    expect((await t.consoleCall('getMemberStatus', { id: m.id }, { token: support })).body.member.deactivatedAt).toBe(clock - 1000);

    expect((await t.consoleCall('reactivateMember', { id: m.id }, { token: support })).body).toEqual({ succeed: true });
    const login = await t.call('login', { id: m.email, password: 'correct horse battery' });
    expect(login.body.succeed).toBe(true);
    expect((await t.call('getMyProfile', {}, login.body.token!)).status).toBe(200);
  });

  it('a deactivation written straight into the table reaches a kept session too (the users trigger names the member)', async () => {
    const m = await createMember(db(), { now: now() });
    await t.call('getMyProfile', {}, m.token);
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(200);
    await db().execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${m.id}`);
    expect((await t.call('getMyProfile', {}, m.token)).status).toBe(401);
  });

  it('mails a password-setting link through the outbox, within the address’s mail budget', async () => {
    const withPassword = await createMember(db(), { now: now(), password: 'correct horse battery' });
    const withoutPassword = await createMember(db(), { now: now() });
    const mails = (to: string) =>
      rows<{ kind: string; text_body: string }>(db(), sql`SELECT kind, text_body FROM mail_outbox WHERE to_address = ${to} ORDER BY id`);
    expect((await t.consoleCall('resendPasswordLink', { id: withoutPassword.id }, { token: support })).body).toEqual({ succeed: true });
    expect((await mails(withoutPassword.email)).map((x) => x.kind)).toEqual(['signup']);
    expect(await lastAudit()).toMatchObject({ action: 'resendPasswordLink', target_id: String(withoutPassword.id) });
    expect((await t.consoleCall('resendPasswordLink', { id: withPassword.id }, { token: owner })).body).toEqual({ succeed: true });
    const [mail] = await mails(withPassword.email);
    expect(mail!.kind).toBe('reset');
    const token = /setPassword\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    expect((await t.call('setPassword', { token, password: 'a brand new password' })).body).toEqual({ succeed: true });
    expect((await t.call('login', { id: withPassword.email, password: 'a brand new password' })).body.succeed).toBe(true);

    for (let i = 1; i < MAIL_PER_RECIPIENT_PER_HOUR; i++) {
      expect((await t.consoleCall('resendPasswordLink', { id: withoutPassword.id }, { token: support })).body.succeed).toBe(true);
    }
    const before = await snapshot();
    expect((await t.consoleCall('resendPasswordLink', { id: withoutPassword.id }, { token: support })).body).toMatchObject({
      succeed: false,
      errorCode: 'mailLimit',
    });
    expect({ ...(await snapshot()), audits: 0 }).toEqual({ ...before, audits: 0 });
  });

  it('answers notFound for unknown or withdrawn members and deactivated for a link to a deactivated one, changing nothing', async () => {
    const m = await createMember(db(), { now: now() });
    await t.consoleCall('deactivateMember', { id: m.id }, { token: owner });
    const before = await snapshot();
    expect((await t.consoleCall('resendPasswordLink', { id: m.id }, { token: support })).body).toMatchObject({ errorCode: 'deactivated' });
    for (const name of ['resendPasswordLink', 'endMemberSessions', 'deactivateMember', 'reactivateMember'] as const) {
      expect((await t.consoleCall(name, { id: 999_999 }, { token: support })).body, name).toMatchObject({ succeed: false, errorCode: 'notFound' });
      expect((await t.consoleRaw(name, { id: -1 }, { token: support })).status).toBe(400);
      expect((await t.consoleRaw(name, { id: '1' }, { token: support })).status).toBe(400);
    }
    expect({ ...(await snapshot()), audits: 0 }).toEqual({ ...before, audits: 0 });
  });
});

describe('the members export', () => {
  it('an owner exports a tenant’s members as CSV (BOM, header, one row each, no health data), audited', async () => {
    const tenantId = await createTenant(db());
    const a = await createMember(db(), { tenantId, nickname: '=SUM(1,2)', now: now() });
    const b = await createMember(db(), { tenantId, nickname: 'びー, "quoted"', now: now() });
    await t.consoleCall('deactivateMember', { id: b.id }, { token: owner });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportMembers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      payload: JSON.stringify({ tenantId }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="members-tenant-\d+-\d{8}\.csv"/);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'id,email,accountId,externalAccountId,nickname,userName,userPhonetic,locale,createdAt,lastSignInAt,passwordSet,deactivatedAt',
    );
    expect(lines.slice(1, -1)).toHaveLength(2);
    expect(lines[1]).toContain(`${a.id},${a.email},`);
    expect(lines[1]).toContain(`'=SUM(1,2)`);
    expect(lines[2]).toContain('"びー, ""quoted"""');
    expect(lines[2]).toMatch(/,false,\d{4}-\d{2}-\d{2}T/);
    expect(lines.at(-1)).toBe('');
    expect(res.body.toLowerCase()).not.toMatch(/weight|height|steps|birth|gender/);
    expect(await lastAudit()).toMatchObject({ action: 'exportMembers', target_type: 'tenant', target_id: String(tenantId) });
  });

  it('refuses an unknown tenant, bad input and support', async () => {
    expect((await t.consoleRaw('exportMembers', { tenantId: 999_999 }, { token: owner })).body).toMatchObject({
      succeed: false,
      errorCode: 'notFound',
    });
    expect((await t.consoleRaw('exportMembers', { tenantId: 'x' }, { token: owner })).status).toBe(400);
    expect((await t.consoleRaw('exportMembers', { tenantId: 1 }, { token: support })).status).toBe(403);
  });
});

describe('the mail outbox', () => {
  it('lists mail by state and recipient without subject or body; a failed mail is queued again', async () => {
    const to = `outbox.${process.pid}@example.org`;
    const link = 'http://localhost/setPassword?token=secret-token-in-body';
    const failedId = await enqueueMail(db(), { kind: 'reset', locale: 'ja', to, name: 'x', link }, now());
    const sentId = await enqueueMail(db(), { kind: 'signup', locale: 'en', to, name: 'x', link }, now());
    await db().execute(sql`UPDATE mail_outbox SET status = 'failed', attempts = 8, last_error = '550 mailbox unavailable' WHERE id = ${failedId}`);
    await db().execute(
      sql`UPDATE mail_outbox SET status = 'sent', attempts = 1, sent_at = now(), text_body = '', html_body = '' WHERE id = ${sentId}`,
    );

    const list = (await t.consoleCall('listOutbox', { recipient: 'OUTBOX.' }, { token: support })).body;
    expect(list.total).toBe(2);
    expect(list.mails.map((m) => [m.id, m.state])).toEqual([
      [sentId, 'sent'],
      [failedId, 'failed'],
    ]);
    expect(list.mails[1]).toMatchObject({ kind: 'reset', recipient: to, attempts: 8, lastError: '550 mailbox unavailable' });
    for (const mail of list.mails) expect(Object.keys(mail).sort()).not.toEqual(expect.arrayContaining(['subject']));
    expect(JSON.stringify(list)).not.toContain('secret-token');
    const failedOnly = (await t.consoleCall('listOutbox', { state: 'failed', recipient: to }, { token: owner })).body.mails;
    expect(failedOnly.map((m) => m.id)).toEqual([failedId]);
    expect((await t.consoleCall('listOutbox', { recipient: '%' }, { token: owner })).body.total).toBe(0);

    expect((await t.consoleCall('retryMail', { id: failedId }, { token: support })).body).toEqual({ succeed: true });
    expect(await lastAudit()).toMatchObject({ action: 'retryMail', target_type: 'mail', target_id: String(failedId) });
    const retried = await one<{ status: string; attempts: number; text_body: string }>(
      sql`SELECT status, attempts, text_body FROM mail_outbox WHERE id = ${failedId}`,
    );
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    expect(retried.text_body).toContain('secret-token');
    expect((await t.consoleCall('listOutbox', { state: 'queued', recipient: to }, { token: owner })).body.mails.map((m) => m.id)).toEqual([failedId]);

    const before = await snapshot();
    expect((await t.consoleCall('retryMail', { id: sentId }, { token: support })).body).toMatchObject({ errorCode: 'notFailed' });
    expect((await t.consoleCall('retryMail', { id: failedId }, { token: support })).body).toMatchObject({ errorCode: 'notFailed' });
    expect((await t.consoleCall('retryMail', { id: 999_999 }, { token: support })).body).toMatchObject({ errorCode: 'notFound' });
    await db().execute(sql`UPDATE mail_outbox SET status = 'failed', text_body = '', html_body = '' WHERE id = ${sentId}`);
    const wiped = await snapshot();
    expect((await t.consoleCall('retryMail', { id: sentId }, { token: support })).body).toMatchObject({ errorCode: 'bodyGone' });
    expect({ ...(await snapshot()), audits: 0 }).toEqual({ ...wiped, audits: 0 });
    expect(before.mails).toBe(wiped.mails);
    for (const bad of [{ state: 'pending' }, { perPage: 0 }, { offset: -1 }, { recipient: 'a\u0000' }]) {
      expect((await t.consoleRaw('listOutbox', bad, { token: owner })).status).toBe(400);
    }
  });
});
