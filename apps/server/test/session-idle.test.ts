import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema/core.ts';
import { loadConfig } from '../src/config.ts';
import { pruneExpiredSessions } from '../src/domains/auth/service.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Issue 12, finding 19: sessions had no idle timeout. A clock of the test's own moves time on. */
const MINUTE = 60_000;
let clock = Date.parse('2026-11-20T00:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), env: { SESSION_IDLE_TIMEOUT_MINUTES: '60' } });
});
afterAll(async () => {
  await t?.close();
});

const lastUsed = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.lastUsedAt.getTime();

describe('session idle timeout (SESSION_IDLE_TIMEOUT_MINUTES)', () => {
  it('a session used within the timeout lives on; one idle for longer answers 401 loginRequired', async () => {
    const token = await t.login('member20@example.com');
    clock += 59 * MINUTE;
    expect((await t.call('authenticateWithToken', {}, token)).status).toBe(200);
    // Each call moves the idle window on.
    clock += 59 * MINUTE;
    expect((await t.call('authenticateWithToken', {}, token)).status).toBe(200);
    clock += 61 * MINUTE;
    expect(await t.call('authenticateWithToken', {}, token)).toEqual({ status: 401, body: { succeed: false, errorCode: 'loginRequired' } });
    // A fresh sign-in works as before.
    expect((await t.call('authenticateWithToken', {}, await t.login('member20@example.com'))).status).toBe(200);
  });

  it('records the last call at most once a minute per session, written within a second or two', async () => {
    const token = await t.login('member21@example.com');
    const first = await lastUsed(token);
    clock += 30_000;
    await t.call('authenticateWithToken', {}, token);
    clock += 31_000;
    const second = clock;
    await t.call('authenticateWithToken', {}, token);
    // The write of the sessions' last calls is batched once a second (src/domains/auth/touches.test.ts has the
    // details): the 61 s call's time arrives, and the 30 s call's never did (the time moves only forward).
    await expect.poll(() => lastUsed(token), { timeout: 10_000, interval: 100 }).toBe(second);
    expect(second).toBeGreaterThan(first!);
  });

  it('maintenance deletes idle sessions', async () => {
    const token = await t.login('member22@example.com');
    clock += 61 * MINUTE;
    await pruneExpiredSessions(t.database.db, new Date(clock), t.config.sessionIdleTimeoutMs);
    expect(await lastUsed(token)).toBeUndefined();
  });

  it('is 14 days unless configured, and a wrong value stops the start', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).sessionIdleTimeoutMs).toBe(14 * 24 * 60 * MINUTE);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: 'soon' } as NodeJS.ProcessEnv)).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: '1' } as NodeJS.ProcessEnv)).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
  });
});
