// The members' passkey functions (issue 35, decision 148).
import * as fns from '@hibi/contract/functions/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { BusinessFailure, defineHandler } from '../../core/handler.ts';
import * as service from './service.ts';

export const passkeysHandlers = [
  defineHandler(fns.listPasskeys, async (_p, ctx) => ({ passkeys: await service.listPasskeys(ctx, ctx.user) })),
  defineHandler(fns.beginPasskeyRegistration, async (p, ctx) => service.beginRegistration(ctx, ctx.user, p.currentPassword)),
  defineHandler(fns.finishPasskeyRegistration, async (p, ctx) =>
    service.finishRegistration(ctx, ctx.user, p.response as RegistrationResponseJSON, p.name),
  ),
  defineHandler(fns.deletePasskey, async (p, ctx) => service.deletePasskey(ctx, ctx.user, p.id)),
  defineHandler(fns.beginPasskeySignIn, async (_p, ctx) => service.beginSignIn(ctx)),
  // As `login`: the web app's sign-in (`session: 'cookie'`) first ends the session its cookie carried, so a refused
  // attempt leaves the browser signed out, and the new session's token goes into the HttpOnly cookie only.
  defineHandler(fns.finishPasskeySignIn, async ({ response, session }, ctx) => {
    const signIn = () => service.finishSignIn(ctx, response as AuthenticationResponseJSON);
    if (session !== 'cookie') return signIn();
    await ctx.webSession.end();
    const result = await signIn();
    if (result instanceof BusinessFailure) return result;
    const { token, ...rest } = result;
    ctx.webSession.start(token, new Date(result.expiresAt));
    return rest;
  }),
];
