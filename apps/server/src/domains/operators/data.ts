// The operators domain's data module: operator accounts, invitation links, sign-in challenges, sessions, recovery
// codes and the audit log (migration 0600). Every SQL statement of the console's sign-in and audit is here.
import type { AuditAction } from '@hibi/contract/console/index';
import { sql, type SQL } from 'drizzle-orm';
import type { OperatorRole } from '@hibi/contract/console/protocol';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => d.toISOString();

export interface OperatorRecord {
  id: number;
  email: string;
  display_name: string;
  role: OperatorRole;
  tenant_id: number | null;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enrolled_at: Date | string | null;
  totp_last_step: string | number | null;
  active: boolean;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

export async function operatorByEmail(db: Db, email: string): Promise<OperatorRecord | undefined> {
  const [row] = await rows<OperatorRecord>(db, sql`SELECT * FROM operators WHERE email = ${email}`);
  return row;
}

export async function operatorById(db: Db, id: number): Promise<OperatorRecord | undefined> {
  const [row] = await rows<OperatorRecord>(db, sql`SELECT * FROM operators WHERE id = ${id}`);
  return row;
}

export interface NewOperator {
  email: string;
  displayName: string;
  role: OperatorRole;
  /** A company operator's tenant. */
  tenantId?: number | null;
  passwordHash?: string | null;
  totpSecret?: string | null;
  enrolledAt?: Date | null;
}

/** A new operator; undefined when the email is taken already. */
export async function insertOperator(db: Db, o: NewOperator, now: Date): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO operators (email, display_name, role, tenant_id, password_hash, totp_secret, totp_enrolled_at, created_at)
        VALUES (${o.email}, ${o.displayName}, ${o.role}, ${o.tenantId ?? null}, ${o.passwordHash ?? null}, ${o.totpSecret ?? null},
                ${o.enrolledAt ? iso(o.enrolledAt) : null}::timestamptz, ${iso(now)}::timestamptz)
        ON CONFLICT (email) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

export async function listOperators(db: Db) {
  return rows<OperatorRecord & { invitation_pending: boolean }>(
    db,
    sql`SELECT o.*, (o.password_hash IS NULL) AS invitation_pending FROM operators o ORDER BY o.email`,
  );
}

export async function countActiveOwners(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM operators WHERE role = 'owner' AND active`);
  return row?.n ?? 0;
}

export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(db, sql`SELECT id FROM tenants WHERE id = ${tenantId}`);
  return row !== undefined;
}

/** Locks the active owners' rows, so two owners cannot demote each other at once and leave none. */
export async function lockOwners(db: Db): Promise<void> {
  await db.execute(sql`SELECT id FROM operators WHERE role = 'owner' AND active FOR UPDATE`);
}

export async function updateOperator(db: Db, id: number, change: { role?: OperatorRole; active?: boolean }): Promise<boolean> {
  const sets: SQL[] = [];
  if (change.role !== undefined) sets.push(sql`role = ${change.role}`);
  // Only a company operator has a tenant (migration 0750's check).
  if (change.role !== undefined && change.role !== 'company') sets.push(sql`tenant_id = NULL`);
  if (change.active !== undefined) sets.push(sql`active = ${change.active}`);
  if (sets.length === 0) sets.push(sql`id = id`);
  const updated = await rows<{ id: number }>(db, sql`UPDATE operators SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING id`);
  return updated.length > 0;
}

export async function setPassword(db: Db, id: number, passwordHash: string, displayName: string): Promise<void> {
  await db.execute(sql`UPDATE operators SET password_hash = ${passwordHash}, display_name = ${displayName} WHERE id = ${id}`);
}

/** Forgets the TOTP secret and recovery codes: the next sign-in enrols again. */
export async function resetTotp(db: Db, id: number): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE operators SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL WHERE id = ${id} RETURNING id`,
  );
  await db.execute(sql`DELETE FROM operator_recovery_codes WHERE operator_id = ${id}`);
  return updated.length > 0;
}

export async function enrolTotp(db: Db, id: number, secret: string, step: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE operators SET totp_secret = ${secret}, totp_enrolled_at = ${iso(now)}::timestamptz, totp_last_step = ${step} WHERE id = ${id}`,
  );
}

/** Records an accepted time step; false when it (or a later one) was accepted already: a code counts once. */
export async function acceptTimeStep(db: Db, id: number, step: number): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE operators SET totp_last_step = ${step} WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`,
  );
  return updated.length > 0;
}

export async function touchSignIn(db: Db, id: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE operators SET last_sign_in_at = ${iso(now)}::timestamptz WHERE id = ${id}`);
}

/* ------------------------------------------------------------------ invitations */

/** A new link for an operator; their older links stop working. */
export async function replaceInvitation(db: Db, operatorId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.execute(sql`DELETE FROM operator_invitations WHERE operator_id = ${operatorId}`);
  await db.execute(
    sql`INSERT INTO operator_invitations (token_hash, operator_id, expires_at) VALUES (${tokenHash}, ${operatorId}, ${iso(expiresAt)}::timestamptz)`,
  );
}

/** Uses a link once: the operator's id, or undefined when unknown, expired or used. */
/** The operator a live (unused, unexpired) invitation is for, without taking it. */
export async function liveInvitation(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await rows<{ operator_id: number }>(
    db,
    sql`SELECT operator_id FROM operator_invitations
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${iso(now)}::timestamptz`,
  );
  return row?.operator_id;
}

export async function takeInvitation(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await rows<{ operator_id: number }>(
    db,
    sql`UPDATE operator_invitations SET used_at = ${iso(now)}::timestamptz
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${iso(now)}::timestamptz RETURNING operator_id`,
  );
  return row?.operator_id;
}

/* ------------------------------------------------------------------ challenges */

export async function insertChallenge(db: Db, operatorId: number, tokenHash: string, pendingSecret: string | null, expiresAt: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO operator_challenges (token_hash, operator_id, pending_secret, expires_at)
        VALUES (${tokenHash}, ${operatorId}, ${pendingSecret}, ${iso(expiresAt)}::timestamptz)`,
  );
}

export interface ChallengeRecord {
  id: number;
  operator_id: number;
  pending_secret: string | null;
}

/** A live challenge (not used, not expired). */
export async function liveChallenge(db: Db, tokenHash: string, now: Date): Promise<ChallengeRecord | undefined> {
  const [row] = await rows<ChallengeRecord>(
    db,
    sql`SELECT id, operator_id, pending_secret FROM operator_challenges
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${iso(now)}::timestamptz`,
  );
  return row;
}

/** Marks a challenge used; false when another call used it first. */
export async function useChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE operator_challenges SET used_at = ${iso(now)}::timestamptz WHERE id = ${id} AND used_at IS NULL RETURNING id`,
  );
  return updated.length > 0;
}

/* ------------------------------------------------------------------ recovery codes */

export async function replaceRecoveryCodes(db: Db, operatorId: number, hashes: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM operator_recovery_codes WHERE operator_id = ${operatorId}`);
  if (hashes.length === 0) return;
  await db.execute(
    sql`INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ${sql.join(
      hashes.map((h) => sql`(${operatorId}, ${h})`),
      sql`, `,
    )}`,
  );
}

/** Uses a recovery code once; false when it is not one of the operator's unused codes. */
export async function useRecoveryCode(db: Db, operatorId: number, hash: string, now: Date): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE operator_recovery_codes SET used_at = ${iso(now)}::timestamptz
        WHERE id = (SELECT id FROM operator_recovery_codes WHERE operator_id = ${operatorId} AND code_hash = ${hash} AND used_at IS NULL LIMIT 1)
        RETURNING id`,
  );
  return updated.length > 0;
}

/* ------------------------------------------------------------------ sessions */

/** A new console session; `passkeyId` names the passkey of its second step (the session ends when it is deleted). */
export async function insertSession(db: Db, operatorId: number, tokenHash: string, expiresAt: Date, now: Date, passkeyId?: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at, last_used_at, passkey_id)
        VALUES (${tokenHash}, ${operatorId}, ${iso(now)}::timestamptz, ${iso(expiresAt)}::timestamptz, ${iso(now)}::timestamptz,
                ${passkeyId ?? null}::int)`,
  );
}

export interface LiveSessionRecord {
  session_id: number;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string;
  id: number;
  email: string;
  display_name: string;
  role: OperatorRole;
  tenant_id: number | null;
}

/** A session that has not ended (absolute or idle) of an active operator. */
export async function liveSession(db: Db, tokenHash: string, now: Date, idleSince: Date): Promise<LiveSessionRecord | undefined> {
  const [row] = await rows<LiveSessionRecord>(
    db,
    sql`SELECT s.id AS session_id, s.created_at, s.expires_at, s.last_used_at, o.id, o.email, o.display_name, o.role, o.tenant_id
        FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
        WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${iso(now)}::timestamptz
          AND s.last_used_at > ${iso(idleSince)}::timestamptz AND o.active`,
  );
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE operator_sessions SET last_used_at = ${iso(now)}::timestamptz WHERE id = ${sessionId}`);
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`DELETE FROM operator_sessions WHERE id = ${sessionId}`);
}

export async function deleteSessionsOf(db: Db, operatorId: number): Promise<void> {
  await db.execute(sql`DELETE FROM operator_sessions WHERE operator_id = ${operatorId}`);
}

/** Drops ended sessions and spent challenges (maintenance). */
export async function pruneSessions(db: Db, now: Date, idleSince: Date): Promise<void> {
  await db.execute(sql`DELETE FROM operator_sessions WHERE expires_at <= ${iso(now)}::timestamptz OR last_used_at <= ${iso(idleSince)}::timestamptz`);
  await db.execute(sql`DELETE FROM operator_challenges WHERE expires_at <= ${iso(now)}::timestamptz`);
}

/* ------------------------------------------------------------------ key storage */

/** A value of the config table, inserted when absent (every process then reads the same one). */
export async function configValueOrInsert(db: Db, key: string, generated: string): Promise<string> {
  await db.execute(sql`INSERT INTO config (key, value) VALUES (${key}, ${JSON.stringify(generated)}::jsonb) ON CONFLICT (key) DO NOTHING`);
  const [row] = await rows<{ value: unknown }>(db, sql`SELECT value FROM config WHERE key = ${key}`);
  const value = row?.value;
  return typeof value === 'string' ? value : String(JSON.parse(String(value)));
}

/* ------------------------------------------------------------------ audit log */

export interface AuditInsert {
  operatorId: number | null;
  operatorEmail: string | null;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  summary?: string;
  ip?: string | null;
  at: Date;
}

export async function insertAudit(db: Db, a: AuditInsert): Promise<void> {
  await db.execute(
    sql`INSERT INTO audit_log (at, operator_id, operator_email, action, target_type, target_id, summary, ip)
        VALUES (${iso(a.at)}::timestamptz, ${a.operatorId}, ${a.operatorEmail}, ${a.action}, ${a.targetType ?? null},
                ${a.targetId ?? null}, ${a.summary ?? ''}, ${a.ip ?? null})`,
  );
}

export interface AuditRecord {
  id: string | number;
  at_ms: string | number;
  operator_id: number | null;
  operator_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  ip: string | null;
}

export interface AuditFilter {
  operatorId?: number;
  action?: string;
  from?: Date;
  to?: Date;
  /** Keyset: rows with a smaller id (ids grow with time: rows are only ever appended). */
  beforeId?: number;
  limit: number;
}

/** Audit rows newest first, filtered and paged by keyset in SQL (one query; `limit + 1` rows tell if more exist). */
export async function auditPage(db: Db, f: AuditFilter): Promise<AuditRecord[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.operatorId !== undefined) where.push(sql`l.operator_id = ${f.operatorId}`);
  if (f.action !== undefined) where.push(sql`l.action = ${f.action}`);
  if (f.from) where.push(sql`l.at >= ${iso(f.from)}::timestamptz`);
  if (f.to) where.push(sql`l.at < ${iso(f.to)}::timestamptz`);
  if (f.beforeId !== undefined) where.push(sql`l.id < ${f.beforeId}`);
  return rows<AuditRecord>(
    db,
    sql`SELECT l.id, (extract(epoch FROM l.at) * 1000)::bigint AS at_ms, l.operator_id, l.operator_email, l.action,
               l.target_type, l.target_id, l.summary, l.ip
        FROM audit_log l WHERE ${sql.join(where, sql` AND `)}
        ORDER BY l.id DESC LIMIT ${f.limit + 1}`,
  );
}

/* ------------------------------------------------------------------ passkeys (issue 35, decision 148) */

/** A yes/no setting of the config table (absent: no). */
export async function configFlag(db: Db, key: string): Promise<boolean> {
  const [row] = await rows<{ value: unknown }>(db, sql`SELECT value FROM config WHERE key = ${key}`);
  return row?.value === true || row?.value === 'true';
}

export async function setConfigFlag(db: Db, key: string, value: boolean): Promise<void> {
  await db.execute(
    sql`INSERT INTO config (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
  );
}

/**
 * Active staff operators who have set a password but no passkey (an owner's list when passkeys are required). Company
 * operators have no passkeys to add (the passkey functions serve owners, editors and support).
 */
export async function activeOperatorsWithoutPasskey(db: Db) {
  return rows<{ id: number; email: string; display_name: string }>(
    db,
    sql`SELECT o.id, o.email, o.display_name FROM operators o
        WHERE o.active AND o.password_hash IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM operator_passkeys p WHERE p.operator_id = o.id)
        ORDER BY o.email LIMIT 500`,
  );
}
