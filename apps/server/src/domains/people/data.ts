// The people domain's data module (issue 16, items 4-6; decisions 128-131): the operator console's tenants, invitation
// codes and members (search, status without health data, deactivation, the CSV), with rows typed by the schema. The
// codes members sign up with and the accounts signup writes are the lifecycle domain's (lifecycle/data.ts).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';
import { tenants, users } from '../../db/schema/core.ts';
import { invitationCodes } from '../../db/schema/lifecycle.ts';

export type UserRow = typeof users.$inferSelect;
export type NewInvitationCode = typeof invitationCodes.$inferInsert;

/** A user by id (any user: the service keeps tenant users only), or undefined. */
export async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/* ------------------------------------------------------------------ tenants and invitation codes */

/** A new invitation code (stored upper-case); its id. The console creates codes through this. */
export async function insertInvitationCode(db: Db, code: NewInvitationCode): Promise<number> {
  const [row] = await db
    .insert(invitationCodes)
    .values({ ...code, code: code.code.toUpperCase() })
    .returning({ id: invitationCodes.id });
  return row!.id;
}

const iso = (d: Date) => d.toISOString();
export type NewTenant = typeof tenants.$inferInsert;

/** A code is usable now: not revoked, not expired, uses left (the rule of lifecycle's claimInvitationCode, in SQL text). */
const usable = (now: Date) =>
  sql`c.revoked_at IS NULL AND (c.expires_at IS NULL OR c.expires_at > ${iso(now)}::timestamptz) AND (c.max_uses IS NULL OR c.used_count < c.max_uses)`;

export interface TenantListRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  contract_type: number;
  corporate_contract: boolean;
  team_match_enabled: boolean;
  email_distribution_enabled: boolean;
  created_at: Date | string;
  contract_ends_at: Date | string | null;
  purged_at: Date | string | null;
  member_count: number;
  active_codes: number;
  total: number;
}

/** A page of tenants by Japanese name, with their member and usable-code counts: one statement. */
export async function listTenants(db: Db, now: Date, offset: number, limit: number): Promise<TenantListRow[]> {
  return rows<TenantListRow>(
    db,
    sql`SELECT t.id, t.name_ja, t.name_en, t.contract_type, t.corporate_contract, t.team_match_enabled, t.email_distribution_enabled,
               t.created_at, t.contract_ends_at, t.purged_at, count(*) OVER ()::int AS total,
               (SELECT count(*) FROM users u WHERE u.tenant_id = t.id)::int AS member_count,
               (SELECT count(*) FROM invitation_codes c WHERE c.tenant_id = t.id AND ${usable(now)})::int AS active_codes
          FROM tenants t
         ORDER BY t.name_ja, t.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function tenantById(db: Db, id: number) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return tenant;
}

export async function insertTenant(db: Db, tenant: NewTenant): Promise<number> {
  const [row] = await db.insert(tenants).values(tenant).returning({ id: tenants.id });
  return row!.id;
}

/** Changes a tenant; false when there is none with this id. */
export async function updateTenant(db: Db, id: number, patch: Partial<NewTenant>): Promise<boolean> {
  const changed = await db.update(tenants).set(patch).where(eq(tenants.id, id)).returning({ id: tenants.id });
  return changed.length === 1;
}

export interface InvitationCodeListRow {
  code: string;
  tenant_id: number;
  max_uses: number | null;
  used_count: number;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  created_at: Date | string;
  total: number;
}

/** A page of a tenant's codes, newest first. */
export async function listInvitationCodes(db: Db, tenantId: number, offset: number, limit: number): Promise<InvitationCodeListRow[]> {
  return rows<InvitationCodeListRow>(
    db,
    sql`SELECT c.code, c.tenant_id, c.max_uses, c.used_count, c.expires_at, c.revoked_at, c.created_at, count(*) OVER ()::int AS total
          FROM invitation_codes c
         WHERE c.tenant_id = ${tenantId}
         ORDER BY c.created_at DESC, c.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** Revokes a code (a second revocation keeps the first time); its tenant, or null for an unknown code. */
export async function revokeInvitationCode(
  db: Db,
  code: string,
  now: Date,
  onlyTenantId: number | null = null,
): Promise<{ tenantId: number; wasRevoked: boolean } | null> {
  // A company operator may revoke its own tenant's codes only: another tenant's code is unknown to it.
  const tenant = onlyTenantId === null ? sql`` : sql` AND c.tenant_id = ${onlyTenantId}`;
  const [row] = await rows<{ tenant_id: number; was_revoked: boolean }>(
    db,
    sql`UPDATE invitation_codes c SET revoked_at = COALESCE(c.revoked_at, ${iso(now)}::timestamptz)
         FROM invitation_codes old
        WHERE c.id = old.id AND c.code = ${code}${tenant}
        RETURNING c.tenant_id, (old.revoked_at IS NOT NULL) AS was_revoked`,
  );
  return row ? { tenantId: row.tenant_id, wasRevoked: row.was_revoked } : null;
}

/* ------------------------------------------------------------------ members */

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (ESCAPE '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MemberListRow {
  id: number;
  email: string | null;
  login_id: string | null;
  nickname: string;
  user_name: string;
  tenant_name: string | null;
  deactivated_at: Date | string | null;
  created_at: Date | string;
  total: number;
}

/**
 * A query as the names are kept for search (users.name_search, migration 0870): NFKC (full-width letters and digits as
 * ASCII, half-width katakana as full-width), lower case, without spaces of any width.
 */
export const searchForm = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

const memberColumns = sql`u.id, u.email, u.login_id, u.nickname, u.user_name, t.name_ja AS tenant_name, u.deactivated_at, u.created_at`;

/**
 * A page of members whose address, company-assigned id, nickname or full name contains `query` (trigram indexes,
 * migrations 0630 and 0870; names compared in their search form, so width and spaces do not matter), or whose
 * external account id or number is `query`; exact matches first, then newest first. An empty query: every member,
 * newest first (the index of 0870), with the total counted once.
 */
export async function searchMembers(db: Db, query: string, offset: number, limit: number): Promise<MemberListRow[]> {
  if (query === '') {
    return rows<MemberListRow>(
      db,
      sql`SELECT ${memberColumns}, (SELECT count(*) FROM users)::int AS total
            FROM users u LEFT JOIN tenants t ON t.id = u.tenant_id
           ORDER BY u.created_at DESC, u.id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    );
  }
  const plain = query.toLowerCase();
  const pattern = containing(plain);
  const normal = searchForm(query);
  const namePattern = containing(normal === '' ? plain : normal);
  const asId = /^\d{1,9}$/.test(query) ? Number(query) : null;
  return rows<MemberListRow>(
    db,
    sql`SELECT ${memberColumns}, count(*) OVER ()::int AS total
          FROM users u LEFT JOIN tenants t ON t.id = u.tenant_id
         WHERE u.email LIKE ${pattern} ESCAPE '\\'
            OR u.email LIKE ${namePattern} ESCAPE '\\'
            OR u.login_id_lower LIKE ${pattern} ESCAPE '\\'
            OR u.nickname ILIKE ${pattern} ESCAPE '\\'
            OR u.name_search LIKE ${namePattern} ESCAPE '\\'
            OR lower(u.external_account_id) = ${plain}
            OR u.id = ${asId}
         ORDER BY (u.id = ${asId} OR u.email = ${plain} OR u.login_id_lower = ${plain}) IS TRUE DESC,
                  u.created_at DESC, u.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

export interface MemberStatusRow {
  id: number;
  email: string | null;
  login_id: string | null;
  external_account_id: string | null;
  nickname: string;
  user_name: string;
  locale: string;
  created_at: Date | string;
  last_login_at: Date | string | null;
  deactivated_at: Date | string | null;
  password_set: boolean;
  tenant_id: number | null;
  name_ja: string | null;
  name_en: string | null;
  contract_type: number | null;
  corporate_contract: boolean | null;
  sessions_count: number;
}

/** A member's account status (no health, body or activity column is read); live sessions counted as the entry does. */
export async function memberStatus(db: Db, id: number, now: Date, idleSince: Date): Promise<MemberStatusRow | undefined> {
  const [row] = await rows<MemberStatusRow>(
    db,
    sql`SELECT u.id, u.email, u.login_id, u.external_account_id, u.nickname, u.user_name, u.locale, u.created_at, u.last_login_at,
               u.deactivated_at, (u.password_hash IS NOT NULL) AS password_set,
               t.id AS tenant_id, t.name_ja, t.name_en, t.contract_type, t.corporate_contract,
               (SELECT count(*) FROM sessions s
                 WHERE s.user_id = u.id AND s.expires_at > ${iso(now)}::timestamptz AND s.last_used_at > ${iso(idleSince)}::timestamptz)::int
                 AS sessions_count
          FROM users u LEFT JOIN tenants t ON t.id = u.tenant_id
         WHERE u.id = ${id}`,
  );
  return row;
}

/** Sets or clears a member's deactivation; false when there is no such tenant user. */
export async function setDeactivated(db: Db, userId: number, at: Date | null): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ deactivatedAt: at })
    .where(and(eq(users.id, userId), isNotNull(users.tenantId), at ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt)))
    .returning({ id: users.id });
  return changed.length === 1;
}

export interface MemberExportRow {
  id: number;
  email: string | null;
  login_id: string | null;
  external_account_id: string | null;
  nickname: string;
  user_name: string;
  user_phonetic: string;
  locale: string;
  created_at: Date | string;
  last_login_at: Date | string | null;
  password_set: boolean;
  deactivated_at: Date | string | null;
}

/** A page of a tenant's members after `afterId` (keyset, by id) for the CSV export; no health column is read. */
export async function memberExportPage(db: Db, tenantId: number, afterId: number, limit: number): Promise<MemberExportRow[]> {
  return rows<MemberExportRow>(
    db,
    sql`SELECT u.id, u.email, u.login_id, u.external_account_id, u.nickname, u.user_name, u.user_phonetic, u.locale, u.created_at,
               u.last_login_at, (u.password_hash IS NOT NULL) AS password_set, u.deactivated_at
          FROM users u
         WHERE u.tenant_id = ${tenantId} AND u.id > ${afterId}
         ORDER BY u.id
         LIMIT ${limit}`,
  );
}
