// The operators domain's service and public module (issue 15): invitations, role changes and TOTP resets here;
// operator sign-in (password, then TOTP or a recovery code) and sessions (12 h absolute, 30 min idle) in sign-in.ts;
// the audit log in audit.ts. Those modules never import this one.
import { CONSOLE_INVITATION_LIFETIME_MS, type OperatorRole } from '@hibi/contract/console/protocol';
import type { OperatorRow } from '@hibi/contract/console/operators';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { renderLayout } from '../../mail/templates.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import * as data from './data.ts';
import { ms, reserveAttempt } from './sign-in.ts';

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

export {
  operatorOf,
  operatorSecretKey,
  pruneOperatorSessions,
  resolveOperatorToken,
  sealTotpSecret,
  signIn,
  signOut,
  verifyTotp,
  type SessionStart,
} from './sign-in.ts';
export { listAuditLog, recordAudit } from './audit.ts';
