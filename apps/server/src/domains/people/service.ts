// The people domain's service and public module, the operator console's people (issue 16, items 4-6; decisions
// 128-131): tenants and their invitation codes, members' accounts (search, status without health data, a new password
// link, sessions, deactivation) and the mail outbox. Writes go through this domain's data module, the auth domain's
// service (sessions), the lifecycle domain's service (codes, links, the mail budget) and the outbox module.
import { LITE_PLAN_CONTRACT_TYPE } from '@hibi/contract/constants';
import type {
  InvitationCodeRow,
  InvitationCodeState,
  MailState,
  MemberRow,
  MemberStatus,
  OutboxRow,
  TenantInput,
  TenantRow,
} from '@hibi/contract/console/people';
import { normaliseLocale } from '@hibi/contract/protocol';
import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import { transaction } from '../../db/transaction.ts';
import { CsvFile, pagedRows } from '../../lib/csv.ts';
import { enqueueMail, listOutbox as outboxPage, requeueFailedMail } from '../../mail/outbox.ts';
import { endAllSessions } from '../auth/service.ts';
import * as data from './data.ts';
import { generateInvitationCode, issueLink, mailBudgetAllows, setPasswordLink } from '../lifecycle/service.ts';
import { PURGE_AFTER_MS, purgeNeedsConfirmation } from '../insights/service.ts';
import { voidPoints } from '../points/service.ts';

const ms = (v: Date | string | null | undefined): number | null => (v == null ? null : new Date(v).getTime());
const msOf = (v: Date | string): number => new Date(v).getTime();

/* ------------------------------------------------------------------ tenants */

export async function listTenants(ctx: ConsoleContext, offset: number, perPage: number): Promise<{ tenants: TenantRow[]; total: number }> {
  const found = await data.listTenants(ctx.db, ctx.now(), offset, perPage);
  return {
    total: found[0]?.total ?? (offset > 0 ? ((await data.listTenants(ctx.db, ctx.now(), 0, 1))[0]?.total ?? 0) : 0),
    tenants: found.map((t) => ({
      id: t.id,
      name: { ja: t.name_ja, en: t.name_en },
      contractType: t.contract_type,
      litePlan: t.contract_type === LITE_PLAN_CONTRACT_TYPE,
      corporateContract: t.corporate_contract,
      teamMatchEnabled: t.team_match_enabled,
      emailDistributionEnabled: t.email_distribution_enabled,
      memberCount: t.member_count,
      activeCodes: t.active_codes,
      createdAt: msOf(t.created_at),
      contractEndsAt: ms(t.contract_ends_at),
      purgeAt: t.contract_ends_at === null ? null : msOf(t.contract_ends_at) + PURGE_AFTER_MS,
      purgedAt: ms(t.purged_at),
    })),
  };
}

export async function saveTenant(
  ctx: ConsoleContext,
  p: TenantInput,
): Promise<{ id: number } | BusinessFailure<'notFound' | 'purgeNeedsConfirmation' | 'purged'>> {
  const before = p.id === undefined ? undefined : await data.tenantById(ctx.db, p.id);
  if (p.id !== undefined && !before) return failure('notFound');
  // A purged tenant stays as it was: its end (and the deletion it caused) cannot move any more.
  if (before?.purgedAt) return failure('purged');
  const endsAt = p.contractEndsAt === undefined ? undefined : p.contractEndsAt === null ? null : new Date(p.contractEndsAt);
  const endChanged = endsAt !== undefined && (endsAt?.getTime() ?? null) !== (before?.contractEndsAt?.getTime() ?? null);
  if (endChanged && purgeNeedsConfirmation(p.contractEndsAt, p.confirmPurge, ctx.now())) return failure('purgeNeedsConfirmation');
  const values = {
    nameJa: p.name.ja,
    nameEn: p.name.en,
    contractType: p.contractType,
    corporateContract: p.corporateContract,
    teamMatchEnabled: p.teamMatchEnabled,
    emailDistributionEnabled: p.emailDistributionEnabled,
    ...(endsAt !== undefined ? { contractEndsAt: endsAt } : {}),
  };
  const ending = endChanged ? `, contract ends ${endsAt ? endsAt.toISOString() : 'never'}${p.confirmPurge ? ' (purge confirmed)' : ''}` : '';
  const switches = `contract type ${p.contractType}, corporate ${p.corporateContract}, team matches ${p.teamMatchEnabled}, mail magazine ${p.emailDistributionEnabled}${ending}`;
  if (p.id === undefined) {
    const id = await data.insertTenant(ctx.db, { ...values, createdAt: ctx.now() });
    ctx.note({ targetType: 'tenant', targetId: id, summary: `created "${p.name.ja}": ${switches}` });
    return { id };
  }
  if (!(await data.updateTenant(ctx.db, p.id, values))) return failure('notFound');
  ctx.note({ targetType: 'tenant', targetId: p.id, summary: `saved "${p.name.ja}": ${switches}` });
  return { id: p.id };
}

/* ------------------------------------------------------------------ invitation codes */

function codeState(c: data.InvitationCodeListRow, now: Date): InvitationCodeState {
  if (c.revoked_at !== null) return 'revoked';
  if (c.expires_at !== null && msOf(c.expires_at) <= now.getTime()) return 'expired';
  if (c.max_uses !== null && c.used_count >= c.max_uses) return 'usedUp';
  return 'active';
}

export async function listInvitationCodes(
  ctx: ConsoleContext,
  tenantId: number,
  offset: number,
  perPage: number,
): Promise<{ codes: InvitationCodeRow[]; total: number } | BusinessFailure<'notFound'>> {
  if (!(await data.tenantById(ctx.db, tenantId))) return failure('notFound');
  const now = ctx.now();
  const found = await data.listInvitationCodes(ctx.db, tenantId, offset, perPage);
  return {
    total: found[0]?.total ?? 0,
    codes: found.map((c) => ({
      code: c.code,
      tenantId: c.tenant_id,
      maxUses: c.max_uses,
      usedCount: c.used_count,
      expiresAt: ms(c.expires_at),
      revokedAt: ms(c.revoked_at),
      createdAt: msOf(c.created_at),
      state: codeState(c, now),
    })),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Invitation codes one operator may create in the window (a company makes a few a month). */
export const CODES_PER_OPERATOR = 30;
const CODES_WINDOW_MS = 60 * 60 * 1000;

export async function createInvitationCode(
  ctx: ConsoleContext,
  p: { tenantId: number; code?: string | undefined; maxUses: number; expiresAt: number },
): Promise<{ code: string } | BusinessFailure<'notFound' | 'codeTaken' | 'generatedCodesOnly' | 'expiryInPast'>> {
  const now = ctx.now();
  // A company operator would learn from codeTaken whether another tenant's code exists: generated codes only, refused
  // before anything is looked up (issue 53, decision 175); and every operator's codes are limited per window.
  if (ctx.operator.role === 'company' && p.code !== undefined) return failure('generatedCodesOnly');
  await ctx.rateLimit(`invitation-code-create:${ctx.operator.id}`, CODES_PER_OPERATOR, CODES_WINDOW_MS);
  if (p.expiresAt <= now.getTime()) return failure('expiryInPast');
  if (!(await data.tenantById(ctx.db, p.tenantId))) return failure('notFound');
  // A chosen code may be taken; a generated one (80 random bits) is drawn again should it ever collide.
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = p.code ?? generateInvitationCode();
    try {
      await transaction(ctx.db, (tx) =>
        data.insertInvitationCode(tx, { code, tenantId: p.tenantId, maxUses: p.maxUses, expiresAt: new Date(p.expiresAt), createdAt: now }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (p.code !== undefined) return failure('codeTaken');
      continue;
    }
    ctx.note({
      targetType: 'invitationCode',
      targetId: code,
      summary: `tenant ${p.tenantId}, ${p.maxUses} use(s), expires ${new Date(p.expiresAt).toISOString()}${p.code ? '' : ' (generated)'}`,
    });
    return { code };
  }
  throw new Error('could not generate a free invitation code');
}

export async function revokeInvitationCode(ctx: ConsoleContext, code: string): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const revoked = await data.revokeInvitationCode(ctx.db, code, ctx.now(), ctx.operator.role === 'company' ? ctx.operator.tenantId : null);
  if (!revoked) return failure('notFound');
  ctx.note({
    targetType: 'invitationCode',
    targetId: code,
    summary: revoked.wasRevoked ? 'already revoked' : `revoked (tenant ${revoked.tenantId})`,
  });
  return {};
}

/* ------------------------------------------------------------------ members */

export async function searchMembers(
  ctx: ConsoleContext,
  query: string,
  offset: number,
  perPage: number,
): Promise<{ members: MemberRow[]; total: number }> {
  const found = await data.searchMembers(ctx.db, query, offset, perPage);
  return {
    total: found[0]?.total ?? 0,
    members: found.map((m) => ({
      id: m.id,
      email: m.email,
      loginId: m.login_id,
      nickname: m.nickname,
      userName: m.user_name,
      tenantName: m.tenant_name,
      deactivated: m.deactivated_at !== null,
      createdAt: msOf(m.created_at),
    })),
  };
}

export async function memberStatus(ctx: ConsoleContext, id: number): Promise<{ member: MemberStatus } | BusinessFailure<'notFound'>> {
  const now = ctx.now();
  const idle = ctx.config.sessionIdleTimeoutMs;
  const idleSince = Number.isFinite(idle) ? new Date(now.getTime() - idle) : new Date(0);
  const m = await data.memberStatus(ctx.db, id, now, idleSince);
  if (!m) return failure('notFound');
  return {
    member: {
      id: m.id,
      email: m.email,
      loginId: m.login_id,
      externalAccountId: m.external_account_id,
      nickname: m.nickname,
      userName: m.user_name,
      tenant:
        m.tenant_id === null
          ? null
          : {
              id: m.tenant_id,
              name: { ja: m.name_ja!, en: m.name_en },
              contractType: m.contract_type!,
              litePlan: m.contract_type === LITE_PLAN_CONTRACT_TYPE,
              corporateContract: m.corporate_contract!,
            },
      createdAt: msOf(m.created_at),
      lastSignInAt: ms(m.last_login_at),
      // An address is on an account only after a link sent to it was used (signup: the password set through it;
      // registration: the address set when used), so an address with a password set is proven (decision 130).
      emailVerified: m.email !== null && m.password_set,
      passwordSet: m.password_set,
      sessionsCount: m.deactivated_at === null ? m.sessions_count : 0,
      deactivatedAt: ms(m.deactivated_at),
      locale: m.locale,
    },
  };
}

/** A tenant user (not withdrawn), or undefined. */
async function memberOf(ctx: ConsoleContext, id: number) {
  const user = await data.userById(ctx.db, id);
  return user && user.tenantId !== null ? user : undefined;
}

export async function resendPasswordLink(
  ctx: ConsoleContext,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'noEmail' | 'deactivated' | 'mailLimit'>> {
  const user = await memberOf(ctx, id);
  if (!user) return failure('notFound');
  if (user.deactivatedAt) return failure('deactivated');
  if (!user.email) return failure('noEmail');
  const email = user.email;
  const now = ctx.now();
  // The address's mail budget counts this mail like any other (issue 12, finding 12): an operator cannot flood it.
  if (!(await mailBudgetAllows(ctx.db, email, now))) return failure('mailLimit');
  const purpose = user.passwordHash === null ? 'signup' : 'reset';
  await transaction(ctx.db, async (tx) => {
    const token = await issueLink(tx, user.id, purpose, null, now);
    await enqueueMail(
      tx,
      { kind: purpose, locale: normaliseLocale(user.locale), to: email, name: user.nickname, link: setPasswordLink(ctx.config, token) },
      now,
    );
  });
  ctx.note({ targetType: 'member', targetId: id, summary: `${purpose === 'signup' ? 'signup' : 'password reset'} link mailed` });
  return {};
}

export async function endMemberSessions(ctx: ConsoleContext, id: number): Promise<{ ended: number } | BusinessFailure<'notFound'>> {
  if (!(await memberOf(ctx, id))) return failure('notFound');
  const ended = await endAllSessions(ctx.db, id);
  ctx.note({ targetType: 'member', targetId: id, summary: `${ended} session(s) ended` });
  return { ended };
}

/**
 * Deactivates a member: the mark and the end of every session in one transaction. Both write rows the change feed
 * names (`users@<id>` and `user:<id>`, migrations 0700 and 0720), so every process drops the member's cached sessions when it commits.
 */
export async function deactivateMember(ctx: ConsoleContext, id: number): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const user = await memberOf(ctx, id);
  if (!user) return failure('notFound');
  const ended = await transaction(ctx.db, async (tx) => {
    await data.setDeactivated(tx, id, ctx.now());
    // Use suspended: the whole balance is voided; a reactivation restores nothing (docs/requirements/points.md#points-expiry).
    await voidPoints(tx, id, 'deactivated', ctx.now());
    return endAllSessions(tx, id);
  });
  ctx.note({ targetType: 'member', targetId: id, summary: user.deactivatedAt ? 'already deactivated' : `deactivated, ${ended} session(s) ended` });
  return {};
}

export async function reactivateMember(ctx: ConsoleContext, id: number): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const user = await memberOf(ctx, id);
  if (!user) return failure('notFound');
  const changed = await data.setDeactivated(ctx.db, id, null);
  ctx.note({ targetType: 'member', targetId: id, summary: changed ? 'reactivated' : 'was active' });
  return {};
}

/** Rows read per query of the members export. */
export const MEMBER_EXPORT_PAGE = 500;

/** A tenant's members as CSV, read in keyset pages as the response is written (owners only; no health data). */
export async function exportMembers(ctx: ConsoleContext, tenantId: number): Promise<CsvFile | BusinessFailure<'notFound'>> {
  const tenant = await data.tenantById(ctx.db, tenantId);
  if (!tenant) return failure('notFound');
  const day = new Date(ctx.now().getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  ctx.note({ targetType: 'tenant', targetId: tenantId, summary: `members of "${tenant.nameJa}" exported` });
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v));
  return new CsvFile(
    `members-tenant-${tenantId}-${day}.csv`,
    [
      'id',
      'email',
      'accountId',
      'externalAccountId',
      'nickname',
      'userName',
      'userPhonetic',
      'locale',
      'createdAt',
      'lastSignInAt',
      'passwordSet',
      'deactivatedAt',
    ],
    pagedRows(
      (after: number | null) => data.memberExportPage(ctx.db, tenantId, after ?? 0, MEMBER_EXPORT_PAGE),
      (m) => m.id,
      (m) => [
        m.id,
        m.email,
        m.login_id,
        m.external_account_id,
        m.nickname,
        m.user_name,
        m.user_phonetic,
        m.locale,
        iso(m.created_at),
        iso(m.last_login_at),
        m.password_set,
        iso(m.deactivated_at),
      ],
    ),
  );
}

/* ------------------------------------------------------------------ mail outbox */

const CONSOLE_STATE: Record<string, MailState> = {
  pending: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  unconfirmed: 'unconfirmed',
};

export async function listOutbox(
  ctx: ConsoleContext,
  p: { state?: MailState | undefined; recipient?: string | undefined; offset: number; perPage: number },
): Promise<{ mails: OutboxRow[]; total: number }> {
  const found = await outboxPage(ctx.db, { state: p.state, recipient: p.recipient || undefined }, p.offset, p.perPage);
  return {
    total: found[0]?.total ?? 0,
    mails: found.map((m) => ({
      id: m.id,
      kind: m.kind,
      locale: m.locale,
      recipient: m.to_address,
      state: CONSOLE_STATE[m.status]!,
      attempts: m.attempts,
      lastError: m.last_error,
      createdAt: msOf(m.created_at),
      nextAttemptAt: m.status === 'pending' ? ms(m.next_attempt_at) : null,
      sentAt: ms(m.sent_at),
    })),
  };
}

export async function retryMail(
  ctx: ConsoleContext,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'notFailed' | 'bodyGone'>> {
  const outcome = await requeueFailedMail(ctx.db, id, ctx.now());
  if (outcome !== 'queued') return failure(outcome);
  ctx.note({ targetType: 'mail', targetId: id, summary: 'failed mail queued again' });
  return {};
}
