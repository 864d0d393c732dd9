import { z } from 'zod';
import { consoleEpochMs, consoleId, defineConsoleFunction, OPERATOR_ROLES } from './protocol.ts';
import { operatorDisplayName, operatorEmail } from './auth.ts';

/** Operators (owner only): invite by email through the outbox, change role, deactivate, reset TOTP. */

export const operatorRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The tenant of a `company` operator. */
  tenantId: z.number().int().nullable(),
  active: z.boolean(),
  /** TOTP enrolled (false: the next sign-in enrols). */
  enrolled: z.boolean(),
  /** Invited, password not set yet. */
  invitationPending: z.boolean(),
  lastSignInAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const listOperators = defineConsoleFunction({
  name: 'listOperators',
  roles: ['owner'],
  summary: 'Every operator, by email.',
  payload: z.object({}),
  response: z.object({ operators: z.array(operatorRowSchema) }),
});

export const inviteOperator = defineConsoleFunction({
  name: 'inviteOperator',
  roles: ['owner'],
  summary:
    'Creates an operator and mails a one-time link (72 h) to set the password; the first sign-in enrols TOTP. A `company` operator needs the `tenantId` it is bound to (and only it has one).',
  payload: z
    .object({ email: operatorEmail, displayName: operatorDisplayName, role: z.enum(OPERATOR_ROLES), tenantId: consoleId.optional() })
    .refine((p) => (p.role === 'company') === (p.tenantId !== undefined), { error: 'msg:companyTenant', path: ['tenantId'] }),
  response: z.object({ id: z.number().int(), expiresAt: consoleEpochMs }),
  errorCodes: ['emailTaken', 'notFound'],
  audited: true,
});

export const updateOperator = defineConsoleFunction({
  name: 'updateOperator',
  roles: ['owner'],
  summary:
    'Changes the role or deactivates/reactivates an operator; deactivating ends their sessions. The last active owner cannot be demoted or deactivated. A role cannot change to or from `company` (companyRole: invite a new operator instead).',
  payload: z.object({ id: consoleId, role: z.enum(OPERATOR_ROLES).optional(), active: z.boolean().optional() }),
  response: z.object({}),
  errorCodes: ['notFound', 'lastOwner', 'companyRole'],
  audited: true,
});

export const resetOperatorTotp = defineConsoleFunction({
  name: 'resetOperatorTotp',
  roles: ['owner'],
  summary: 'Forgets an operator’s TOTP secret and recovery codes and ends their sessions: the next sign-in enrols again.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const resendOperatorInvitation = defineConsoleFunction({
  name: 'resendOperatorInvitation',
  roles: ['owner'],
  summary: 'Mails a new one-time link to an operator whose invitation is still pending (the old link stops working).',
  payload: z.object({ id: consoleId }),
  response: z.object({ expiresAt: consoleEpochMs }),
  errorCodes: ['notFound', 'notPending'],
  audited: true,
});

export const consoleOperatorFunctions = [listOperators, inviteOperator, updateOperator, resetOperatorTotp, resendOperatorInvitation] as const;
