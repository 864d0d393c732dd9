// The passkeys domain's service and public module (issue 35, decision 148): add, list and delete passkeys, and sign
// in with one. A member's sign-in ends in the auth domain's openSignedInSession, the same step `login` ends in, so a
// passkey obeys every rule a password does (terms gate at the entry, deactivation, the tenant, whatever is added
// there later). The operators domain uses the owner-generic part for the console's second factor.
import { PASSKEYS_MAX, type Passkey } from '@hibi/contract/webauthn';
import type { Locale } from '@hibi/contract/protocol';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import { failure, type AuthUser, type BaseContext, type BusinessFailure } from '../../core/handler.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { refundRateLimit } from '../../lib/rate-limit.ts';
import { currentPasswordMatches, findUserById, openSignedInSession } from '../auth/service.ts';
import * as data from './data.ts';
import { mailPasskeyChange, mailPasskeysRemoved } from './mail.ts';
import { authenticationOptions, registrationOptions, relyingParty, toPasskey, verifyAuthentication, verifyRegistration } from './webauthn.ts';

export type PasskeyOwner = data.Owner;
export type Proof = data.Proof;

/**
 * A sign-in with the password this recent lets its session add a passkey without typing the password again
 * (decision 175): the member who just signed in is not asked twice, a stolen older session must know the password.
 */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * What lets a caller add a passkey now (decision 175): the current password, checked (and counted, as a sign-in is)
 * by `matches`, or a password sign-in of their session under FRESH_SIGN_IN_MS old (`passwordAt`).
 */
export async function proofFor(
  now: Date,
  passwordAt: Date | null | undefined,
  currentPassword: string | undefined,
  matches: (password: string) => Promise<boolean>,
): Promise<Proof | BusinessFailure<'passwordRequired' | 'wrongPassword'>> {
  if (currentPassword !== undefined && currentPassword !== '') return (await matches(currentPassword)) ? 'password' : failure('wrongPassword');
  const age = passwordAt ? now.getTime() - passwordAt.getTime() : Number.POSITIVE_INFINITY;
  return age >= 0 && age < FRESH_SIGN_IN_MS ? 'signIn' : failure('passwordRequired');
}

const WINDOW_MS = 10 * 60 * 1000;
/** Registrations an owner may begin in the window (each stores a challenge). */
const REGISTRATIONS_PER_OWNER = 30;
/**
 * Sign-in options one client address may ask for in the window. The sign-in page asks once per visit (autofill), so
 * this is generous: five times the failed sign-ins an address may have (LOGIN_LIMIT_PER_ADDRESS).
 */
const signInBeginsPerAddress = (loginLimitPerAddress: number) => loginLimitPerAddress * 5;

type Ctx = Pick<BaseContext, 'db' | 'config' | 'now' | 'ip' | 'rateLimit' | 'locale'>;

/** Where a change notice goes (nobody for a member without an email address). */
export interface Notice {
  to: string | null;
  name: string | null;
  locale: Locale;
  link: string;
  console?: boolean;
}

/* ------------------------------------------------------------------ any owner */

export async function listFor(db: Db, owner: PasskeyOwner): Promise<Passkey[]> {
  return (await data.passkeysOf(db, owner, PASSKEYS_MAX)).map(toPasskey);
}

export async function countFor(db: Db, owner: PasskeyOwner): Promise<number> {
  return data.countPasskeys(db, owner);
}

export async function beginRegistrationFor(
  ctx: Ctx,
  owner: PasskeyOwner,
  user: { name: string; displayName: string },
  proof: Proof,
  rpName?: string,
) {
  await ctx.rateLimit(`passkey-register:${owner.kind}:${owner.id}`, REGISTRATIONS_PER_OWNER, WINDOW_MS);
  const existing = await data.passkeysOf(ctx.db, owner, PASSKEYS_MAX);
  if (existing.length >= PASSKEYS_MAX) return failure('tooManyPasskeys');
  const options = await registrationOptions(ctx.db, relyingParty(ctx.config, rpName), owner, user, existing, ctx.now(), proof);
  return { options: { ...options } };
}

export async function finishRegistrationFor(
  ctx: Ctx,
  owner: PasskeyOwner,
  response: RegistrationResponseJSON,
  name: string,
  notice: Notice,
  sessionId?: number,
): Promise<{ passkey: Passkey } | BusinessFailure<'invalidChallenge' | 'passkeyRejected' | 'tooManyPasskeys' | 'alreadyRegistered'>> {
  const now = ctx.now();
  const outcome = await verifyRegistration(ctx.db, relyingParty(ctx.config), owner, response, name, now);
  if (!outcome.ok) return failure(outcome.why);
  const stored = await transaction(ctx.db, async (tx) => {
    if ((await data.countPasskeys(tx, owner)) >= PASSKEYS_MAX) return 'tooManyPasskeys' as const;
    const row = await data.insertPasskey(tx, owner, outcome.passkey, now, sessionId);
    if (!row) return 'alreadyRegistered' as const;
    if (notice.to) await mailPasskeyChange(tx, { ...notice, to: notice.to, change: 'added', passkeyName: row.name }, now);
    return row;
  });
  if (typeof stored === 'string') return failure(stored);
  return { passkey: toPasskey(stored) };
}

/** Deletes a passkey and ends the sessions it opened, all but the caller's own (`keepSessionId`), decision 175. */
export async function deleteFor(
  ctx: Ctx,
  owner: PasskeyOwner,
  id: number,
  notice: Notice,
  keepSessionId?: number,
): Promise<{} | BusinessFailure<'notFound'>> {
  const now = ctx.now();
  const deleted = await transaction(ctx.db, async (tx) => {
    const name = await data.deletePasskey(tx, owner, id, keepSessionId);
    if (name !== undefined && notice.to) await mailPasskeyChange(tx, { ...notice, to: notice.to, change: 'deleted', passkeyName: name }, now);
    return name !== undefined;
  });
  return deleted ? {} : failure('notFound');
}

/** An operator's second step: options listing their passkeys (the challenge is theirs alone). */
export async function operatorSignInOptions(ctx: Ctx, operatorId: number) {
  const passkeys = await data.passkeysOf(ctx.db, { kind: 'operator', id: operatorId }, PASSKEYS_MAX);
  const options = await authenticationOptions(ctx.db, relyingParty(ctx.config), 'operatorSignIn', ctx.now(), { id: operatorId, passkeys });
  return { ...options };
}

/** Verifies an operator's assertion against their own passkeys and challenge; true when it holds (the use recorded). */
export async function verifyOperatorAssertion(ctx: Ctx, operatorId: number, response: AuthenticationResponseJSON) {
  return verifyAuthentication(ctx.db, relyingParty(ctx.config), 'operator', response, ctx.now(), operatorId);
}

/* ------------------------------------------------------------------ members */

const member = (user: AuthUser): PasskeyOwner => ({ kind: 'member', id: user.id });

function memberNotice(ctx: Ctx, user: AuthUser): Notice {
  return { to: user.email, name: user.nickname, locale: user.locale, link: `${ctx.config.appBaseUrl}/account/profile#passkeys` };
}

export const listPasskeys = (ctx: Ctx, user: AuthUser) => listFor(ctx.db, member(user));

/** A new passkey's options: with the current password, or within 5 minutes of a password sign-in (decision 175). */
export async function beginRegistration(ctx: Ctx, user: AuthUser, currentPassword?: string) {
  const proof = await proofFor(ctx.now(), user.sessionPasswordAt, currentPassword, (password) => currentPasswordMatches(ctx, user.id, password));
  if (typeof proof !== 'string') return proof;
  return beginRegistrationFor(ctx, member(user), { name: user.email ?? user.loginId ?? user.nickname, displayName: user.nickname }, proof);
}

export const finishRegistration = (ctx: Ctx, user: AuthUser, response: RegistrationResponseJSON, name: string) =>
  finishRegistrationFor(ctx, member(user), response, name, memberNotice(ctx, user), user.sessionId);

export const deletePasskey = (ctx: Ctx, user: AuthUser, id: number) => deleteFor(ctx, member(user), id, memberNotice(ctx, user), user.sessionId);

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
  return openSignedInSession(ctx, found, { passkeyId: outcome.passkey.id });
}

/**
 * A new password was set with an emailed link, or an email change was undone (decision 175): the member's passkeys
 * that were not added with the password typed for them go (and with `since`, every passkey added from then on), and
 * the member is told at `to` when there is an address. Call it in the transaction of the change; the names removed.
 */
export async function removeUnprovedPasskeys(
  db: Db,
  appBaseUrl: string,
  user: { id: number; to: string | null; name: string | null; locale: Locale },
  now: Date,
  since?: Date,
): Promise<string[]> {
  const names = await data.deleteUnprovedPasskeys(db, user.id, since);
  if (names.length > 0 && user.to) {
    await mailPasskeysRemoved(
      db,
      { to: user.to, name: user.name, locale: user.locale, passkeyNames: names, link: `${appBaseUrl}/account/profile#passkeys` },
      now,
    );
  }
  return names;
}

/** Maintenance: challenges past their time go (they can no longer be answered). */
export const pruneChallenges = data.pruneChallenges;
