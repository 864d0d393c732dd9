import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROTOCOL_ERROR_CODES } from '@hibi/contract/protocol';
import { users } from '../src/db/schema/core.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Issue 13, finding 1: terms acceptance could be skipped; the server now refuses until acceptTerms. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function memberBelowCurrentTerms(loginId: string, accepted = 0): Promise<string> {
  await t.database.db.update(users).set({ acceptedTermsVersion: accepted }).where(eq(users.email, loginId));
  return t.login(loginId);
}

describe('terms gate on the server', () => {
  it('a member below the current terms version gets 403 termsNotAccepted on calls that need sign-in', async () => {
    expect(PROTOCOL_ERROR_CODES).toContain('termsNotAccepted');
    const token = await memberBelowCurrentTerms('member11@example.com');
    for (const name of ['getMyProfile', 'getUserContract', 'getHealthLogInputStatus']) {
      const res = await t.callRaw(name, {}, token);
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ succeed: false, errorCode: 'termsNotAccepted' });
    }
  });

  it('is answered as a guest where guests are served (no sections, no contract-only items)', async () => {
    const token = await memberBelowCurrentTerms('member12@example.com');
    const accepted = await t.login('member13@example.com');
    const asPending = await t.call('getAnnouncements', { offset: 0, perPage: 50 }, token);
    const asGuest = await t.call('getAnnouncements', { offset: 0, perPage: 50 });
    const asMember = await t.call('getAnnouncements', { offset: 0, perPage: 50 }, accepted);
    expect(asPending.body).toEqual(asGuest.body);
    expect(asMember.body.announcements.length).toBeGreaterThan(asGuest.body.announcements.length);
  });

  it('keeps open what the terms page needs: re-authentication, configuration, help pages, locale, sign-out', async () => {
    const token = await memberBelowCurrentTerms('member14@example.com', 1);
    const me = await t.call('authenticateWithToken', {}, token);
    expect(me.body.succeed).toBe(true);
    expect(me.body.user.termsVersion).toBe(1);
    expect((await t.call('getConfig', {}, token)).body.termsVersion).toBe(2);
    expect((await t.call('getHelpPage', { page: 'termsOfUse' }, token)).body.succeed).toBe(true);
    expect((await t.call('updateLocale', { locale: 'en' }, token)).body.succeed).toBe(true);
    expect((await t.call('logout', {}, token)).body.succeed).toBe(true);
  });

  it('acceptTerms of the current version opens every call at once', async () => {
    const token = await memberBelowCurrentTerms('member15@example.com');
    expect((await t.callRaw('getMyProfile', {}, token)).status).toBe(403);
    expect((await t.call('acceptTerms', { termsVersion: 1 }, token)).body.succeed).toBe(true);
    expect((await t.callRaw('getMyProfile', {}, token)).status).toBe(403);
    expect((await t.call('acceptTerms', { termsVersion: 2 }, token)).body).toEqual({ succeed: true, termsVersion: 2 });
    const profile = await t.call('getMyProfile', {}, token);
    expect(profile.status).toBe(200);
    expect(profile.body.succeed).toBe(true);
  });
});
