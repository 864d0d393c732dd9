import * as fns from '@hibi/contract/functions/auth';
import { BusinessFailure, defineHandler, failure } from '../../core/handler.ts';
import type { CachePolicy } from '../../core/read-cache.ts';
import { acceptTerms, endSession, getTermsVersion, login, setLocale, toSessionUser } from './service.ts';

/**
 * getConfig is the same answer for everyone until the config table is written: kept (core/read-cache.ts), so it is
 * answered without a pooled connection and never waits behind calls that need one (issue 31, decision 145).
 */
const configAnswer: CachePolicy = { tables: ['config'], audience: () => 'all', nextChange: async () => null };

export const authHandlers = [
  // The web app's sign-in (`session: 'cookie'`) first ends the session its cookie carried, so a failed or refused
  // attempt leaves the browser signed out (docs/requirements/auth.md#auth-login-errors), and a success never keeps an older session beside the new one.
  defineHandler(fns.login, async ({ id, password, session }, ctx) => {
    if (session !== 'cookie') return login(ctx, id, password);
    await ctx.webSession.end();
    const result = await login(ctx, id, password);
    if (result instanceof BusinessFailure) return result;
    const { token, ...rest } = result;
    ctx.webSession.start(token, new Date(result.expiresAt));
    return rest;
  }),

  defineHandler(fns.authenticateWithToken, async (_payload, { user }) => ({
    user: toSessionUser(user),
    tenantContract: user.contract,
    expiresAt: user.sessionExpiresAt.getTime(),
  })),

  defineHandler(fns.logout, async (_payload, ctx) => {
    await endSession(ctx.db, ctx.user.sessionId);
    await ctx.webSession.end();
    return {};
  }),

  defineHandler(fns.acceptTerms, async ({ termsVersion }, ctx) => {
    const current = await getTermsVersion(ctx.db);
    if (termsVersion > current) return failure('unknownTermsVersion');
    return { termsVersion: await acceptTerms(ctx.db, ctx.user, termsVersion) };
  }),

  defineHandler(fns.getConfig, async (_payload, ctx) => ({ termsVersion: await getTermsVersion(ctx.db) }), { cache: configAnswer }),

  defineHandler(fns.notifyLoggedIn, async (_payload, ctx) => {
    await setLocale(ctx.db, ctx.user.id, ctx.locale);
    return { tenantContract: ctx.user.contract };
  }),

  defineHandler(fns.updateLocale, async (_payload, ctx) => {
    if (ctx.user) await setLocale(ctx.db, ctx.user.id, ctx.locale);
    return { locale: ctx.locale };
  }),
];
