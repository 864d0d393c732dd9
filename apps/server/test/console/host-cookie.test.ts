import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, totpCode, type TestApp } from '../helpers.ts';

/** Issue 30, finding 7: over HTTPS the console cookie is `__Host-hibi_console` (Secure, Path=/, no Domain). */
const ORIGIN = 'https://hibi.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_BASE_URL: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
});

describe('console cookie over HTTPS', () => {
  it('is set with the __Host- prefix, and only that name is read back', async () => {
    const first = await t.consoleCall('signIn', { email: 'owner@example.com', password: 'wellbeing-demo' });
    const second = await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(new Date()) });
    expect(second.body.succeed).toBe(true);
    const cookie = String(second.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-hibi_console=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=\d+$/);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = second.body.token;
    const me = (name: string) => t.consoleCall('getMe', {}, { origin: ORIGIN, headers: { cookie: `${name}=${token}` } });
    expect((await me('__Host-hibi_console')).status).toBe(200);
    // The unprefixed name (which a sibling host could plant) is not a session here.
    expect((await me('hibi_console')).status).toBe(401);
    const out = await t.consoleCall('signOut', {}, { origin: ORIGIN, headers: { cookie: `__Host-hibi_console=${token}` } });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-hibi_console=; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=0$/);
  });
});
