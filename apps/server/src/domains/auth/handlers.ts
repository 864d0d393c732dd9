import { eq } from 'drizzle-orm';
import * as fns from '@hibi/contract/functions/auth';
import { users } from '../../db/schema/core.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { peekRateLimit, hitRateLimit } from '../../lib/rate-limit.ts';
import { defineHandler, failure } from '../../functions/types.ts';
import {
  createSession,
  endSession,
  findUserByLoginId,
  getTermsVersion,
  toSessionUser,
  toTenantContract,
} from './service.ts';

const LOGIN_WINDOW_MS = 10 * 60 * 1000;
/** Failed attempts allowed per account id in the window before it answers 429 (never a permanent lock). */
const FAILED_LOGINS_PER_ACCOUNT = 10;

export const authHandlers = [
  defineHandler(fns.login, async ({ id, password }, ctx) => {
    const accountKey = `login-fail:${id.trim().toLowerCase()}`;
    await ctx.rateLimit(`login-ip:${ctx.ip}`, ctx.config.loginLimitPerAddress, LOGIN_WINDOW_MS);
    if ((await peekRateLimit(ctx.db, accountKey, LOGIN_WINDOW_MS, ctx.now())) >= FAILED_LOGINS_PER_ACCOUNT) {
      await ctx.rateLimit(accountKey, FAILED_LOGINS_PER_ACCOUNT, LOGIN_WINDOW_MS);
    }
    const found = await findUserByLoginId(ctx.db, id);
    const ok = await verifyPassword(found?.user.passwordHash ?? null, password);
    if (!found || !ok) {
      await hitRateLimit(ctx.db, accountKey, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_MS, ctx.now());
      return failure('invalidCredentials');
    }
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
