import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '@hibi/contract/constants';
import { fromAppOrigin, webSessionCookies } from '../src/functions/web-session.ts';
import { readCookie } from '../src/lib/cookies.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The web app's session in an HttpOnly cookie, and the cross-origin rule of the calls it authenticates
// (docs/decisions/107-cookie-sessions.md). Bearer tokens stay as they were: the other suites prove it on every call.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const APP = 'http://localhost:3000';
const HOST = 'localhost:3000';

interface Sent {
  status: number;
  body: Record<string, unknown>;
  setCookies: string[];
}

async function post(name: string, payload: object, headers: Record<string, string> = {}): Promise<Sent> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', host: HOST, ...headers },
    payload: JSON.stringify(payload),
  });
  const raw = res.headers['set-cookie'];
  return { status: res.statusCode, body: res.json(), setCookies: raw === undefined ? [] : [raw].flat() };
}

const cookieNamed = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`));
const tokenOf = (setCookies: string[]) => readCookie(cookieNamed(setCookies, 'hibi_session')?.split(';')[0], 'hibi_session');
const sessionCount = async () =>
  ((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM sessions`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

async function webLogin(id = 'member@example.com') {
  const sent = await post('login', { id, password: 'wellbeing-demo', session: 'cookie' }, { origin: APP });
  expect(sent.status).toBe(200);
  const token = tokenOf(sent.setCookies);
  expect(token).toBeTruthy();
  return { ...sent, cookie: `hibi_session=${token}; hibi_signed_in=1`, token: token! };
}

describe('signing in with session: cookie', () => {
  it('puts the session in an HttpOnly, SameSite=Lax cookie for the whole site, and the answer carries no token', async () => {
    const before = Date.now();
    const { body, setCookies } = await webLogin();
    expect(body).toMatchObject({ succeed: true, user: { nickname: 'ひびき' }, tenantContract: { corporateContract: true } });
    expect(body).not.toHaveProperty('token');
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);

    const session = cookieNamed(setCookies, 'hibi_session')!;
    const attributes = session.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(attributes).not.toContain('Secure'); // APP_BASE_URL is http here
    expect(session).not.toMatch(/Domain=/i);
    const maxAge = Number(/Max-Age=(\d+)/.exec(session)![1]);
    expect(maxAge).toBeGreaterThan(SESSION_LIFETIME_MS / 1000 - 60);
    expect(maxAge).toBeLessThanOrEqual(SESSION_LIFETIME_MS / 1000);

    // The readable companion says only that a session exists.
    const signedIn = cookieNamed(setCookies, 'hibi_signed_in')!;
    expect(signedIn.split('; ')[0]).toBe('hibi_signed_in=1');
    expect(signedIn).not.toContain('HttpOnly');
    expect(signedIn).toContain('SameSite=Lax');
  });

  it('authenticates the calls of the app’s own pages with the cookie alone', async () => {
    const { cookie } = await webLogin();
    const me = await post('authenticateWithToken', {}, { cookie, origin: APP });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ succeed: true, user: { nickname: 'ひびき' } });
    // Member content: the same list a bearer token gets.
    const profile = await post('getMyProfile', {}, { cookie, origin: APP });
    expect(profile.body).toMatchObject({ succeed: true });
    // No Origin, but the browser says the request is from this origin (a header page scripts cannot set).
    expect((await post('authenticateWithToken', {}, { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('refuses a cookie-authenticated call from another origin, or without one, with 403 crossOriginRefused', async () => {
    const { cookie } = await webLogin();
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      {}, // no Origin, no Sec-Fetch-Site: not a page of the app (API clients use a bearer token)
      { 'sec-fetch-site': 'same-site' }, // a sibling site's page
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const refused = await post('getMyProfile', {}, { cookie, ...headers });
      expect(refused, JSON.stringify(headers)).toMatchObject({ status: 403, body: { succeed: false, errorCode: 'crossOriginRefused' } });
      const optional = await post('getAnnouncements', { offset: 0, perPage: 5 }, { cookie, ...headers });
      expect(optional.status, `an optional-sign-in call, ${JSON.stringify(headers)}`).toBe(403);
    }
    // Before the body is even read: a form or a no-cors fetch of another site's page (text/plain, no preflight).
    const simple = await t.app.inject({
      method: 'POST',
      url: '/api/functions/updateLocale',
      headers: { 'content-type': 'text/plain', host: HOST, cookie, origin: 'http://localhost:3950' },
      payload: '{"locale":"en"}',
    });
    expect(simple.statusCode).toBe(403);
    expect(simple.json()).toMatchObject({ errorCode: 'crossOriginRefused' });
    // Calls that read no caller do not look at the cookie: nothing to refuse.
    expect((await post('getConfig', {}, { cookie, origin: 'https://evil.example' })).status).toBe(200);
    // A state change from another origin did nothing.
    const before = await post('getMyProfile', {}, { cookie, origin: APP });
    expect(before.body).toMatchObject({ succeed: true });
  });

  it('refuses to start a cookie session from another origin (login CSRF), and creates no session', async () => {
    const sessions = await sessionCount();
    const refused = await post(
      'login',
      { id: 'member@example.com', password: 'wellbeing-demo', session: 'cookie' },
      { origin: 'https://evil.example' },
    );
    expect(refused).toMatchObject({ status: 403, body: { errorCode: 'crossOriginRefused' }, setCookies: [] });
    expect(await sessionCount()).toBe(sessions);
  });

  it('sign-out ends the session and deletes both cookies; the old cookie is then refused with 401 and deleted again', async () => {
    const { cookie } = await webLogin();
    const out = await post('logout', {}, { cookie, origin: APP });
    expect(out.status).toBe(200);
    for (const name of ['hibi_session', 'hibi_signed_in']) {
      const cleared = cookieNamed(out.setCookies, name)!;
      expect(cleared.split('; ')[0]).toBe(`${name}=`);
      expect(cleared).toContain('Max-Age=0');
    }
    const after = await post('authenticateWithToken', {}, { cookie, origin: APP });
    expect(after).toMatchObject({ status: 401, body: { errorCode: 'loginRequired' } });
    expect(cookieNamed(after.setCookies, 'hibi_session')).toContain('Max-Age=0');
    // An optional-sign-in call with the dead cookie is answered as for a guest, and the cookie deleted.
    const guest = await post('getAnnouncements', { offset: 0, perPage: 5 }, { cookie, origin: APP });
    expect(guest.status).toBe(200);
    expect(cookieNamed(guest.setCookies, 'hibi_signed_in')).toContain('Max-Age=0');
  });

  it('a new web sign-in ends the session the browser had; a failed one leaves the browser signed out (docs/requirements/auth.md#auth-login-errors)', async () => {
    const first = await webLogin();
    const second = await post(
      'login',
      { id: 'member01@example.com', password: 'wellbeing-demo', session: 'cookie' },
      { origin: APP, cookie: first.cookie },
    );
    expect(second.status).toBe(200);
    expect(tokenOf(second.setCookies)).not.toBe(first.token);
    expect((await post('authenticateWithToken', {}, { cookie: first.cookie, origin: APP })).status).toBe(401);

    const third = await webLogin();
    const failed = await post(
      'login',
      { id: 'member@example.com', password: 'wrong-password', session: 'cookie' },
      { origin: APP, cookie: third.cookie },
    );
    expect(failed.body).toMatchObject({ succeed: false, errorCode: 'invalidCredentials' });
    expect(cookieNamed(failed.setCookies, 'hibi_session')).toContain('Max-Age=0');
    expect((await post('authenticateWithToken', {}, { cookie: third.cookie, origin: APP })).status).toBe(401);
  });
});

describe('bearer tokens (the mobile app, API clients) are unchanged', () => {
  it('login without session (or session: bearer) answers the token and sets no cookie', async () => {
    for (const payload of [{}, { session: 'bearer' }]) {
      const sent = await post('login', { id: 'member@example.com', password: 'wellbeing-demo', ...payload });
      expect(sent.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sent.setCookies).toEqual([]);
    }
  });

  it('a bearer call from any origin, or none, works, and a bearer token wins over a cookie', async () => {
    const token = await t.login('member01@example.com');
    for (const headers of [{}, { origin: 'https://app.example.org' }] as Record<string, string>[]) {
      const me = await post('authenticateWithToken', {}, { authorization: `Bearer ${token}`, ...headers });
      expect(me.body).toMatchObject({ succeed: true, user: { nickname: expect.any(String) } });
    }
    const web = await webLogin('member@example.com');
    const both = await post('authenticateWithToken', {}, { authorization: `Bearer ${token}`, cookie: web.cookie, origin: 'https://evil.example' });
    expect(both.status).toBe(200);
    expect((both.body.user as { nickname: string }).nickname).not.toBe('ひびき');
    expect(both.setCookies).toEqual([]);
  });

  it('a bearer logout ends only its own token', async () => {
    const token = await t.login('member02@example.com');
    expect((await post('logout', {}, { authorization: `Bearer ${token}` })).setCookies).toEqual([]);
    expect((await post('authenticateWithToken', {}, { authorization: `Bearer ${token}` })).status).toBe(401);
  });
});

describe('over HTTPS', () => {
  it('names the cookie __Host-hibi_session and marks both cookies Secure; the Origin must be APP_BASE_URL’s', async () => {
    const secure = await createTestApp({ seed: true, env: { APP_BASE_URL: 'https://hibi.example.com/' } });
    try {
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/functions/login',
        headers: { 'content-type': 'application/json', host: 'hibi.example.com', origin: 'https://hibi.example.com' },
        payload: JSON.stringify({ id: 'member@example.com', password: 'wellbeing-demo', session: 'cookie' }),
      });
      const setCookies = [login.headers['set-cookie'] ?? []].flat();
      const session = cookieNamed(setCookies, '__Host-hibi_session')!;
      expect(session.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']));
      expect(cookieNamed(setCookies, 'hibi_signed_in')).toContain('Secure');
      expect(cookieNamed(setCookies, 'hibi_session')).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it('in production only APP_BASE_URL’s origin counts; elsewhere also the host the request was sent to', () => {
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    const production = webSessionCookies({ appBaseUrl: 'https://hibi.example.com', production: true });
    expect(fromAppOrigin(request({ origin: 'https://hibi.example.com', host: 'hibi.example.com' }), production)).toBe(true);
    expect(fromAppOrigin(request({ origin: 'http://hibi.example.com', host: 'hibi.example.com' }), production)).toBe(false);
    expect(fromAppOrigin(request({ origin: 'https://10.0.0.5:3000', host: '10.0.0.5:3000' }), production)).toBe(false);
    expect(fromAppOrigin(request({ 'sec-fetch-site': 'same-origin' }), production)).toBe(true);
    expect(fromAppOrigin(request({ 'sec-fetch-site': 'none' }), production)).toBe(false);
    const development = webSessionCookies({ appBaseUrl: 'http://localhost:3000', production: false });
    expect(fromAppOrigin(request({ origin: 'http://127.0.0.1:3910', host: '127.0.0.1:3910' }), development)).toBe(true);
    expect(fromAppOrigin(request({ origin: 'http://127.0.0.1:3911', host: '127.0.0.1:3910' }), development)).toBe(false);
  });
});
