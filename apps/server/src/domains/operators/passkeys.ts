// Operators' passkeys (issue 35, decision 148): a phishing-resistant second factor in place of the TOTP code. The
// password step (signIn) is unchanged; its challenge then takes a passkey (verifyPasskey) as it takes a code
// (verifyTotp). An owner may require passkeys: an operator who has one can then no longer use a TOTP code or a
// recovery code. Kept apart from service.ts, whose sign-in steps it leaves as they are.
import { CONSOLE_SESSION_LIFETIME_MS } from '@hibi/contract/console/protocol';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext, ConsoleOperator } from '../../core/console-handler.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { hitRateLimit, refundRateLimit } from '../../lib/rate-limit.ts';
import * as passkeys from '../passkeys/service.ts';
import * as data from './data.ts';
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_MS, operatorOf, operatorPasswordMatches, type SessionStart } from './sign-in.ts';

const REQUIRE_PASSKEYS = 'consoleRequirePasskeys';

const owner = (operator: { id: number }): passkeys.PasskeyOwner => ({ kind: 'operator', id: operator.id });

function notice(ctx: ConsoleContext, operator: ConsoleOperator): passkeys.Notice {
  return { to: operator.email, name: operator.displayName, locale: ctx.locale, link: `${ctx.config.appBaseUrl}/console/`, console: true };
}

export const listMine = (ctx: ConsoleContext, operator: ConsoleOperator) => passkeys.listFor(ctx.db, owner(operator));

/**
 * A new passkey's options: with the current password, or within 5 minutes of signing in (every console sign-in begins
 * with the password), decision 175.
 */
export async function beginMine(ctx: ConsoleContext, operator: ConsoleOperator, currentPassword?: string) {
  const proof = await passkeys.proofFor(ctx.now(), operator.sessionCreatedAt, currentPassword, (password) =>
    operatorPasswordMatches(ctx, operator.id, password),
  );
  if (typeof proof !== 'string') return proof;
  return passkeys.beginRegistrationFor(ctx, owner(operator), { name: operator.email, displayName: operator.displayName }, proof, 'Hibi console');
}

export async function finishMine(ctx: ConsoleContext, operator: ConsoleOperator, response: RegistrationResponseJSON, name: string) {
  const result = await passkeys.finishRegistrationFor(ctx, owner(operator), response, name, notice(ctx, operator));
  if (!('errorCode' in result)) ctx.note({ targetType: 'passkey', targetId: result.passkey.id, summary: `passkey added: ${name.slice(0, 60)}` });
  return result;
}

export async function deleteMine(ctx: ConsoleContext, operator: ConsoleOperator, id: number) {
  const result = await passkeys.deleteFor(ctx, owner(operator), id, notice(ctx, operator), operator.sessionId);
  if (!('errorCode' in result)) ctx.note({ targetType: 'passkey', targetId: id, summary: 'passkey deleted' });
  return result;
}

export const passkeysRequired = (ctx: Pick<ConsoleContext, 'db'>) => data.configFlag(ctx.db, REQUIRE_PASSKEYS);

export async function getSecurity(ctx: ConsoleContext) {
  const without = await data.activeOperatorsWithoutPasskey(ctx.db);
  return {
    requirePasskeys: await passkeysRequired(ctx),
    withoutPasskey: without.map((o) => ({ id: o.id, email: o.email, displayName: o.display_name })),
  };
}

export async function setSecurity(ctx: ConsoleContext, requirePasskeys: boolean) {
  await data.setConfigFlag(ctx.db, REQUIRE_PASSKEYS, requirePasskeys);
  ctx.note({ targetType: 'config', targetId: REQUIRE_PASSKEYS, summary: requirePasskeys ? 'passkeys required' : 'passkeys optional' });
  return { requirePasskeys };
}

/**
 * Whether the TOTP step must refuse this sign-in challenge: passkeys are required and its operator has one. (An
 * operator without one still signs in with TOTP, to add one; the owner's security page lists them.)
 */
export async function totpRefused(ctx: ConsoleContext, challenge: string): Promise<boolean> {
  if (!(await passkeysRequired(ctx))) return false;
  const live = await data.liveChallenge(ctx.db, hashToken(challenge), ctx.now());
  if (!live) return false;
  return (await passkeys.countFor(ctx.db, owner({ id: live.operator_id }))) > 0;
}

/** The live sign-in challenge of an active operator who passed the password step (not while enrolling TOTP). */
async function liveStep(ctx: ConsoleContext, challenge: string) {
  const live = await data.liveChallenge(ctx.db, hashToken(challenge), ctx.now());
  if (!live || live.pending_secret !== null) return null;
  const operator = await data.operatorById(ctx.db, live.operator_id);
  if (!operator || !operator.active) return null;
  return { live, operator };
}

export async function beginVerification(ctx: ConsoleContext, challenge: string) {
  const step = await liveStep(ctx, challenge);
  if (!step) return failure('invalidChallenge');
  if ((await passkeys.countFor(ctx.db, owner(step.operator))) === 0) return failure('noPasskeys');
  return { options: await passkeys.operatorSignInOptions(ctx, step.operator.id) };
}

/** The passkey step: as verifyTotp, rate-limited per account and address, audited, and it starts the session. */
export async function verify(
  ctx: ConsoleContext,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<SessionStart | BusinessFailure<'invalidChallenge' | 'passkeyRejected'>> {
  const now = ctx.now();
  const step = await liveStep(ctx, challenge);
  if (!step) return failure('invalidChallenge');
  const { live, operator } = step;
  const keys: [string, number][] = [
    // Per account *and* address, as the password and code steps: a stranger's failures never lock the operator out.
    [`console-passkey:account:${operator.id}:${ctx.ip}`, FAILURES_PER_ACCOUNT],
    [`console-passkey:address:${ctx.ip}`, FAILURES_PER_ADDRESS],
  ];
  for (const [key, limit] of keys) await hitRateLimit(ctx.db, key, limit, SIGN_IN_WINDOW_MS, now);
  const outcome = await passkeys.verifyOperatorAssertion(ctx, operator.id, response);
  if (!outcome.ok) {
    await ctx.audit({ action: 'signInFailed', operatorId: operator.id, operatorEmail: operator.email, summary: `passkey: ${outcome.why}` });
    return failure(outcome.why);
  }
  if (!(await data.useChallenge(ctx.db, live.id, now))) return failure('invalidChallenge');
  for (const [key] of keys) await refundRateLimit(ctx.db, key, SIGN_IN_WINDOW_MS, now);
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_LIFETIME_MS);
  await data.insertSession(ctx.db, operator.id, hashToken(token), expiresAt, now, outcome.passkey.id);
  await data.touchSignIn(ctx.db, operator.id, now);
  await ctx.audit({ action: 'signInSucceeded', operatorId: operator.id, operatorEmail: operator.email, summary: 'passkey' });
  ctx.setSessionCookie(token, expiresAt);
  const who = {
    id: operator.id,
    email: operator.email,
    displayName: operator.display_name,
    role: operator.role,
    tenantId: operator.tenant_id,
    sessionId: 0,
    sessionExpiresAt: expiresAt,
  };
  return { token, expiresAt: expiresAt.getTime(), operator: operatorOf(who) };
}
