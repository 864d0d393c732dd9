import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { SESSION_LIFETIME_MS } from '@hibi/contract/constants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (body: { id: string; password: string }, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/functions/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });

describe('login', () => {
  it('signs in with an email and returns the user, the contract and a token that expires after 26784e5 ms', async () => {
    const before = Date.now();
    const { status, body } = await t.call('login', { id: 'Member@Example.com', password: 'wellbeing-demo', locale: 'en' });
    expect(status).toBe(200);
    expect(body.succeed).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ nickname: 'ひびき', hasEmail: true, termsVersion: 2 });
    expect(body.tenantContract).toEqual({ contractType: 1, corporateContract: true, teamMatchEnabled: true, emailDistributionEnabled: true });
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it('stores only a hash of the token', async () => {
    const { body } = await t.call('login', { id: 'member@example.com', password: 'wellbeing-demo' });
    const rows = (await t.database.db.execute(sql`SELECT token_hash FROM sessions`)) as unknown as { rows: { token_hash: string }[] };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.token_hash === body.token)).toBe(false);
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('signs in with a company-assigned account id, case-insensitively, and says it has no email', async () => {
    const { body } = await t.call('login', { id: 'emp-0001', password: 'wellbeing-demo' });
    expect(body.succeed).toBe(true);
    expect(body.user.hasEmail).toBe(false);
  });

  it('answers a wrong password and an unknown id the same way', async () => {
    const wrong = await t.call('login', { id: 'member@example.com', password: 'not-the-password' });
    const unknown = await t.call('login', { id: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong).toEqual({ status: 200, body: { succeed: false, errorCode: 'invalidCredentials' } });
    expect(unknown).toEqual(wrong);
  });

  it('tells a person who is no tenant user so, only with the right password', async () => {
    expect((await t.call('login', { id: 'former@example.com', password: 'wellbeing-demo' })).body.errorCode).toBe('notTenantUser');
    expect((await t.call('login', { id: 'former@example.com', password: 'wrong-password' })).body.errorCode).toBe('invalidCredentials');
  });

  it('answers 429 to a client after 10 failed attempts on one account, the right password included', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.call('login', { id: 'member05@example.com', password: `wrong-${i}` })).status).toBe(200);
    }
    const limited = await t.call('login', { id: 'member05@example.com', password: 'wellbeing-demo' });
    expect(limited).toEqual({ status: 429, body: { succeed: false, errorCode: 'tooManyRequests' } });
    // Other accounts are not affected.
    expect((await t.call('login', { id: 'member06@example.com', password: 'wellbeing-demo' })).body.succeed).toBe(true);
  });

  it('never locks the owner out: a stranger’s failures from elsewhere do not stop the right password from the owner’s client (issue 12, 4)', async () => {
    for (let i = 0; i < 12; i++) await login({ id: 'member07@example.com', password: `guess-${i}` }, '203.0.113.66');
    expect((await login({ id: 'member07@example.com', password: 'x' }, '203.0.113.66')).statusCode).toBe(429);
    const owner = await login({ id: 'member07@example.com', password: 'wellbeing-demo' }, '198.51.100.23');
    expect(owner.json().succeed).toBe(true);
  });

  it('limits failed sign-ins per address across accounts, and successful ones are not counted (issue 12, 4 and 6)', async () => {
    const small = await createTestApp({ env: { LOGIN_LIMIT_PER_ADDRESS: '5' } });
    try {
      const at = (id: string, password: string, remoteAddress: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/functions/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ id, password }),
          remoteAddress,
        });
      // A busy office: many successful sign-ins from one address never trip the limit.
      for (let i = 0; i < 8; i++) expect((await at(`member${10 + i}@example.com`, 'wellbeing-demo', '192.0.2.10')).json().succeed).toBe(true);
      // A sprayer: one wrong password on many accounts from one address is stopped after 5.
      for (let i = 0; i < 5; i++) expect((await at(`member${30 + i}@example.com`, 'spray-1', '192.0.2.20')).statusCode).toBe(200);
      expect((await at('member40@example.com', 'spray-1', '192.0.2.20')).statusCode).toBe(429);
      // IPv6: a whole /64 is one client; another /64 is another.
      for (let i = 0; i < 5; i++) expect((await at(`member${41 + i}@example.com`, 'spray-2', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
      expect((await at('member47@example.com', 'spray-2', '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
      expect((await at('member47@example.com', 'wellbeing-demo', '2001:db8:1:3::1')).json().succeed).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('counts each attempt before checking it: 60 parallel guesses get at most 10 answers, the rest 429 (issue 12, 3)', async () => {
    const attempts = Array.from({ length: 60 }, (_, i) =>
      login({ id: 'member08@example.com', password: i === 59 ? 'wellbeing-demo' : `parallel-${i}` }, '203.0.113.99'),
    );
    const answers = await Promise.all(attempts);
    const evaluated = answers.filter((a) => a.statusCode === 200);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(50);
    const tokens = evaluated.filter((a) => a.json().succeed);
    // The right password got a token only if it was one of the 10 evaluated; afterwards it is refused too.
    expect(tokens.length).toBeLessThanOrEqual(1);
    expect((await login({ id: 'member08@example.com', password: 'wellbeing-demo' }, '203.0.113.99')).statusCode).toBe(429);
  });

  it('validates in the caller language', async () => {
    const ja = await t.call('login', { id: '', password: '' });
    expect(ja.status).toBe(400);
    expect(ja.body.validationErrorMessage).toEqual(['メールアドレスが入力されていません', 'パスワードが入力されていません']);
    const en = await t.call('login', { id: ' ', password: 'x', locale: 'en-GB' });
    expect(en.body.validationErrorMessage).toEqual(['No email address has been entered']);
  });
});

describe('tokens', () => {
  it('authenticates, then logout ends the token on the server', async () => {
    const token = await t.login('member@example.com');
    const ok = await t.call('authenticateWithToken', {}, token);
    expect(ok.body).toMatchObject({ succeed: true, user: { nickname: 'ひびき' }, tenantContract: { corporateContract: true } });
    expect((await t.call('logout', {}, token)).body.succeed).toBe(true);
    expect(await t.call('authenticateWithToken', {}, token)).toEqual({ status: 401, body: { succeed: false, errorCode: 'loginRequired' } });
  });

  it('refuses unknown, malformed and expired tokens with 401', async () => {
    expect((await t.call('authenticateWithToken', {}, 'x'.repeat(43))).status).toBe(401);
    expect((await t.call('authenticateWithToken', {})).status).toBe(401);
    const token = await t.login('member01@example.com');
    await t.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await t.call('authenticateWithToken', {}, token)).status).toBe(401);
  });
});

describe('terms, config and locale', () => {
  it('returns the configured terms version and records an acceptance', async () => {
    expect((await t.call('getConfig')).body).toEqual({ succeed: true, termsVersion: 2 });
    const token = await t.login('lite@example.com');
    expect((await t.call('acceptTerms', { termsVersion: 3 }, token)).body.errorCode).toBe('unknownTermsVersion');
    expect((await t.call('acceptTerms', { termsVersion: 2 }, token)).body).toEqual({ succeed: true, termsVersion: 2 });
    expect((await t.call('authenticateWithToken', {}, token)).body.user.termsVersion).toBe(2);
  });

  it('saves the locale of notifyLoggedIn and updateLocale; anything but ja/en counts as ja', async () => {
    const token = await t.login('nocontract@example.com');
    const notified = await t.call('notifyLoggedIn', { locale: 'en-US' }, token);
    expect(notified.body).toEqual({
      succeed: true,
      tenantContract: { contractType: 2, corporateContract: false, teamMatchEnabled: false, emailDistributionEnabled: false },
    });
    expect((await t.call('authenticateWithToken', {}, token)).body.user.locale).toBe('en');
    expect((await t.call('updateLocale', { locale: 'fr' }, token)).body).toEqual({ succeed: true, locale: 'ja' });
    expect((await t.call('authenticateWithToken', {}, token)).body.user.locale).toBe('ja');
  });
});
