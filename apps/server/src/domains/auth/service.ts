import { and, eq, gt, sql } from 'drizzle-orm';
import { SESSION_LIFETIME_MS } from '@hibi/contract/constants';
import { normaliseLocale } from '@hibi/contract/protocol';
import type { SessionUser, TenantContract } from '@hibi/contract/functions/auth';
import type { Db } from '../../db/client.ts';
import { config, sessions, tenants, users } from '../../db/schema/core.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AuthUser } from '../../core/handler.ts';

type TenantRow = typeof tenants.$inferSelect;
type UserRow = typeof users.$inferSelect;

export function toTenantContract(t: TenantRow): TenantContract {
  return {
    contractType: t.contractType,
    corporateContract: t.corporateContract,
    teamMatchEnabled: t.teamMatchEnabled,
    emailDistributionEnabled: t.emailDistributionEnabled,
  };
}

export function toSessionUser(u: Pick<AuthUser, 'id' | 'nickname' | 'profileImageUrl' | 'email' | 'acceptedTermsVersion' | 'locale'>): SessionUser {
  return {
    userID: u.id,
    nickname: u.nickname,
    profileImageUrl: u.profileImageUrl,
    hasEmail: u.email !== null,
    termsVersion: u.acceptedTermsVersion,
    locale: u.locale,
  };
}

/** Finds the account behind a login id: an email address or a company-assigned account id. */
export async function findUserByLoginId(db: Db, id: string): Promise<{ user: UserRow; tenant: TenantRow | null } | null> {
  const key = id.trim().toLowerCase();
  const column = key.includes('@') ? users.email : users.loginIdLower;
  const rows = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .where(eq(column, key))
    .limit(1);
  return rows[0] ?? null;
}

export async function createSession(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now, lastUsedAt: now });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/** A session's last call is written at most this often, so a busy member does not cost a write per call. */
export const LAST_USED_WRITE_EVERY_MS = 60_000;

/**
 * Resolves a bearer token to its user; null when unknown, expired, idle for longer than `idleMs`
 * (SESSION_IDLE_TIMEOUT_MINUTES), or the user is no tenant user any more.
 */
export async function resolveToken(db: Db, token: string, now: Date, idleMs = Number.POSITIVE_INFINITY): Promise<AuthUser | null> {
  if (token.length < 16 || token.length > 200) return null;
  const idleSince = Number.isFinite(idleMs) ? new Date(now.getTime() - idleMs) : new Date(0);
  const rows = await db
    .select({ user: users, tenant: tenants, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), gt(sessions.lastUsedAt, idleSince)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() >= LAST_USED_WRITE_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.session.id));
  }
  return toAuthUser(row.user, row.tenant, row.session);
}

export function toAuthUser(user: UserRow, tenant: TenantRow, session: { id: number; expiresAt: Date }): AuthUser {
  return {
    id: user.id,
    tenantId: tenant.id,
    email: user.email,
    loginId: user.loginId,
    nickname: user.nickname,
    profileImageUrl: user.profileImageUrl,
    locale: normaliseLocale(user.locale),
    acceptedTermsVersion: user.acceptedTermsVersion,
    contract: toTenantContract(tenant),
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
  };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, withdrawal), optionally keeping one. */
export async function endAllSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`));
}

export async function getTermsVersion(db: Db): Promise<number> {
  const rows = await db.select().from(config).where(eq(config.key, 'termsVersion')).limit(1);
  const value = Number(rows[0]?.value ?? 1);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** How long a process trusts the terms version it read: an operator's change reaches every call within this. */
export const TERMS_VERSION_CACHE_MS = 10_000;
const termsVersionCache = new WeakMap<Db, { value: number; readAt: number }>();

/** The configured terms version, read at most every TERMS_VERSION_CACHE_MS per database (the entry asks on every call). */
export async function currentTermsVersion(db: Db, now: Date): Promise<number> {
  const cached = termsVersionCache.get(db);
  if (cached && now.getTime() - cached.readAt >= 0 && now.getTime() - cached.readAt < TERMS_VERSION_CACHE_MS) return cached.value;
  const value = await getTermsVersion(db);
  termsVersionCache.set(db, { value, readAt: now.getTime() });
  return value;
}

/** Deletes sessions past their lifetime, and (with `idleMs`) sessions without a call for that long. */
export async function pruneExpiredSessions(db: Db, now: Date, idleMs = Number.POSITIVE_INFINITY): Promise<void> {
  const idle = Number.isFinite(idleMs) ? sql` OR ${sessions.lastUsedAt} <= ${new Date(now.getTime() - idleMs).toISOString()}` : sql``;
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now.toISOString()}${idle}`);
}
