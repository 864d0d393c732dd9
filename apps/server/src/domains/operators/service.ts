// The operators domain's service and public module (issue 15): operator sign-in (password, then TOTP or a recovery
// code), sessions (12 h absolute, 30 min idle), invitations, role changes, TOTP resets and the audit log.
import {
  CONSOLE_CHALLENGE_LIFETIME_MS,
  CONSOLE_INVITATION_LIFETIME_MS,
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_LIFETIME_MS,
  type OperatorRole,
} from '@hibi/contract/console/protocol';
import type { Operator } from '@hibi/contract/console/auth';
import type { OperatorRow } from '@hibi/contract/console/operators';
import type { AuditEntry } from '@hibi/contract/console/audit';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit, refundRateLimit } from '../../lib/rate-limit.ts';
import { newSecretBoxKey, openSecret, sealSecret } from '../../lib/secret-box.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { renderLayout } from '../../mail/templates.ts';
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
const ms = (v: Date | string | null) => (v === null ? null : toDate(v).getTime());

function toOperator(o: { id: number; email: string; display_name: string; role: OperatorRole; tenant_id: number | null }): Operator {
  return { id: o.id, email: o.email, displayName: o.display_name, role: o.role, tenantId: o.tenant_id };
}

/**
 * Counts an attempt against both limits first (429 when either is spent), and gives it back when it succeeds, so
 * only failures use the budget. Fixed windows: a limit never locks an account beyond its window.
 */
async function reserveAttempt(db: Db, keys: [string, number][], now: Date): Promise<() => Promise<void>> {
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

/* ------------------------------------------------------------------ invitations and operators */

export function enrolmentLink(appBaseUrl: string, token: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}/console/enrol?token=${encodeURIComponent(token)}`;
}

async function newInvitation(db: Db, operatorId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + CONSOLE_INVITATION_LIFETIME_MS);
  await data.replaceInvitation(db, operatorId, hashToken(token), expiresAt);
  return { token, expiresAt };
}

const INVITE_COPY: Record<
  Locale,
  {
    subject: string;
    greeting: (n: string) => string;
    lead: (by: string, role: string) => string[];
    button: string;
    after: string[];
    roles: Record<OperatorRole, string>;
  }
> = {
  ja: {
    subject: '【Hibi】管理コンソールへのご招待',
    greeting: (n) => `${n} 様`,
    lead: (by, role) => [
      `${by} さんから Hibi 管理コンソールに「${role}」として招待されました。`,
      '次のリンクからパスワードを設定し、二段階認証を登録してください。',
    ],
    button: 'パスワードを設定する',
    after: ['このリンクの有効期限は72時間で、一度だけ使えます。', 'お心当たりのない場合は、このメールを破棄してください。'],
    roles: { owner: 'オーナー', editor: '編集者', support: 'サポート', company: '企業担当者' },
  },
  en: {
    subject: '[Hibi] Your invitation to the operator console',
    greeting: (n) => `Dear ${n},`,
    lead: (by, role) => [
      `${by} invited you to the Hibi operator console as ${role}.`,
      'Set your password from the link below, then set up two-step verification.',
    ],
    button: 'Set your password',
    after: ['The link works once, for 72 hours.', 'If you did not expect this email, please ignore it.'],
    roles: { owner: 'an owner', editor: 'an editor', support: 'support', company: 'a company administrator' },
  },
};

async function mailInvitation(
  db: Db,
  to: { email: string; displayName: string; role: OperatorRole },
  by: string,
  link: string,
  locale: Locale,
  now: Date,
): Promise<void> {
  const copy = INVITE_COPY[locale];
  const rendered = renderLayout(locale, {
    subject: copy.subject,
    greeting: copy.greeting(to.displayName),
    lead: copy.lead(by, copy.roles[to.role]),
    button: copy.button,
    link,
    after: copy.after,
  });
  await enqueueRenderedMail(db, { kind: 'operatorInvitation', locale, to: to.email, rendered }, now);
}

export async function inviteOperator(
  ctx: ConsoleContext,
  p: { email: string; displayName: string; role: OperatorRole; tenantId?: number | undefined },
): Promise<{ id: number; expiresAt: number } | BusinessFailure<'emailTaken' | 'notFound'>> {
  const now = ctx.now();
  const by = ctx.operator!;
  if (p.tenantId !== undefined && !(await data.tenantExists(ctx.db, p.tenantId))) return failure('notFound');
  const result = await transaction(ctx.db, async (tx) => {
    const id = await data.insertOperator(tx, { email: p.email, displayName: p.displayName, role: p.role, tenantId: p.tenantId ?? null }, now);
    if (id === undefined) return null;
    const { token, expiresAt } = await newInvitation(tx, id, now);
    await mailInvitation(tx, p, by.displayName, enrolmentLink(ctx.config.appBaseUrl, token), ctx.locale, now);
    return { id, expiresAt: expiresAt.getTime() };
  });
  if (!result) return failure('emailTaken');
  ctx.note({
    targetType: 'operator',
    targetId: result.id,
    summary: `invited ${p.email} as ${p.role}${p.tenantId !== undefined ? ` of tenant ${p.tenantId}` : ''}`,
  });
  return result;
}

export async function resendInvitation(ctx: ConsoleContext, id: number): Promise<{ expiresAt: number } | BusinessFailure<'notFound' | 'notPending'>> {
  const now = ctx.now();
  const operator = await data.operatorById(ctx.db, id);
  if (!operator) return failure('notFound');
  if (operator.password_hash !== null) return failure('notPending');
  const expiresAt = await transaction(ctx.db, async (tx) => {
    const { token, expiresAt } = await newInvitation(tx, id, now);
    const to = { email: operator.email, displayName: operator.display_name, role: operator.role };
    await mailInvitation(tx, to, ctx.operator!.displayName, enrolmentLink(ctx.config.appBaseUrl, token), ctx.locale, now);
    return expiresAt;
  });
  ctx.note({ targetType: 'operator', targetId: id, summary: `invitation sent again to ${operator.email}` });
  return { expiresAt: expiresAt.getTime() };
}

/** Failed enrolment links per client address in the sign-in window before 429 (issue 30, finding 3). */
export const FAILED_INVITATIONS_PER_ADDRESS = 10;

export async function acceptInvitation(
  ctx: ConsoleContext,
  p: { token: string; password: string; displayName: string },
): Promise<{ email: string } | BusinessFailure<'invalidToken'>> {
  const now = ctx.now();
  // Issue 30, finding 3: no session guards this function, so failures are limited per address (counted before the
  // check, given back on success) and audited, and the token is checked before argon2 runs: a guess costs a lookup.
  const refund = await reserveAttempt(ctx.db, [[`console-invitation:address:${ctx.ip}`, FAILED_INVITATIONS_PER_ADDRESS]], now);
  const tokenHash = hashToken(p.token);
  const fail = async () => {
    await ctx.audit({ action: 'acceptInvitationFailed', operatorId: null, operatorEmail: null, summary: 'unknown, expired or used link' });
    return failure('invalidToken');
  };
  if ((await data.liveInvitation(ctx.db, tokenHash, now)) === undefined) return fail();
  const passwordHash = await hashPassword(p.password);
  const operator = await transaction(ctx.db, async (tx) => {
    const id = await data.takeInvitation(tx, tokenHash, now);
    if (id === undefined) return null;
    await data.setPassword(tx, id, passwordHash, p.displayName);
    // A new password starts over: sessions end and TOTP is enrolled again at the next sign-in.
    await data.resetTotp(tx, id);
    await data.deleteSessionsOf(tx, id);
    return data.operatorById(tx, id);
  });
  if (!operator) return fail();
  await refund();
  await ctx.audit({
    action: 'acceptInvitation',
    operatorId: operator.id,
    operatorEmail: operator.email,
    targetType: 'operator',
    targetId: operator.id,
    summary: 'password set',
  });
  return { email: operator.email };
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return (await data.listOperators(db)).map((o) => ({
    id: o.id,
    email: o.email,
    displayName: o.display_name,
    role: o.role,
    tenantId: o.tenant_id,
    active: o.active,
    enrolled: o.totp_secret !== null,
    invitationPending: o.invitation_pending,
    lastSignInAt: ms(o.last_sign_in_at),
    createdAt: ms(o.created_at)!,
  }));
}

export async function updateOperator(
  ctx: ConsoleContext,
  p: { id: number; role?: OperatorRole; active?: boolean },
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'lastOwner' | 'companyRole'>> {
  const outcome = await transaction(ctx.db, async (tx) => {
    await data.lockOwners(tx);
    const before = await data.operatorById(tx, p.id);
    if (!before) return 'notFound' as const;
    // A company operator is bound to its tenant from the invitation: no role moves into or out of `company`.
    if (p.role !== undefined && p.role !== before.role && (p.role === 'company' || before.role === 'company')) return 'companyRole' as const;
    const staysOwner = (p.role ?? before.role) === 'owner' && (p.active ?? before.active);
    if (before.role === 'owner' && before.active && !staysOwner && (await data.countActiveOwners(tx)) <= 1) return 'lastOwner' as const;
    await data.updateOperator(tx, p.id, { role: p.role, active: p.active });
    if (p.active === false) await data.deleteSessionsOf(tx, p.id);
    return before;
  });
  if (typeof outcome === 'string') return failure(outcome);
  const changes = [
    p.role !== undefined && p.role !== outcome.role ? `role ${outcome.role} -> ${p.role}` : null,
    p.active !== undefined && p.active !== outcome.active ? (p.active ? 'reactivated' : 'deactivated') : null,
  ].filter(Boolean);
  ctx.note({ targetType: 'operator', targetId: p.id, summary: `${outcome.email}: ${changes.join(', ') || 'no change'}` });
  return {};
}

export async function resetOperatorTotp(ctx: ConsoleContext, id: number): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const done = await transaction(ctx.db, async (tx) => {
    if (!(await data.resetTotp(tx, id))) return false;
    await data.deleteSessionsOf(tx, id);
    return true;
  });
  if (!done) return failure('notFound');
  ctx.note({ targetType: 'operator', targetId: id, summary: 'TOTP reset: enrols again at the next sign-in' });
  return {};
}

/**
 * The first owner (npm run console:create-owner): an operator without a password and a one-time enrolment link.
 * An existing address gets a new link (the old one stops working) when it has no password yet.
 */
export async function bootstrapOwner(
  db: Db,
  email: string,
  appBaseUrl: string,
  now: Date,
): Promise<{ link: string; expiresAt: Date } | { error: 'hasPassword' }> {
  return transaction(db, async (tx) => {
    let id = await data.insertOperator(tx, { email, displayName: email.split('@')[0]!.slice(0, 60) || email, role: 'owner' }, now);
    if (id === undefined) {
      const existing = await data.operatorByEmail(tx, email);
      if (!existing || existing.password_hash !== null) return { error: 'hasPassword' as const };
      id = existing.id;
      await data.updateOperator(tx, id, { role: 'owner', active: true });
    }
    const { token, expiresAt } = await newInvitation(tx, id, now);
    await data.insertAudit(tx, {
      operatorId: null,
      operatorEmail: null,
      action: 'createOwner',
      targetType: 'operator',
      targetId: String(id),
      summary: `bootstrap owner ${email} (command line)`,
      at: now,
    });
    return { link: enrolmentLink(appBaseUrl, token), expiresAt };
  });
}

/* ------------------------------------------------------------------ audit log */

export async function recordAudit(db: Db, row: data.AuditInsert): Promise<void> {
  await data.insertAudit(db, { ...row, summary: (row.summary ?? '').slice(0, 1000) });
}

/** Cursor: the last row's id, base64url of `a<id>`. */
function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^a(\d{1,18})$/.exec(text);
  return m ? Number(m[1]) : null;
}
const encodeCursor = (id: number) => Buffer.from(`a${id}`).toString('base64url');

export async function listAuditLog(
  db: Db,
  p: { cursor?: string; limit: number; operatorId?: number; action?: string; from?: number; to?: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null } | BusinessFailure<'invalidCursor'>> {
  const beforeId = p.cursor === undefined ? undefined : decodeCursor(p.cursor);
  if (beforeId === null) return failure('invalidCursor');
  const found = await data.auditPage(db, {
    operatorId: p.operatorId,
    action: p.action,
    from: p.from === undefined ? undefined : new Date(p.from),
    to: p.to === undefined ? undefined : new Date(p.to),
    beforeId,
    limit: p.limit,
  });
  const page = found.slice(0, p.limit);
  return {
    entries: page.map((r) => ({
      id: Number(r.id),
      at: Number(r.at_ms),
      operatorId: r.operator_id,
      operatorEmail: r.operator_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      summary: r.summary,
      ip: r.ip,
    })),
    nextCursor: found.length > p.limit ? encodeCursor(Number(page[page.length - 1]!.id)) : null,
  };
}

/** For the demo seed and tests: the sealed form of a TOTP secret under this database's key. */
export async function sealTotpSecret(db: Db, secret: string): Promise<string> {
  return sealSecret(await operatorSecretKey(db), secret);
}
