import { eq } from 'drizzle-orm';
import * as fns from '@hibi/contract/functions/auth';
import { users } from '../../db/schema/core.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { refundRateLimit } from '../../lib/rate-limit.ts';
import { defineHandler, failure } from '../../core/handler.ts';
import { createSession, endSession, findUserByLoginId, getTermsVersion, toSessionUser, toTenantContract } from './service.ts';

const LOGIN_WINDOW_MS = 10 * 60 * 1000;
/**
 * Failed sign-ins allowed per account *from one client* in the window before that client gets 429 (never a lock of
 * the account: its owner signing in from their own client is not affected by a stranger's guesses).
 */
export const FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT = 10;

export const authHandlers = [
  defineHandler(fns.login, async ({ id, password }, ctx) => {
    // Failures are what these limits protect (a whole office signing in at 9:00 behind one address counts nothing):
    // per client address across accounts (LOGIN_LIMIT_PER_ADDRESS), and per account and client (issue 12, 4 and 6).
    // Each attempt is counted *before* the password is checked, atomically, and given back when it succeeds, so
    // parallel guesses cannot all be evaluated before the first failure is recorded (finding 3).
    const addressKey = `login-fail-ip:${ctx.ip}`;
    const accountKey = `login-fail:${id.trim().toLowerCase()}:${ctx.ip}`;
    await ctx.rateLimit(addressKey, ctx.config.loginLimitPerAddress, LOGIN_WINDOW_MS);
    try {
      await ctx.rateLimit(accountKey, FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT, LOGIN_WINDOW_MS);
    } catch (error) {
      await refundRateLimit(ctx.db, addressKey, LOGIN_WINDOW_MS, ctx.now());
      throw error;
    }
    const found = await findUserByLoginId(ctx.db, id);
    const ok = await verifyPassword(found?.user.passwordHash ?? null, password);
    if (!found || !ok) return failure('invalidCredentials');
    await refundRateLimit(ctx.db, addressKey, LOGIN_WINDOW_MS, ctx.now());
    await refundRateLimit(ctx.db, accountKey, LOGIN_WINDOW_MS, ctx.now());
    if (!found.tenant) return failure('notTenantUser');
    const { user, tenant } = found;
    const session = await createSession(ctx.db, user.id, ctx.now());
    return {
      token: session.token,
      expiresAt: session.expiresAt.getTime(),
      user: toSessionUser({
        id: user.id,
        nickname: user.nickname,
        profileImageUrl: user.profileImageUrl,
        email: user.email,
        acceptedTermsVersion: user.acceptedTermsVersion,
        locale: user.locale === 'en' ? 'en' : 'ja',
      }),
      tenantContract: toTenantContract(tenant),
    };
  }),

  defineHandler(fns.authenticateWithToken, async (_payload, { user }) => ({
    user: toSessionUser(user),
    tenantContract: user.contract,
    expiresAt: user.sessionExpiresAt.getTime(),
  })),

  defineHandler(fns.logout, async (_payload, ctx) => {
    await endSession(ctx.db, ctx.user.sessionId);
    return {};
  }),

  defineHandler(fns.acceptTerms, async ({ termsVersion }, ctx) => {
    const current = await getTermsVersion(ctx.db);
    if (termsVersion > current) return failure('unknownTermsVersion');
    const accepted = Math.max(termsVersion, ctx.user.acceptedTermsVersion);
    await ctx.db.update(users).set({ acceptedTermsVersion: accepted }).where(eq(users.id, ctx.user.id));
    return { termsVersion: accepted };
  }),

  defineHandler(fns.getConfig, async (_payload, ctx) => ({ termsVersion: await getTermsVersion(ctx.db) })),

  defineHandler(fns.notifyLoggedIn, async (_payload, ctx) => {
    await ctx.db.update(users).set({ locale: ctx.locale }).where(eq(users.id, ctx.user.id));
    return { tenantContract: ctx.user.contract };
  }),

  defineHandler(fns.updateLocale, async (_payload, ctx) => {
    if (ctx.user) await ctx.db.update(users).set({ locale: ctx.locale }).where(eq(users.id, ctx.user.id));
    return { locale: ctx.locale };
  }),
];
