import { z } from 'zod';
import { localizedOut } from './content.ts';
import { singleLineText } from '../text.ts';
import { consoleEpochMs, consoleId, defineConsoleFunction, localizedTitle } from './protocol.ts';

/**
 * The console's people (issue 16, items 4-6): tenants and their invitation codes, members (support and owner; never
 * any health data), and the mail outbox. Decisions 128-131.
 */

/* ------------------------------------------------------------------ tenants */

/** Contract types a tenant may have; 5 is the lite plan (its members may withdraw themselves, docs/requirements/account.md#account-withdrawal). */
export const CONTRACT_TYPES = [1, 2, 3, 4, 5] as const;
export const TENANT_NAME_MAX = 100;

export const tenantRowSchema = z.object({
  id: z.number().int(),
  name: localizedOut,
  contractType: z.number().int(),
  /** Contract type 5. */
  litePlan: z.boolean(),
  /** Members see contract-only content. */
  corporateContract: z.boolean(),
  teamMatchEnabled: z.boolean(),
  /** The mail magazine setting is offered to members. */
  emailDistributionEnabled: z.boolean(),
  memberCount: z.number().int(),
  /** Invitation codes that can be used now. */
  activeCodes: z.number().int(),
  createdAt: z.number().int(),
  /** When the contract ends (members can no longer sign in); null: open-ended. */
  contractEndsAt: z.number().int().nullable(),
  /** When maintenance purges the members' personal data (contract end + 90 days). */
  purgeAt: z.number().int().nullable(),
  /** When it did; the tenant can no longer be changed after it. */
  purgedAt: z.number().int().nullable(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

const paging = {
  offset: z.number().int().min(0).max(1_000_000).default(0),
  perPage: z.number().int().min(1).max(100).default(50),
};

export const listTenants = defineConsoleFunction({
  name: 'listTenants',
  roles: ['owner', 'support'],
  summary: 'Tenants by name with their contract and switches, member and active-code counts; paged.',
  payload: z.object(paging),
  response: z.object({ tenants: z.array(tenantRowSchema), total: z.number().int() }),
});

/** The tenant form: also the payload of saveTenant (id absent: new). */
export const tenantInputSchema = z.object({
  id: consoleId.optional(),
  name: localizedTitle(TENANT_NAME_MAX, 'jaNameRequired'),
  contractType: z
    .number()
    .int()
    .min(CONTRACT_TYPES[0])
    .max(CONTRACT_TYPES[CONTRACT_TYPES.length - 1]!),
  corporateContract: z.boolean(),
  teamMatchEnabled: z.boolean(),
  emailDistributionEnabled: z.boolean(),
  /** End of the contract (epoch ms; null: open-ended; absent: unchanged). */
  contractEndsAt: consoleEpochMs.nullable().optional(),
  /** Needed when the end set would purge the members' data within 7 days. */
  confirmPurge: z.boolean().optional(),
});
export type TenantInput = z.output<typeof tenantInputSchema>;
export type TenantFormValues = z.input<typeof tenantInputSchema>;

export const saveTenant = defineConsoleFunction({
  name: 'saveTenant',
  roles: ['owner'],
  summary:
    'Creates (id absent) or changes a tenant: names, contract type (5: lite plan), switches and the end of the contract (members cannot sign in from then; their personal data is purged 90 days later). An end whose purge falls within 7 days needs confirmPurge (purgeNeedsConfirmation otherwise); a purged tenant cannot change (purged).',
  payload: tenantInputSchema,
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound', 'purgeNeedsConfirmation', 'purged'],
  audited: true,
});

/* ------------------------------------------------------------------ invitation codes */

export const INVITATION_CODE_STATES = ['active', 'expired', 'usedUp', 'revoked'] as const;
export type InvitationCodeState = (typeof INVITATION_CODE_STATES)[number];
export const INVITATION_CODE_MAX_USES = 100_000;
/** A code an operator chooses: letters, digits and hyphens (stored upper-case). */
export const invitationCodeText = z
  .string()
  .trim()
  .min(4, { error: 'msg:invitationCodeFormat' })
  .max(40, { error: 'msg:invitationCodeFormat' })
  .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, { error: 'msg:invitationCodeFormat' })
  .transform((v) => v.toUpperCase());

export const invitationCodeRowSchema = z.object({
  code: z.string(),
  tenantId: z.number().int(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  expiresAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  state: z.enum(INVITATION_CODE_STATES),
});
export type InvitationCodeRow = z.infer<typeof invitationCodeRowSchema>;

export const listInvitationCodes = defineConsoleFunction({
  name: 'listInvitationCodes',
  roles: ['owner', 'support', 'company'],
  summary: 'A tenant’s invitation codes, newest first, with their uses and state; paged.',
  payload: z.object({ tenantId: consoleId, ...paging }),
  response: z.object({ codes: z.array(invitationCodeRowSchema), total: z.number().int() }),
  errorCodes: ['notFound'],
});

export const createInvitationCode = defineConsoleFunction({
  name: 'createInvitationCode',
  roles: ['owner', 'support', 'company'],
  summary:
    'A new invitation code for a tenant: the given code (upper-cased) or, when absent, an unguessable generated one; at least one use and an expiry in the future. A company operator gets generated codes only (generatedCodesOnly for a chosen one). Limited per operator (429).',
  payload: z.object({
    tenantId: consoleId,
    code: invitationCodeText.optional(),
    maxUses: z.number().int().min(1, { error: 'msg:maxUsesRange' }).max(INVITATION_CODE_MAX_USES, { error: 'msg:maxUsesRange' }),
    expiresAt: consoleEpochMs,
  }),
  response: z.object({ code: z.string() }),
  errorCodes: ['notFound', 'codeTaken', 'generatedCodesOnly', 'expiryInPast'],
  audited: true,
});

export const revokeInvitationCode = defineConsoleFunction({
  name: 'revokeInvitationCode',
  roles: ['owner', 'support', 'company'],
  summary: 'Revokes a code at once: signups with it are refused like an expired code. Revoking it again changes nothing.',
  payload: z.object({ code: invitationCodeText }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

/* ------------------------------------------------------------------ members */

export const memberRowSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  /** A company-assigned account id (EMP-0001), when the account has one. */
  loginId: z.string().nullable(),
  nickname: z.string(),
  /** The full name as the member gave it ('' when none): reservations show it. */
  userName: z.string(),
  tenantName: z.string().nullable(),
  deactivated: z.boolean(),
  createdAt: z.number().int(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const searchMembers = defineConsoleFunction({
  name: 'searchMembers',
  roles: ['owner', 'support'],
  summary:
    'Members whose email, account id (company-assigned, external, or the number), nickname or full name contains the query (case-insensitive; names regardless of full- or half-width forms and spaces); an empty query lists every member, newest first; paged in SQL.',
  payload: z.object({
    /** Empty or absent: every member. */
    query: singleLineText(100).default(''),
    ...paging,
    perPage: z.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ members: z.array(memberRowSchema), total: z.number().int() }),
});

/** A member's account status: never any health, body or activity data (docs/requirements/people.md#people-members). */
export const memberStatusSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  loginId: z.string().nullable(),
  externalAccountId: z.string().nullable(),
  nickname: z.string(),
  userName: z.string(),
  tenant: z
    .object({
      id: z.number().int(),
      name: localizedOut,
      contractType: z.number().int(),
      litePlan: z.boolean(),
      corporateContract: z.boolean(),
    })
    .nullable(),
  createdAt: z.number().int(),
  lastSignInAt: z.number().int().nullable(),
  /** The address was proven by an emailed link (its password was set through one). */
  emailVerified: z.boolean(),
  passwordSet: z.boolean(),
  sessionsCount: z.number().int(),
  deactivatedAt: z.number().int().nullable(),
  locale: z.string(),
});
export type MemberStatus = z.infer<typeof memberStatusSchema>;

const memberId = z.object({ id: consoleId });

export const getMemberStatus = defineConsoleFunction({
  name: 'getMemberStatus',
  roles: ['owner', 'support'],
  summary: 'A member’s account status: tenant, contract, created, last sign-in, email verified, live sessions. No health data.',
  payload: memberId,
  response: z.object({ member: memberStatusSchema }),
  errorCodes: ['notFound'],
});

export const resendPasswordLink = defineConsoleFunction({
  name: 'resendPasswordLink',
  roles: ['owner', 'support'],
  summary:
    'Mails the member a new password-setting link through the outbox (signup link without a password yet, reset link otherwise); counted against the address’s mail budget.',
  payload: memberId,
  response: z.object({}),
  errorCodes: ['notFound', 'noEmail', 'deactivated', 'mailLimit'],
  audited: true,
});

export const endMemberSessions = defineConsoleFunction({
  name: 'endMemberSessions',
  roles: ['owner', 'support'],
  summary: 'Ends every session of a member at once, on every server process.',
  payload: memberId,
  response: z.object({ ended: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const deactivateMember = defineConsoleFunction({
  name: 'deactivateMember',
  roles: ['owner', 'support'],
  summary: 'Deactivates a member: sign-in is refused and every session ends at once. Deactivating again changes nothing.',
  payload: memberId,
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const reactivateMember = defineConsoleFunction({
  name: 'reactivateMember',
  roles: ['owner', 'support'],
  summary: 'Lets a deactivated member sign in again (their password is unchanged).',
  payload: memberId,
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const exportMembers = defineConsoleFunction({
  name: 'exportMembers',
  roles: ['owner'],
  kind: 'csv',
  summary:
    'A tenant’s members as CSV (UTF-8 with BOM, a header row, one row per member): ids, addresses, names, sign-up, last sign-in, state. Never health data. Audited.',
  payload: z.object({ tenantId: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
});

/* ------------------------------------------------------------------ mail outbox */

/** The outbox's states as the console names them (`queued`: waiting for its first or next attempt). */
/**
 * Every kind of mail the outbox holds (the server's enqueue takes only these, so a new kind is added here, and the
 * console's outbox names each in both languages: issue 55, item 7).
 */
export const MAIL_KINDS = [
  'signup',
  'reset',
  'register',
  'emailChanged',
  'operatorInvitation',
  'passkeyAdded',
  'passkeyDeleted',
  'passkeysRemoved',
  'reservationConfirmed',
  'seatPromoted',
  'reminderDay',
  'reminderHour',
  'reservationCancelledByOffice',
  'magazine',
  'magazineTest',
  'programWin',
  'pointsExpiring',
] as const;
export type MailKindName = (typeof MAIL_KINDS)[number];

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'unconfirmed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** A mail as the console shows it: never its body or subject (a body may hold a link). */
export const outboxRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  locale: z.string(),
  recipient: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  nextAttemptAt: z.number().int().nullable(),
  sentAt: z.number().int().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

export const listOutbox = defineConsoleFunction({
  name: 'listOutbox',
  roles: ['owner', 'support'],
  summary: 'Outbox mail, newest first, filtered by state and recipient (part of the address); paged. Bodies are never returned.',
  payload: z.object({
    state: z.enum(MAIL_STATES).optional(),
    recipient: singleLineText(200).optional(),
    ...paging,
  }),
  response: z.object({ mails: z.array(outboxRowSchema), total: z.number().int() }),
});

export const retryMail = defineConsoleFunction({
  name: 'retryMail',
  roles: ['owner', 'support'],
  summary: 'Queues a failed mail again (attempts start over). Only failed mail; one whose body is gone cannot be sent again.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'notFailed', 'bodyGone'],
  audited: true,
});

export const consolePeopleFunctions = [
  listTenants,
  saveTenant,
  listInvitationCodes,
  createInvitationCode,
  revokeInvitationCode,
  searchMembers,
  getMemberStatus,
  resendPasswordLink,
  endMemberSessions,
  deactivateMember,
  reactivateMember,
  exportMembers,
  listOutbox,
  retryMail,
] as const;
