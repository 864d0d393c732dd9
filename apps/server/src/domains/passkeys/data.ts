// The passkeys domain's data module (migration 0770): members' and operators' passkeys and the WebAuthn challenges.
// Both kinds of passkey have the same columns in two tables (a member and an operator are unrelated accounts,
// docs/requirements/console.md#console-operators); `Owner` names which table and which owner column a statement uses.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => d.toISOString();

export type Owner = { kind: 'member'; id: number } | { kind: 'operator'; id: number };

/** The table and owner column of an owner's passkeys (fixed names, never input). */
function target(owner: Owner['kind']): { table: SQL; column: SQL } {
  return owner === 'member'
    ? { table: sql.raw('member_passkeys'), column: sql.raw('user_id') }
    : { table: sql.raw('operator_passkeys'), column: sql.raw('operator_id') };
}

export interface PasskeyRecord {
  id: number;
  owner_id: number;
  credential_id: string;
  user_handle: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backup_eligible: boolean;
  backed_up: boolean;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = (column: SQL) =>
  sql`id, ${column} AS owner_id, credential_id, user_handle, public_key, counter, transports, device_type, backup_eligible,
      backed_up, name, created_at, last_used_at`;

/** An owner's passkeys, oldest first (at most `limit`: the list is bounded by PASSKEYS_MAX). */
export async function passkeysOf(db: Db, owner: Owner, limit: number): Promise<PasskeyRecord[]> {
  const { table, column } = target(owner.kind);
  return rows<PasskeyRecord>(db, sql`SELECT ${COLUMNS(column)} FROM ${table} WHERE ${column} = ${owner.id} ORDER BY id LIMIT ${limit}`);
}

export async function countPasskeys(db: Db, owner: Owner): Promise<number> {
  const { table, column } = target(owner.kind);
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ${owner.id}`);
  return row?.n ?? 0;
}

/** A passkey by its credential id (base64url), whoever owns it. */
export async function passkeyByCredentialId(db: Db, kind: Owner['kind'], credentialId: string): Promise<PasskeyRecord | undefined> {
  const { table, column } = target(kind);
  const [row] = await rows<PasskeyRecord>(db, sql`SELECT ${COLUMNS(column)} FROM ${table} WHERE credential_id = ${credentialId}`);
  return row;
}

export interface NewPasskey {
  credentialId: string;
  userHandle: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backupEligible: boolean;
  backedUp: boolean;
  name: string;
  /** What allowed it to be added (migration 0840, decision 175). */
  addedWith: Proof;
}

/** What allowed a passkey to be added: the current password typed for it, or a password sign-in under 5 minutes old. */
export type Proof = 'password' | 'signIn';

/** Stores a passkey; undefined when its credential id is stored already (the same authenticator registering twice). */
export async function insertPasskey(db: Db, owner: Owner, p: NewPasskey, now: Date, sessionId?: number): Promise<PasskeyRecord | undefined> {
  const { table, column } = target(owner.kind);
  const session = owner.kind === 'member' ? sql`, added_by_session` : sql``;
  const sessionValue = owner.kind === 'member' ? sql`, ${sessionId ?? null}::int` : sql``;
  const [row] = await rows<PasskeyRecord>(
    db,
    sql`INSERT INTO ${table} (${column}, credential_id, user_handle, public_key, counter, transports, device_type, backup_eligible,
                              backed_up, name, created_at, added_with${session})
        VALUES (${owner.id}, ${p.credentialId}, ${p.userHandle}, ${p.publicKey}, ${p.counter},
                ${sql`ARRAY[${sql.join(
                  p.transports.map((t) => sql`${t}`),
                  sql`, `,
                )}]::text[]`},
                ${p.deviceType}, ${p.backupEligible}, ${p.backedUp}, ${p.name}, ${iso(now)}::timestamptz, ${p.addedWith}${sessionValue})
        ON CONFLICT (credential_id) DO NOTHING
        RETURNING ${COLUMNS(column)}`,
  );
  return row;
}

/**
 * Records a verified use: the new counter, the backup state and the time. Conditional on the counter the check was
 * made against, so two uses of one assertion at the same moment cannot both pass (false for the second).
 */
export async function recordUse(
  db: Db,
  kind: Owner['kind'],
  id: number,
  seenCounter: number,
  newCounter: number,
  backedUp: boolean,
  now: Date,
): Promise<boolean> {
  const { table } = target(kind);
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE ${table} SET counter = ${newCounter}, backed_up = ${backedUp}, last_used_at = ${iso(now)}::timestamptz
        WHERE id = ${id} AND counter = ${seenCounter} RETURNING id`,
  );
  return updated.length === 1;
}

/**
 * Deletes one of an owner's passkeys and ends the sessions it opened (decision 175), all but `keepSessionId` (the
 * session asking); its name, or undefined when the owner has no such passkey.
 */
export async function deletePasskey(db: Db, owner: Owner, id: number, keepSessionId?: number): Promise<string | undefined> {
  const { table, column } = target(owner.kind);
  const sessionTable = owner.kind === 'member' ? sql.raw('sessions') : sql.raw('operator_sessions');
  const sessionOwner = owner.kind === 'member' ? sql.raw('user_id') : sql.raw('operator_id');
  await db.execute(sql`DELETE FROM ${sessionTable} WHERE passkey_id = ${id} AND ${sessionOwner} = ${owner.id} AND id <> ${keepSessionId ?? 0}::int`);
  const [row] = await rows<{ name: string }>(db, sql`DELETE FROM ${table} WHERE id = ${id} AND ${column} = ${owner.id} RETURNING name`);
  return row?.name;
}

/**
 * Deletes a member's passkeys that were not added with the password typed for them (added on a recent sign-in, or
 * before migration 0840 on the session alone), and with `since` also every passkey added from then on; their
 * sessions end with them (ON DELETE CASCADE). The names of the passkeys deleted, oldest first.
 */
export async function deleteUnprovedPasskeys(db: Db, userId: number, since?: Date): Promise<string[]> {
  const recent = since ? sql` OR created_at >= ${iso(since)}::timestamptz` : sql``;
  const deleted = await rows<{ id: number; name: string }>(
    db,
    sql`DELETE FROM member_passkeys WHERE user_id = ${userId} AND (added_with IS DISTINCT FROM 'password'${recent}) RETURNING id, name`,
  );
  return deleted.sort((a, b) => a.id - b.id).map((r) => r.name);
}

/** The user handle an owner's passkeys share, if any is left. */
export async function userHandleOf(db: Db, owner: Owner): Promise<string | undefined> {
  const { table, column } = target(owner.kind);
  const [row] = await rows<{ user_handle: string }>(db, sql`SELECT user_handle FROM ${table} WHERE ${column} = ${owner.id} ORDER BY id LIMIT 1`);
  return row?.user_handle;
}

/* ------------------------------------------------------------------ challenges */

export type ChallengePurpose = 'memberRegistration' | 'memberSignIn' | 'operatorRegistration' | 'operatorSignIn';

export interface ChallengeRecord {
  challenge: string;
  purpose: ChallengePurpose;
  user_id: number | null;
  operator_id: number | null;
  user_handle: string | null;
  proof: Proof | null;
  expires_at: Date | string;
}

export async function insertChallenge(
  db: Db,
  c: { challenge: string; purpose: ChallengePurpose; userId?: number; operatorId?: number; userHandle?: string; proof?: Proof; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO webauthn_challenges (challenge, purpose, user_id, operator_id, user_handle, proof, expires_at, created_at)
        VALUES (${c.challenge}, ${c.purpose}, ${c.userId ?? null}, ${c.operatorId ?? null}, ${c.userHandle ?? null}, ${c.proof ?? null},
                ${iso(c.expiresAt)}::timestamptz, ${iso(now)}::timestamptz)`,
  );
}

/**
 * Takes a challenge for good (single use): deletes and returns it when it has this purpose and owner (a member's
 * registration: `userId`; an operator's step: `operatorId`) and has not expired. A challenge of another owner is
 * left alone, so nobody can spend someone else's.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now: Date,
  owner: { userId?: number; operatorId?: number } = {},
): Promise<ChallengeRecord | undefined> {
  const [row] = await rows<ChallengeRecord>(
    db,
    sql`DELETE FROM webauthn_challenges
        WHERE challenge = ${challenge} AND purpose = ${purpose}
          AND user_id IS NOT DISTINCT FROM ${owner.userId ?? null}::int
          AND operator_id IS NOT DISTINCT FROM ${owner.operatorId ?? null}::int
        RETURNING challenge, purpose, user_id, operator_id, user_handle, proof, expires_at`,
  );
  if (!row) return undefined;
  const expiresAt = row.expires_at instanceof Date ? row.expires_at : new Date(row.expires_at);
  return expiresAt.getTime() > now.getTime() ? row : undefined;
}

export async function pruneChallenges(db: Db, now: Date): Promise<void> {
  await db.execute(sql`DELETE FROM webauthn_challenges WHERE expires_at <= ${iso(now)}::timestamptz`);
}
