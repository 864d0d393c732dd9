// The passkeys domain's service for members (issue 35, decision 148): add, list and delete passkeys, and sign in
// with one. Sign-in ends in the auth domain's openSignedInSession, the same step `login` ends in, so a passkey obeys
// every rule a password does (terms gate at the entry, deactivation, the tenant, whatever is added there later).
import { PASSKEYS_MAX, type Passkey } from '@hibi/contract/webauthn';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import { failure, type AuthUser, type BaseContext, type BusinessFailure } from '../../core/handler.ts';
import { transaction } from '../../db/transaction.ts';
import { refundRateLimit } from '../../lib/rate-limit.ts';
import { findUserById, openSignedInSession } from '../auth/service.ts';
import * as data from './data.ts';
import { mailPasskeyChange } from './mail.ts';
import { authenticationOptions, registrationOptions, relyingParty, toPasskey, verifyAuthentication, verifyRegistration } from './webauthn.ts';

const WINDOW_MS = 10 * 60 * 1000;
/** Registrations a member may begin in the window (each stores a challenge). */
const REGISTRATIONS_PER_MEMBER = 30;
/**
 * Sign-in options one client address may ask for in the window. The sign-in page asks once per visit (autofill), so
 * this is generous: five times the failed sign-ins an address may have (LOGIN_LIMIT_PER_ADDRESS).
 */
const signInBeginsPerAddress = (loginLimitPerAddress: number) => loginLimitPerAddress * 5;

type Ctx = Pick<BaseContext, 'db' | 'config' | 'now' | 'ip' | 'rateLimit' | 'locale'>;

const member = (user: AuthUser): data.Owner => ({ kind: 'member', id: user.id });

function accountLink(ctx: Ctx): string {
  return `${ctx.config.appBaseUrl}/account/profile#passkeys`;
}

export async function listPasskeys(ctx: Ctx, user: AuthUser): Promise<Passkey[]> {
  return (await data.passkeysOf(ctx.db, member(user), PASSKEYS_MAX)).map(toPasskey);
}

export async function beginRegistration(ctx: Ctx, user: AuthUser) {
  await ctx.rateLimit(`passkey-register:${user.id}`, REGISTRATIONS_PER_MEMBER, WINDOW_MS);
  const existing = await data.passkeysOf(ctx.db, member(user), PASSKEYS_MAX);
  if (existing.length >= PASSKEYS_MAX) return failure('tooManyPasskeys');
  const options = await registrationOptions(
    ctx.db,
    relyingParty(ctx.config),
    member(user),
    { name: user.email ?? user.loginId ?? user.nickname, displayName: user.nickname },
    existing,
    ctx.now(),
  );
  return { options: { ...options } };
}

export async function finishRegistration(
  ctx: Ctx,
  user: AuthUser,
  response: RegistrationResponseJSON,
  name: string,
): Promise<{ passkey: Passkey } | BusinessFailure<'invalidChallenge' | 'passkeyRejected' | 'tooManyPasskeys' | 'alreadyRegistered'>> {
  const now = ctx.now();
  const outcome = await verifyRegistration(ctx.db, relyingParty(ctx.config), member(user), response, name, now);
  if (!outcome.ok) return failure(outcome.why);
  const stored = await transaction(ctx.db, async (tx) => {
    if ((await data.countPasskeys(tx, member(user))) >= PASSKEYS_MAX) return 'tooManyPasskeys' as const;
    const row = await data.insertPasskey(tx, member(user), outcome.passkey, now);
    if (!row) return 'alreadyRegistered' as const;
    if (user.email) {
      await mailPasskeyChange(
        tx,
        { to: user.email, name: user.nickname, locale: user.locale, change: 'added', passkeyName: name, link: accountLink(ctx) },
        now,
      );
    }
    return row;
  });
  if (typeof stored === 'string') return failure(stored);
  return { passkey: toPasskey(stored) };
}

export async function deletePasskey(ctx: Ctx, user: AuthUser, id: number): Promise<{} | BusinessFailure<'notFound'>> {
  const now = ctx.now();
  const deleted = await transaction(ctx.db, async (tx) => {
    const name = await data.deletePasskey(tx, member(user), id);
    if (name !== undefined && user.email) {
      await mailPasskeyChange(
        tx,
        { to: user.email, name: user.nickname, locale: user.locale, change: 'deleted', passkeyName: name, link: accountLink(ctx) },
        now,
      );
    }
    return name !== undefined;
  });
  return deleted ? {} : failure('notFound');
}

export async function beginSignIn(ctx: Ctx) {
  await ctx.rateLimit(`passkey-begin-ip:${ctx.ip}`, signInBeginsPerAddress(ctx.config.loginLimitPerAddress), WINDOW_MS);
  return { options: { ...(await authenticationOptions(ctx.db, relyingParty(ctx.config), 'memberSignIn', ctx.now())) } };
}

/**
 * Signs in with a passkey. Counted like a failed password against the address's sign-in limit before anything is
 * checked, and given back on success (login's rule, LOGIN_LIMIT_PER_ADDRESS), so guessing through passkey answers
 * spends the same budget as guessing passwords.
 */
export async function finishSignIn(ctx: Ctx, response: AuthenticationResponseJSON) {
  const addressKey = `login-fail-ip:${ctx.ip}`;
  await ctx.rateLimit(addressKey, ctx.config.loginLimitPerAddress, WINDOW_MS);
  const outcome = await verifyAuthentication(ctx.db, relyingParty(ctx.config), 'member', response, ctx.now());
  if (!outcome.ok) return failure(outcome.why);
  await refundRateLimit(ctx.db, addressKey, WINDOW_MS, ctx.now());
  const found = await findUserById(ctx.db, outcome.passkey.owner_id);
  if (!found) return failure('passkeyRejected');
  return openSignedInSession(ctx, found);
}
