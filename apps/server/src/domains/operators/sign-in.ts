// Operator sign-in of the operators domain (issue 15): the password, then a TOTP or a recovery code; enrolment; the
// sessions (12 h absolute, 30 min idle) and their tokens. Reached through service.ts, the domain's public module.
import {
  CONSOLE_CHALLENGE_LIFETIME_MS,
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_LIFETIME_MS,
  type OperatorRole,
} from '@hibi/contract/console/protocol';
import type { Operator } from '@hibi/contract/console/auth';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit, refundRateLimit } from '../../lib/rate-limit.ts';
import { newSecretBoxKey, openSecret, sealSecret } from '../../lib/secret-box.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext, ConsoleOperator } from '../../core/console-handler.ts';
import * as data from './data.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp.ts';

/**
 * Failed attempts per account *from one client address*, and per client address across accounts, in a 15-minute
 * window before 429 (the window then ends). Never per account alone (issue 30, finding 2): a stranger's guesses from
 * elsewhere must not lock the owner out, as member sign-in (decision 060).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const FAILURES_PER_ACCOUNT = 10;
export const FAILURES_PER_ADDRESS = 50;

const SECRET_KEY_NAME = 'operatorSecretKey';
const secretKeys = new WeakMap<Db, Promise<string>>();

/** The key sealing TOTP secrets: generated once, kept in the config table. */
export function operatorSecretKey(db: Db): Promise<string> {
  let key = secretKeys.get(db);
  if (!key) {
    key = data.configValueOrInsert(db, SECRET_KEY_NAME, newSecretBoxKey());
    key.catch(() => secretKeys.delete(db));
    secretKeys.set(db, key);
  }
  return key;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
export const ms = (v: Date | string | null) => (v === null ? null : toDate(v).getTime());

function toOperator(o: { id: number; email: string; display_name: string; role: OperatorRole; tenant_id: number | null }): Operator {
  return { id: o.id, email: o.email, displayName: o.display_name, role: o.role, tenantId: o.tenant_id };
}

/**
 * Counts an attempt against both limits first (429 when either is spent), and gives it back when it succeeds, so
 * only failures use the budget. Fixed windows: a limit never locks an account beyond its window.
 */
export async function reserveAttempt(db: Db, keys: [string, number][], now: Date): Promise<() => Promise<void>> {
  const counted: string[] = [];
  for (const [key, limit] of keys) {
    try {
      await hitRateLimit(db, key, limit, SIGN_IN_WINDOW_MS, now);
    } catch (error) {
      // A refused attempt is not evaluated: the other budgets it was counted against get it back.
      for (const done of counted) await refundRateLimit(db, done, SIGN_IN_WINDOW_MS, now);
      throw error;
    }
    counted.push(key);
  }
  return async () => {
    for (const [key] of keys) await refundRateLimit(db, key, SIGN_IN_WINDOW_MS, now);
  };
}

/**
 * Whether `password` is the signed-in operator's current password (asked before a passkey is added, decision 175):
 * counted per account and address, and per address, as the password step is, and given back when right.
 */
export async function operatorPasswordMatches(ctx: ConsoleContext, operatorId: number, password: string): Promise<boolean> {
  const now = ctx.now();
  const refund = await reserveAttempt(
    ctx.db,
    [
      [`console-reauth:account:${operatorId}:${ctx.ip}`, FAILURES_PER_ACCOUNT],
      [`console-reauth:address:${ctx.ip}`, FAILURES_PER_ADDRESS],
    ],
    now,
  );
  const operator = await data.operatorById(ctx.db, operatorId);
  const ok = await verifyPassword(operator?.password_hash ?? null, password);
  if (ok) await refund();
  return ok;
}

/* ------------------------------------------------------------------ sign-in */

export async function signIn(
  ctx: ConsoleContext,
  email: string,
  password: string,
): Promise<{ mfa: 'enrol' | 'verify'; challenge: string; otpauthUrl?: string; secret?: string } | BusinessFailure<'invalidCredentials'>> {
  const now = ctx.now();
  const refund = await reserveAttempt(
    ctx.db,
    [
      [`console-signin:account:${email.trim().toLowerCase()}:${ctx.ip}`, FAILURES_PER_ACCOUNT],
      [`console-signin:address:${ctx.ip}`, FAILURES_PER_ADDRESS],
    ],
    now,
  );
  const operator = await data.operatorByEmail(ctx.db, email);
  const ok = await verifyPassword(operator?.password_hash ?? null, password);
  if (!operator || !ok || !operator.active) {
    await ctx.audit({
      action: 'signInFailed',
      operatorId: operator?.id ?? null,
      operatorEmail: operator?.email ?? null,
      summary: operator ? (ok ? 'inactive account' : 'wrong password') : `unknown address ${email.slice(0, 100)}`,
    });
    return failure('invalidCredentials');
  }
  await refund();
  const challenge = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + CONSOLE_CHALLENGE_LIFETIME_MS);
  if (operator.totp_secret) {
    await data.insertChallenge(ctx.db, operator.id, hashToken(challenge), null, expiresAt);
    return { mfa: 'verify', challenge };
  }
  const secret = newTotpSecret();
  await data.insertChallenge(ctx.db, operator.id, hashToken(challenge), sealSecret(await operatorSecretKey(ctx.db), secret), expiresAt);
  return { mfa: 'enrol', challenge, otpauthUrl: otpauthUrl(operator.email, secret), secret };
}

export interface SessionStart {
  token: string;
  expiresAt: number;
  operator: Operator;
  recoveryCodes?: string[];
}

export async function verifyTotp(
  ctx: ConsoleContext,
  p: { challenge: string; code?: string; recoveryCode?: string },
): Promise<SessionStart | BusinessFailure<'invalidChallenge' | 'invalidCode'>> {
  const now = ctx.now();
  const challenge = await data.liveChallenge(ctx.db, hashToken(p.challenge), now);
  if (!challenge) return failure('invalidChallenge');
  const operator = await data.operatorById(ctx.db, challenge.operator_id);
  if (!operator || !operator.active) return failure('invalidChallenge');
  const refund = await reserveAttempt(
    ctx.db,
    [
      [`console-totp:account:${operator.id}:${ctx.ip}`, FAILURES_PER_ACCOUNT],
      [`console-totp:address:${ctx.ip}`, FAILURES_PER_ADDRESS],
    ],
    now,
  );
  const key = await operatorSecretKey(ctx.db);
  const enrolling = challenge.pending_secret !== null;
  const fail = async (why: string) => {
    await ctx.audit({ action: 'signInFailed', operatorId: operator.id, operatorEmail: operator.email, summary: why });
    return failure('invalidCode');
  };

  let recoveryCodes: string[] | undefined;
  if (enrolling) {
    const secret = openSecret(key, challenge.pending_secret!);
    if (!secret || !p.code) return fail('enrolment: wrong code');
    const step = await matchTotp(secret, p.code, now, null);
    if (step === null) return fail('enrolment: wrong code');
    recoveryCodes = newRecoveryCodes();
    const codes = recoveryCodes;
    const used = await transaction(ctx.db, async (tx) => {
      if (!(await data.useChallenge(tx, challenge.id, now))) return false;
      await data.enrolTotp(tx, operator.id, challenge.pending_secret!, step, now);
      await data.replaceRecoveryCodes(tx, operator.id, codes.map(hashRecoveryCode));
      return true;
    });
    if (!used) return failure('invalidChallenge');
  } else {
    if (!operator.totp_secret) return failure('invalidChallenge');
    if (p.code) {
      const secret = openSecret(key, operator.totp_secret);
      const last = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
      const step = secret ? await matchTotp(secret, p.code, now, last) : null;
      // The conditional update makes "once" hold between two calls at the same moment too.
      if (step === null || !(await data.acceptTimeStep(ctx.db, operator.id, step))) return fail('wrong or reused code');
    } else if (!(await data.useRecoveryCode(ctx.db, operator.id, hashRecoveryCode(p.recoveryCode ?? ''), now))) {
      return fail('wrong or used recovery code');
    }
    if (!(await data.useChallenge(ctx.db, challenge.id, now))) return failure('invalidChallenge');
  }
  await refund();

  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_LIFETIME_MS);
  await data.insertSession(ctx.db, operator.id, hashToken(token), expiresAt, now);
  await data.touchSignIn(ctx.db, operator.id, now);
  await ctx.audit({
    action: 'signInSucceeded',
    operatorId: operator.id,
    operatorEmail: operator.email,
    summary: enrolling ? 'TOTP enrolled' : p.code ? 'TOTP code' : 'recovery code',
  });
  ctx.setSessionCookie(token, expiresAt);
  return { token, expiresAt: expiresAt.getTime(), operator: toOperator(operator), ...(recoveryCodes ? { recoveryCodes } : {}) };
}

/** A session's last call is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** The operator behind a session token; null when unknown, ended (12 h or 30 min idle) or the operator is inactive. */
export async function resolveOperatorToken(db: Db, token: string, now: Date): Promise<ConsoleOperator | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await data.liveSession(db, hashToken(token), now, new Date(now.getTime() - CONSOLE_SESSION_IDLE_MS));
  if (!row) return null;
  if (now.getTime() - toDate(row.last_used_at).getTime() >= TOUCH_EVERY_MS) await data.touchSession(db, row.session_id, now);
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    tenantId: row.tenant_id,
    sessionId: row.session_id,
    sessionExpiresAt: toDate(row.expires_at),
    sessionCreatedAt: toDate(row.created_at),
  };
}

export function operatorOf(o: ConsoleOperator): Operator {
  return { id: o.id, email: o.email, displayName: o.displayName, role: o.role, tenantId: o.tenantId };
}

export async function signOut(db: Db, operator: ConsoleOperator): Promise<void> {
  await data.deleteSession(db, operator.sessionId);
}

export async function pruneOperatorSessions(db: Db, now: Date): Promise<void> {
  await data.pruneSessions(db, now, new Date(now.getTime() - CONSOLE_SESSION_IDLE_MS));
}
/** For the demo seed and tests: the sealed form of a TOTP secret under this database's key. */
export async function sealTotpSecret(db: Db, secret: string): Promise<string> {
  return sealSecret(await operatorSecretKey(db), secret);
}
