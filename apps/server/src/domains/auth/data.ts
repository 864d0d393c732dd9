// The auth domain's data module: accounts (users and their tenants), sessions and the configured terms version, with
// the rows typed by the schema. Tokens arrive here hashed; this module never sees a bearer token.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { config, sessions, tenants, users } from '../../db/schema/core.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;
export type NewUser = typeof users.$inferInsert;

/** The account behind a lower-cased login key: an email address (with @) or a company-assigned login id. */
export async function findUserByLoginKey(db: Db, key: string): Promise<{ user: UserRow; tenant: TenantRow | null } | null> {
  const column = key.includes('@') ? users.email : users.loginIdLower;
  const found = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .where(eq(column, key))
    .limit(1);
  return found[0] ?? null;
}

/** An account by its id, with its tenant (a passkey's owner, decision 148). */
export async function findUserById(db: Db, id: number): Promise<{ user: UserRow; tenant: TenantRow | null } | null> {
  const found = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .where(eq(users.id, id))
    .limit(1);
  return found[0] ?? null;
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.hash ?? null;
}

/** Stores a session (its token's hash) and the user's last sign-in. */
export async function insertSession(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
  origin: { password?: boolean; passkeyId?: number } = {},
): Promise<void> {
  await db.insert(sessions).values({
    userId,
    tokenHash,
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    passkeyId: origin.passkeyId ?? null,
    passwordAt: origin.password ? now : null,
  });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

/**
 * A session by its token's hash, with its tenant user: not expired, the user not deactivated. Its idle time is the
 * caller's to check: a use this process has not written yet counts too (service.ts, SessionTouches).
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  // token_hash is unique: one row at most.
  return (await findLiveSessions(db, [tokenHash], now))[0] ?? null;
}

/**
 * The sessions of several token hashes at once, as `findLiveSession` finds one: one statement whatever the number (an
 * array parameter, so the text and its prepared statement are the same for every count).
 */
export async function findLiveSessions(db: Db, tokenHashes: readonly string[], now: Date) {
  if (tokenHashes.length === 0) return [];
  // SHA-256 in hex: nothing in a hash needs quoting in an array's text form.
  const hashes = `{${tokenHashes.join(',')}}`;
  return db
    .select({ user: users, tenant: tenants, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(sql`${sessions.tokenHash} = ANY(${hashes}::text[])`, gt(sessions.expiresAt, now), isNull(users.deactivatedAt)));
}

/** Records sessions' last calls, all in one statement; a time never moves back. */
export async function touchSessions(db: Db, uses: readonly { id: number; at: Date }[]): Promise<void> {
  if (uses.length === 0) return;
  const ids = `{${uses.map((u) => u.id).join(',')}}`;
  const ats = `{${uses.map((u) => u.at.toISOString()).join(',')}}`;
  await db.execute(sql`
    UPDATE sessions AS s SET last_used_at = v.at
    FROM unnest(${ids}::int[], ${ats}::timestamptz[]) AS v(id, at)
    WHERE s.id = v.id AND s.last_used_at < v.at`);
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Deletes every session of a user, optionally keeping one; how many ended. */
export async function deleteSessionsOf(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Deletes sessions past their lifetime, and (with `idleBefore`) sessions without a call since then. */
export async function deleteExpiredSessions(db: Db, now: Date, idleBefore: Date | null): Promise<void> {
  const idle = idleBefore ? sql` OR ${sessions.lastUsedAt} <= ${idleBefore.toISOString()}` : sql``;
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now.toISOString()}${idle}`);
}

/** The raw (jsonb) value of config.termsVersion; undefined when unset. */
export async function termsVersionValue(db: Db): Promise<unknown> {
  const found = await db.select().from(config).where(eq(config.key, 'termsVersion')).limit(1);
  return found[0]?.value;
}

/**
 * Raises config.termsVersion from `from` to `to` in one statement (the operator console publishing new terms); false
 * when the stored version was not `from` (another operator published first).
 */
export async function raiseTermsVersion(db: Db, from: number, to: number): Promise<boolean> {
  const result = (await db.execute(
    sql`INSERT INTO config (key, value) VALUES ('termsVersion', ${JSON.stringify(to)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE COALESCE((config.value #>> '{}')::int, 1) = ${from}
        RETURNING key`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function setAcceptedTermsVersion(db: Db, userId: number, version: number): Promise<void> {
  await db.update(users).set({ acceptedTermsVersion: version }).where(eq(users.id, userId));
}

export async function setLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/* ------------------------------------------------------------------ creating tenants and accounts */

/** A new tenant (company); its id. The operator console and test fixtures create tenants through this. */
export async function insertTenant(db: Db, tenant: NewTenant): Promise<number> {
  const [row] = await db.insert(tenants).values(tenant).returning({ id: tenants.id });
  return row!.id;
}

/** A new account; its id. `loginIdLower` follows `loginId`, `email` is stored lower-cased. */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email?.toLowerCase() ?? null, loginIdLower: user.loginId?.toLowerCase() ?? null })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * The company a preview member of the console's time machine belongs to (decision 154): `tenantId` when given, else
 * the first (by id), whose corporate contract matches the audience and has not ended at `at`; null when none does.
 */
export async function previewTenant(db: Db, corporate: boolean, at: Date, tenantId: number | undefined): Promise<TenantRow | null> {
  const open = sql`(${tenants.contractEndsAt} IS NULL OR ${tenants.contractEndsAt} > ${at.toISOString()}::timestamptz)`;
  const where = and(eq(tenants.corporateContract, corporate), open, tenantId === undefined ? undefined : eq(tenants.id, tenantId));
  const found = await db.select().from(tenants).where(where).orderBy(tenants.id).limit(1);
  return found[0] ?? null;
}
