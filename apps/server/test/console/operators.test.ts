import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/query.ts';
import { bootstrapOwner } from '../../src/domains/operators/service.ts';
import { createTestApp, totpCode, type TestApp } from '../helpers.ts';

/** Issue 15: operator sign-in (password + TOTP), sessions, invitations, roles. A clock of the test's own. */
const MINUTE = 60_000;
let clock = Date.parse('2026-11-20T01:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(async () => {
  await t?.close();
});

async function signInWithCode(email: string, password = 'wellbeing-demo', secret?: string) {
  const first = await t.consoleCall('signIn', { email, password });
  expect(first.body.succeed).toBe(true);
  return t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(now(), secret) });
}

const mailTo = async (to: string) =>
  rows<{ text_body: string; subject: string }>(
    t.database.db,
    sql`SELECT text_body, subject FROM mail_outbox WHERE to_address = ${to} ORDER BY id DESC`,
  );

describe('sign-in with TOTP', () => {
  it('password then a code: a session (cookie and token); the same code is refused a second time', async () => {
    const first = await t.consoleCall('signIn', { email: 'editor@example.com', password: 'wellbeing-demo' });
    expect(first.body).toMatchObject({ succeed: true, mfa: 'verify' });
    expect(first.body.secret).toBeUndefined();
    const code = await totpCode(now());
    const second = await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code });
    expect(second.body).toMatchObject({ succeed: true, operator: { email: 'editor@example.com', role: 'editor' } });
    expect(second.body.expiresAt).toBe(clock + 12 * 60 * MINUTE);
    const cookie = String(second.headers['set-cookie']);
    expect(cookie).toMatch(/^hibi_console=[^;]+; Path=\/api\/console; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain('Secure');
    // The challenge is spent, and the code too (a new challenge, the same code).
    expect((await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code })).body.errorCode).toBe('invalidChallenge');
    const again = await t.consoleCall('signIn', { email: 'editor@example.com', password: 'wellbeing-demo' });
    expect((await t.consoleCall('verifyTotp', { challenge: again.body.challenge, code })).body).toEqual({ succeed: false, errorCode: 'invalidCode' });
    // The next time step's code works.
    clock += 30_000;
    expect((await t.consoleCall('verifyTotp', { challenge: again.body.challenge, code: await totpCode(now()) })).body.succeed).toBe(true);
    const me = await t.consoleCall('getMe', {}, { token: second.body.token });
    expect(me.body).toMatchObject({ succeed: true, operator: { email: 'editor@example.com', role: 'editor', displayName: '編集 花子' } });
  });

  it('a wrong password and an unknown address answer the same; the attempt is audited', async () => {
    const wrong = await t.consoleCall('signIn', { email: 'owner@example.com', password: 'not-the-password' });
    const unknown = await t.consoleCall('signIn', { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.body).toEqual({ succeed: false, errorCode: 'invalidCredentials' });
    expect(unknown.body).toEqual(wrong.body);
    const audit = await rows<{ action: string; summary: string }>(
      t.database.db,
      sql`SELECT action, summary FROM audit_log WHERE action = 'signInFailed'`,
    );
    expect(audit.map((a) => a.summary)).toEqual(expect.arrayContaining(['wrong password', 'unknown address nobody@example.com']));
    expect(JSON.stringify(audit)).not.toContain('not-the-password');
  });

  it('wrong passwords are limited per account (429) and the limit ends with its window', async () => {
    const email = 'support@example.com';
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await t.consoleCall('signIn', { email, password: `wrong-password-${i}` })).status;
    expect(last).toBe(429);
    // Even the right password waits for the window.
    expect((await t.consoleCall('signIn', { email, password: 'wellbeing-demo' })).status).toBe(429);
    clock += 16 * MINUTE;
    expect((await t.consoleCall('signIn', { email, password: 'wellbeing-demo' })).body.succeed).toBe(true);
  });

  it('wrong codes are limited per account too', async () => {
    clock += 16 * MINUTE;
    const first = await t.consoleCall('signIn', { email: 'owner@example.com', password: 'wellbeing-demo' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: '000000' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    clock += 16 * MINUTE;
  });

  it('bad input is a 400: not six digits, both a code and a recovery code, an over-long password', async () => {
    expect((await t.consoleRaw('verifyTotp', { challenge: 'x', code: '12345' })).status).toBe(400);
    expect((await t.consoleRaw('verifyTotp', { challenge: 'x', code: '123456', recoveryCode: 'abcde-fghij' })).status).toBe(400);
    expect((await t.consoleRaw('signIn', { email: 'owner@example.com', password: 'x'.repeat(129) })).status).toBe(400);
    expect((await t.consoleRaw('signIn', { email: 'owner@example.com\u0000', password: 'x' })).status).toBe(400);
    expect((await t.consoleRaw('signIn', { email: 12, password: 'x' })).status).toBe(400);
    expect((await t.consoleRaw('signIn', 'not json')).status).toBe(400);
  });
});

describe('sessions', () => {
  it('a cookie is accepted only with the app’s own Origin; a bearer token needs none', async () => {
    clock += 16 * MINUTE;
    const signed = await signInWithCode('owner@example.com');
    const token = signed.body.token;
    expect((await t.consoleCall('getMe', {}, { cookie: token })).status).toBe(403);
    expect((await t.consoleCall('getMe', {}, { cookie: token, origin: 'https://evil.example' })).status).toBe(403);
    expect((await t.consoleCall('getMe', {}, { cookie: token, origin: 'http://localhost:80' })).status).toBe(200);
    expect((await t.consoleCall('getMe', {}, { token })).status).toBe(200);
    // A foreign Origin is refused even with a bearer token (a browser page elsewhere).
    expect((await t.consoleCall('getMe', {}, { token, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('ends after 30 minutes without a call, and after 12 hours whatever happens', async () => {
    clock += 16 * MINUTE;
    const token = (await signInWithCode('owner@example.com')).body.token;
    // 24 calls 29 minutes apart: 11 h 36 min; the next one, at 12 h 05 min, is past the absolute end.
    for (let i = 0; i < 24; i++) {
      clock += 29 * MINUTE;
      expect((await t.consoleCall('getMe', {}, { token })).status, `call ${i}`).toBe(200);
    }
    clock += 29 * MINUTE;
    expect((await t.consoleCall('getMe', {}, { token })).body).toEqual({ succeed: false, errorCode: 'loginRequired' });
    clock += 16 * MINUTE;
    const idle = (await signInWithCode('owner@example.com')).body.token;
    clock += 31 * MINUTE;
    expect((await t.consoleCall('getMe', {}, { token: idle })).status).toBe(401);
  });

  it('signOut ends the session and clears the cookie; the audit log says so', async () => {
    clock += MINUTE;
    const token = (await signInWithCode('support@example.com')).body.token;
    const out = await t.consoleCall('signOut', {}, { token });
    expect(out.body.succeed).toBe(true);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await t.consoleCall('getMe', {}, { token })).status).toBe(401);
    const [row] = await rows<{ operator_email: string }>(
      t.database.db,
      sql`SELECT operator_email FROM audit_log WHERE action = 'signOut' ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.operator_email).toBe('support@example.com');
  });

  it('member and operator tokens are not interchangeable', async () => {
    clock += MINUTE;
    const member = await t.login('member@example.com');
    expect((await t.consoleCall('getMe', {}, { token: member })).body).toEqual({ succeed: false, errorCode: 'loginRequired' });
    const operator = (await signInWithCode('editor@example.com')).body.token;
    expect((await t.call('authenticateWithToken', {}, operator)).body).toEqual({ succeed: false, errorCode: 'loginRequired' });
  });
});

describe('invitations, enrolment and recovery codes', () => {
  it('an owner invites; the link sets the password; the first sign-in enrols; recovery codes work once', async () => {
    clock += 16 * MINUTE;
    const owner = (await signInWithCode('owner@example.com')).body.token;
    const invited = await t.consoleCall(
      'inviteOperator',
      { email: 'New.Editor@Example.com', displayName: '新しい 編集者', role: 'editor' },
      { token: owner },
    );
    expect(invited.body.succeed).toBe(true);
    expect(
      (await t.consoleCall('inviteOperator', { email: 'new.editor@example.com', displayName: 'x', role: 'editor' }, { token: owner })).body.errorCode,
    ).toBe('emailTaken');
    const [mail] = await mailTo('new.editor@example.com');
    expect(mail?.subject).toContain('管理コンソール');
    const link = /http\S+\/console\/enrol\?token=(\S+)/.exec(mail!.text_body);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // No sign-in before the password is set.
    expect((await t.consoleCall('signIn', { email: 'new.editor@example.com', password: 'whatever-password' })).body.errorCode).toBe(
      'invalidCredentials',
    );
    expect((await t.consoleRaw('acceptInvitation', { token, password: 'short', displayName: 'x' })).status).toBe(400);
    expect((await t.consoleCall('acceptInvitation', { token, password: 'a-long-enough-password', displayName: '新 編集' })).body).toEqual({
      succeed: true,
      email: 'new.editor@example.com',
    });
    expect((await t.consoleCall('acceptInvitation', { token, password: 'a-long-enough-password', displayName: 'x' })).body.errorCode).toBe(
      'invalidToken',
    );

    const first = await t.consoleCall('signIn', { email: 'new.editor@example.com', password: 'a-long-enough-password' });
    expect(first.body).toMatchObject({ succeed: true, mfa: 'enrol' });
    expect(first.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const secret = first.body.secret!;
    expect((await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: '000000' })).body.errorCode).toBe('invalidCode');
    const enrolled = await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(now(), secret) });
    expect(enrolled.body.succeed).toBe(true);
    const codes = enrolled.body.recoveryCodes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed only.
    const stored = await rows<{ code_hash: string }>(t.database.db, sql`SELECT code_hash FROM operator_recovery_codes`);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);

    const next = await t.consoleCall('signIn', { email: 'new.editor@example.com', password: 'a-long-enough-password' });
    expect(next.body.mfa).toBe('verify');
    expect((await t.consoleCall('verifyTotp', { challenge: next.body.challenge, recoveryCode: codes[0]!.toUpperCase() })).body.succeed).toBe(true);
    const third = await t.consoleCall('signIn', { email: 'new.editor@example.com', password: 'a-long-enough-password' });
    expect((await t.consoleCall('verifyTotp', { challenge: third.body.challenge, recoveryCode: codes[0]! })).body.errorCode).toBe('invalidCode');
    expect((await t.consoleCall('verifyTotp', { challenge: third.body.challenge, recoveryCode: codes[1]! })).body.succeed).toBe(true);

    // The owner resets the TOTP: sessions end, the next sign-in enrols again.
    const list = await t.consoleCall('listOperators', {}, { token: owner });
    const row = list.body.operators.find((o) => o.email === 'new.editor@example.com')!;
    expect(row).toMatchObject({ enrolled: true, invitationPending: false, role: 'editor', active: true });
    expect((await t.consoleCall('resetOperatorTotp', { id: row.id }, { token: owner })).body.succeed).toBe(true);
    expect((await t.consoleCall('getMe', {}, { token: enrolled.body.token })).status).toBe(401);
    expect((await t.consoleCall('signIn', { email: 'new.editor@example.com', password: 'a-long-enough-password' })).body.mfa).toBe('enrol');
  });

  it('roles change, operators deactivate (their sessions end), the last owner stays', async () => {
    clock += MINUTE;
    const owner = await t.operatorToken('owner@example.com');
    const support = (await signInWithCode('support@example.com')).body.token;
    const list = (await t.consoleCall('listOperators', {}, { token: owner })).body.operators;
    const id = (email: string) => list.find((o) => o.email === email)!.id;
    expect((await t.consoleCall('updateOperator', { id: id('owner@example.com'), role: 'editor' }, { token: owner })).body.errorCode).toBe(
      'lastOwner',
    );
    expect((await t.consoleCall('updateOperator', { id: id('owner@example.com'), active: false }, { token: owner })).body.errorCode).toBe(
      'lastOwner',
    );
    expect((await t.consoleCall('updateOperator', { id: 999999 }, { token: owner })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('updateOperator', { id: id('support@example.com'), active: false }, { token: owner })).body.succeed).toBe(true);
    expect((await t.consoleCall('getMe', {}, { token: support })).status).toBe(401);
    expect((await t.consoleCall('signIn', { email: 'support@example.com', password: 'wellbeing-demo' })).body.errorCode).toBe('invalidCredentials');
    expect((await t.consoleCall('updateOperator', { id: id('support@example.com'), active: true }, { token: owner })).body.succeed).toBe(true);
    const [audit] = await rows<{ summary: string }>(
      t.database.db,
      sql`SELECT summary FROM audit_log WHERE action = 'updateOperator' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.summary).toBe('support@example.com: reactivated');
  });
});

describe('console:create-owner', () => {
  it('creates an owner with a one-time link; a second run replaces the link; once a password is set it refuses', async () => {
    clock += MINUTE;
    const first = await bootstrapOwner(t.database.db, 'boss@example.com', 'https://hibi.example.com/', now());
    const second = await bootstrapOwner(t.database.db, 'boss@example.com', 'https://hibi.example.com', now());
    if ('error' in first || 'error' in second) throw new Error('bootstrap refused');
    expect(second.link).toMatch(/^https:\/\/hibi\.example\.com\/console\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    const token = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);
    expect(
      (await t.consoleCall('acceptInvitation', { token: token(first.link), password: 'the-owners-password', displayName: 'ボス' })).body.errorCode,
    ).toBe('invalidToken');
    expect(
      (await t.consoleCall('acceptInvitation', { token: token(second.link), password: 'the-owners-password', displayName: 'ボス' })).body.succeed,
    ).toBe(true);
    const signIn = await t.consoleCall('signIn', { email: 'boss@example.com', password: 'the-owners-password' });
    expect(signIn.body.mfa).toBe('enrol');
    const enrolled = await t.consoleCall('verifyTotp', { challenge: signIn.body.challenge, code: await totpCode(now(), signIn.body.secret) });
    expect(enrolled.body.operator).toMatchObject({ email: 'boss@example.com', role: 'owner', displayName: 'ボス' });
    expect(await bootstrapOwner(t.database.db, 'boss@example.com', 'https://hibi.example.com', now())).toEqual({ error: 'hasPassword' });
    const [audit] = await rows<{ summary: string }>(
      t.database.db,
      sql`SELECT summary FROM audit_log WHERE action = 'createOwner' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.summary).toBe('bootstrap owner boss@example.com (command line)');
  });
});

describe('bad input to the operator functions', () => {
  it('is a 400 and changes nothing', async () => {
    clock += MINUTE;
    const owner = await t.operatorToken('owner@example.com');
    const before = (await t.consoleCall('listOperators', {}, { token: owner })).body.operators;
    const bad: [string, unknown][] = [
      ['inviteOperator', { email: 'not-an-address', displayName: 'x', role: 'editor' }],
      ['inviteOperator', { email: 'a@example.com', displayName: 'x', role: 'admin' }],
      ['inviteOperator', { email: 'a@example.com', displayName: '', role: 'editor' }],
      ['inviteOperator', { email: 'a@example.com', displayName: 'x'.repeat(61), role: 'editor' }],
      ['inviteOperator', { email: 'a@example.com', displayName: 'a\u202eb', role: 'editor' }],
      ['inviteOperator', { email: 'a@example.com', displayName: '<script>', role: 'editor', extra: 1 }],
      ['inviteOperator', { email: ['a@example.com'], displayName: 'x', role: 'editor' }],
      ['updateOperator', { id: '1', role: 'owner' }],
      ['updateOperator', { id: 1, active: 'no' }],
      ['updateOperator', { id: -1 }],
      ['resetOperatorTotp', {}],
      ['resendOperatorInvitation', { id: 1.5 }],
      ['acceptInvitation', { token: 'x', password: 'x'.repeat(129), displayName: 'x' }],
      ['acceptInvitation', { token: '', password: 'a-long-enough-password', displayName: 'x' }],
    ];
    for (const [name, payload] of bad) {
      const answer = await t.consoleRaw(name, payload, { token: owner });
      expect([answer.status, answer.body.errorCode], `${name} ${JSON.stringify(payload)}`).toEqual([400, 'validationError']);
    }
    expect((await t.consoleCall('listOperators', {}, { token: owner })).body.operators).toEqual(before);
    expect(
      (await t.consoleCall('resendOperatorInvitation', { id: before.find((o) => o.email === 'owner@example.com')!.id }, { token: owner })).body
        .errorCode,
    ).toBe('notPending');
  });
});
