import * as fns from '@hibi/contract/functions/auth';
import { defineHandler, failure } from '../../core/handler.ts';
import { acceptTerms, endSession, getTermsVersion, login, setLocale, toSessionUser } from './service.ts';

export const authHandlers = [
  defineHandler(fns.login, async ({ id, password }, ctx) => login(ctx, id, password)),

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
    return { termsVersion: await acceptTerms(ctx.db, ctx.user, termsVersion) };
  }),

  defineHandler(fns.getConfig, async (_payload, ctx) => ({ termsVersion: await getTermsVersion(ctx.db) })),

  defineHandler(fns.notifyLoggedIn, async (_payload, ctx) => {
    await setLocale(ctx.db, ctx.user.id, ctx.locale);
    return { tenantContract: ctx.user.contract };
  }),

  defineHandler(fns.updateLocale, async (_payload, ctx) => {
    if (ctx.user) await setLocale(ctx.db, ctx.user.id, ctx.locale);
    return { locale: ctx.locale };
  }),
];
