import { z } from 'zod';
import { consoleEpochMs, consoleId, defineConsoleFunction } from './protocol.ts';

/**
 * The audit log (docs/requirements/console.md#console-audit-log): one row per operator write, sign-in (success and failure), sign-out, export
 * and denial. Writes are recorded under the function's name; these are the other actions.
 */
export const AUDIT_EVENT_ACTIONS = [
  'signInSucceeded',
  'signInFailed',
  'signOut',
  'denied',
  'export',
  'acceptInvitationFailed',
  // Written outside the console entry: the first owner made on the command line, a tenant purged by maintenance.
  'createOwner',
  'purgeTenant',
] as const;
export type AuditEventAction = (typeof AUDIT_EVENT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  operatorId: z.number().int().nullable(),
  /** Null for a failed sign-in with an unknown address (the attempted address is in the summary). */
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** A short summary of the change (field names, never a password or secret). */
  summary: z.string(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLog = defineConsoleFunction({
  name: 'listAuditLog',
  roles: ['owner'],
  summary: 'Audit entries, newest first, paged in SQL by an opaque cursor; filters: operator, action (exact), time range [from, to).',
  payload: z.object({
    cursor: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).default(50),
    operatorId: consoleId.optional(),
    action: z
      .string()
      .max(60)
      .regex(/^[A-Za-z.]+$/)
      .optional(),
    from: consoleEpochMs.optional(),
    to: consoleEpochMs.optional(),
  }),
  response: z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
  errorCodes: ['invalidCursor'],
});

export const consoleAuditFunctions = [listAuditLog] as const;
