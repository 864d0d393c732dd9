// The lifecycle domain's data module: invitation codes, emailed links (kept as token hashes) and the account rows that
// signup, password setting and email changes write, with rows typed by the schema.
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';
import { users } from '../../db/schema/core.ts';
import { emailLinks, invitationCodes, type EmailLinkPurpose } from '../../db/schema/lifecycle.ts';

export type { EmailLinkPurpose } from '../../db/schema/lifecycle.ts';
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/* ------------------------------------------------------------------ invitation codes */

/**
 * Uses a code atomically: only a code that exists, is not revoked, has not expired and has uses left is counted. Its
 * tenant, or null.
 */
export async function claimInvitationCode(tx: Db, code: string, now: Date): Promise<number | null> {
  const claimed = await tx
    .update(invitationCodes)
    .set({ usedCount: sql`${invitationCodes.usedCount} + 1` })
    .where(
      and(
        eq(invitationCodes.code, code),
        isNull(invitationCodes.revokedAt),
        sql`(${invitationCodes.expiresAt} IS NULL OR ${invitationCodes.expiresAt} > ${now.toISOString()})`,
        sql`(${invitationCodes.maxUses} IS NULL OR ${invitationCodes.usedCount} < ${invitationCodes.maxUses})`,
        // Only a tenant whose contract has not ended (nor been purged) takes new members (issue 53, decision 175).
        sql`EXISTS (SELECT 1 FROM tenants t WHERE t.id = ${invitationCodes.tenantId} AND t.purged_at IS NULL
                     AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${now.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ tenantId: invitationCodes.tenantId });
  return claimed[0]?.tenantId ?? null;
}

/** Whether `code` belongs to a tenant whose contract has ended at `now` (or that was purged): signup says so. */
export async function codeOfEndedContract(db: Db, code: string, now: Date): Promise<boolean> {
  const [row] = await rows<{ ended: boolean }>(
    db,
    sql`SELECT true AS ended FROM invitation_codes c JOIN tenants t ON t.id = c.tenant_id
         WHERE c.code = ${code} AND (t.purged_at IS NOT NULL OR (t.contract_ends_at IS NOT NULL AND t.contract_ends_at <= ${now.toISOString()}::timestamptz))`,
  );
  return Boolean(row?.ended);
}

/* ------------------------------------------------------------------ accounts */

/** The id of the account with this (lower-case) address. */
export async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return taken?.id ?? null;
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const found = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return found[0];
}

export async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function insertUser(tx: Db, user: NewUser): Promise<number> {
  const [created] = await tx.insert(users).values(user).returning({ id: users.id });
  return created!.id;
}

export async function updateUser(tx: Db, userId: number, patch: Partial<NewUser>): Promise<void> {
  await tx.update(users).set(patch).where(eq(users.id, userId));
}

/* ------------------------------------------------------------------ emailed links */

export async function insertLink(
  db: Db,
  link: { userId: number; purpose: EmailLinkPurpose; tokenHash: string; email: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(emailLinks).values(link);
}

/** Whether the user has an unused, unexpired link of this purpose (and address) younger than `freshSince`. */
export async function hasFreshLink(db: Db, userId: number, purpose: EmailLinkPurpose, email: string | null, now: Date, freshSince: Date) {
  const [fresh] = await db
    .select({ id: emailLinks.id })
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.userId, userId),
        eq(emailLinks.purpose, purpose),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, now),
        gt(emailLinks.createdAt, freshSince),
        email === null ? isNull(emailLinks.email) : eq(emailLinks.email, email),
      ),
    )
    .limit(1);
  return Boolean(fresh);
}

export async function linkByHash(db: Db, tokenHash: string) {
  const [link] = await db.select().from(emailLinks).where(eq(emailLinks.tokenHash, tokenHash)).limit(1);
  return link;
}

export async function revertLinkByHash(db: Db, tokenHash: string) {
  const [known] = await db
    .select()
    .from(emailLinks)
    .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, 'revert')))
    .limit(1);
  return known;
}

/** Spends an unused, unexpired link by a conditional UPDATE (two uses at once cannot both succeed); the link, or undefined. */
export async function spendLink(tx: Db, tokenHash: string, now: Date) {
  const [link] = await tx
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
    .returning();
  return link;
}

/** Spends an unused, unexpired revert link, as spendLink does. */
export async function spendRevertLink(tx: Db, tokenHash: string, now: Date) {
  const [link] = await tx
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, 'revert'), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
    .returning();
  return link;
}

/** Spends every unused link of a user. */
export async function spendLinksOf(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.userId, userId), isNull(emailLinks.usedAt)));
}

/** Deletes links that can no longer be used: used ones, and ones that expired before `expiredBefore`. */
export async function deleteSpentLinks(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(emailLinks).where(or(isNotNull(emailLinks.usedAt), lt(emailLinks.expiresAt, expiredBefore)));
}
