import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_LINK_LIFETIME_MS, EMAIL_REVERT_LINK_LIFETIME_MS } from '@hibi/contract/constants';
import { normaliseLocale, type Locale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/core.ts';
import { endAllSessions } from '../auth/service.ts';
import { emailLinks, invitationCodes, type EmailLinkPurpose } from '../../db/schema/lifecycle.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { hitRateLimit, TooManyRequests } from '../../lib/rate-limit.ts';

/** A business failure found inside a transaction: thrown to roll it back, answered as failure(code) by the handler. */
export class LifecycleFailure extends Error {
  constructor(
    readonly errorCode: string,
    /** Validation message keys (contract messages.ts) for errorCode validationError. */
    readonly messageKeys: string[] = [],
  ) {
    super(errorCode);
  }
}

export function setPasswordLink(config: Config, token: string): string {
  return `${config.appBaseUrl}/setPassword?token=${encodeURIComponent(token)}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Issues a single-use link token for a user; only its hash is stored. */
async function issueLink(db: Db, userId: number, purpose: EmailLinkPurpose, email: string | null, now: Date): Promise<string> {
  const token = newOpaqueToken();
  const lifetime = purpose === 'revert' ? EMAIL_REVERT_LINK_LIFETIME_MS : EMAIL_LINK_LIFETIME_MS;
  await db.insert(emailLinks).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

/** Mail to one address from all the mail-sending calls together (issue 12, finding 12). */
export const MAIL_PER_RECIPIENT_PER_HOUR = 5;
export const MAIL_PER_RECIPIENT_PER_DAY = 20;
/** A link of the same purpose younger than this and unused means no new mail: the one sent is still good. */
export const FRESH_LINK_MS = 10 * 60 * 1000;

/**
 * Whether one more mail may go to this address now: counts it against the hourly and daily budget of the address,
 * whatever call sends it and whether or not an account has it. Over budget, the caller answers as usual and sends
 * nothing (the answer never tells).
 */
export async function mailBudgetAllows(db: Db, address: string, now: Date): Promise<boolean> {
  const key = address.trim().toLowerCase();
  try {
    await hitRateLimit(db, `mail-to-hour:${key}`, MAIL_PER_RECIPIENT_PER_HOUR, 3_600_000, now);
    await hitRateLimit(db, `mail-to-day:${key}`, MAIL_PER_RECIPIENT_PER_DAY, 86_400_000, now);
    return true;
  } catch (error) {
    if (error instanceof TooManyRequests) return false;
    throw error;
  }
}

async function hasFreshLink(db: Db, userId: number, purpose: EmailLinkPurpose, email: string | null, now: Date): Promise<boolean> {
  const [fresh] = await db
    .select({ id: emailLinks.id })
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.userId, userId),
        eq(emailLinks.purpose, purpose),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, now),
        gt(emailLinks.createdAt, new Date(now.getTime() - FRESH_LINK_MS)),
        email === null ? isNull(emailLinks.email) : eq(emailLinks.email, email),
      ),
    )
    .limit(1);
  return Boolean(fresh);
}

export interface SignupInput {
  invitationCode: string;
  userName: string;
  userPhonetic: string;
  userNickname: string;
  externalAccountId?: string | undefined;
  userEmailAddress: string;
}

/**
 * Creates an account with an invitation code, in one transaction with the code's use, the link and the mail:
 * either all of it happens or none of it. The account has no password until the emailed link is used.
 */
export async function signUp(db: Db, config: Config, input: SignupInput, locale: Locale, now: Date): Promise<void> {
  const code = input.invitationCode.trim().toUpperCase();
  const email = input.userEmailAddress.trim().toLowerCase();
  await db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Use the code atomically: only a code that exists, has not expired and has uses left is counted.
      const claimed = await tx
        .update(invitationCodes)
        .set({ usedCount: sql`${invitationCodes.usedCount} + 1` })
        .where(
          and(
            eq(invitationCodes.code, code),
            sql`(${invitationCodes.expiresAt} IS NULL OR ${invitationCodes.expiresAt} > ${now.toISOString()})`,
            sql`(${invitationCodes.maxUses} IS NULL OR ${invitationCodes.usedCount} < ${invitationCodes.maxUses})`,
          ),
        )
        .returning({ tenantId: invitationCodes.tenantId });
      // Unknown, expired and used up answer alike (issue 12, finding 9).
      if (!claimed[0]) throw new LifecycleFailure('validationError', ['invitationCodeInvalid']);
      // An address that already has an account answers like any signup (no account enumeration, issue 12, 11):
      // its owner gets a password-reset link instead, as if they had asked for one.
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw new SignupAbsorbed();

      let userId: number;
      try {
        const [created] = await tx
          .insert(users)
          .values({
            tenantId: claimed[0].tenantId,
            email,
            passwordHash: null,
            userName: input.userName.trim(),
            userPhonetic: input.userPhonetic.trim(),
            nickname: input.userNickname.trim(),
            externalAccountId: input.externalAccountId?.trim() || null,
            locale,
            acceptedTermsVersion: 0,
            createdAt: now,
          })
          .returning({ id: users.id });
        userId = created!.id;
      } catch (error) {
        // Someone else took the address between the check and the insert.
        if (isUniqueViolation(error)) throw new LifecycleFailure('validationError', ['emailTaken']);
        throw error;
      }
      const token = await issueLink(tx, userId, 'signup', null, now);
      if (await mailBudgetAllows(tx, email, now)) {
        await enqueueMail(tx, { kind: 'signup', locale, to: email, name: input.userNickname.trim(), link: setPasswordLink(config, token) }, now);
      }
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof SignupAbsorbed)) throw error;
      // The code's use was rolled back with the rest; the caller answers as for a new account.
      await requestReset(db, config, email, locale, now);
    });
}

/** Thrown inside signUp's transaction to roll back the code's use when the address already has an account. */
class SignupAbsorbed extends Error {}

/** Finds a tenant user by email; null for unknown addresses and people who are no tenant users. */
export async function findTenantUserByEmail(db: Db, email: string) {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  const user = rows[0];
  return user && user.tenantId !== null ? user : null;
}

/** Emails a password-reset link to a tenant user. */
/**
 * Emails a password-reset link to a tenant user. Every well-formed address gets the same answer (issue 12,
 * finding 11): an unknown one, someone who is no tenant user, an address over its mail budget or with a fresh link
 * outstanding all return as if a mail went out, after the same budget query and one transaction, so neither the
 * answer nor its time tells whether the address has an account.
 */
export async function requestReset(db: Db, config: Config, email: string, locale: Locale, now: Date): Promise<void> {
  const user = await findTenantUserByEmail(db, email);
  const allowed = await mailBudgetAllows(db, email, now);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!user || !allowed || (await hasFreshLink(tx, user.id, 'reset', null, now))) {
      await hashedDummyLink();
      return;
    }
    const token = await issueLink(tx, user.id, 'reset', null, now);
    await enqueueMail(tx, { kind: 'reset', locale, to: user.email!, name: user.nickname, link: setPasswordLink(config, token) }, now);
  });
}

/** The token work of a link that is not sent: keeps the no-mail path as costly as the mail path. */
async function hashedDummyLink(): Promise<void> {
  hashToken(newOpaqueToken());
}

/**
 * A signed-in user registers (or changes) their personal address: the link goes to the new address and
 * sets it, with the password, only when it is used, so nobody can register an address they cannot read.
 */
export async function requestEmailRegistration(db: Db, config: Config, userId: number, email: string, locale: Locale, now: Date): Promise<void> {
  const address = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.tenantId === null) throw new LifecycleFailure('notTenantUser');
  // An address someone else has answers like a free one and gets no mail (issue 12, finding 11); so does an address
  // over its mail budget or with a fresh registration link outstanding (finding 12).
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
  const allowed = await mailBudgetAllows(db, address, now);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if ((other && other.id !== user.id) || !allowed || (await hasFreshLink(tx, user.id, 'register', address, now))) {
      await hashedDummyLink();
      return;
    }
    const token = await issueLink(tx, user.id, 'register', address, now);
    await enqueueMail(tx, { kind: 'register', locale, to: address, name: user.nickname, link: setPasswordLink(config, token) }, now);
  });
}

/**
 * Uses an emailed link: sets the password (and, for a registration link, the email address), spends every
 * outstanding link of the user and ends the user's sessions except the caller's own. One transaction; the link
 * is spent by a conditional UPDATE, so two uses at once cannot both succeed.
 */
/**
 * Throws the failure a password link would get, without using it: setPassword checks the link before it spends an
 * argon2 hash on the new password (issue 12, finding 16). usePasswordLink checks again atomically.
 */
export async function checkPasswordLink(db: Db, token: string, now: Date): Promise<void> {
  const [link] = await db
    .select()
    .from(emailLinks)
    .where(eq(emailLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link || link.usedAt) throw new LifecycleFailure('invalidLink');
  if (link.expiresAt <= now) throw new LifecycleFailure('linkExpired');
}

export async function usePasswordLink(
  db: Db,
  token: string,
  passwordHash: string,
  now: Date,
  keepSessionId: number | null,
  /** Where links in the old address's notice point (the app's base URL); the notice is sent when given. */
  notify?: Config,
): Promise<{ userId: number }> {
  const tokenHash = hashToken(token);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [link] = await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
      .returning();
    if (!link) {
      const [known] = await tx.select().from(emailLinks).where(eq(emailLinks.tokenHash, tokenHash)).limit(1);
      throw new LifecycleFailure(known && !known.usedAt ? 'linkExpired' : 'invalidLink');
    }
    if (link.purpose === 'revert') throw new LifecycleFailure('invalidLink');
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).limit(1);
    if (!user || user.tenantId === null) throw new LifecycleFailure('notTenantUser');
    const patch: Partial<typeof users.$inferInsert> = { passwordHash };
    let previousEmail: string | null = null;
    if (link.purpose === 'register' && link.email && link.email !== user.email) {
      const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email)).limit(1);
      if (other) throw new LifecycleFailure('emailTaken');
      patch.email = link.email;
      previousEmail = user.email;
    }
    try {
      await tx.update(users).set(patch).where(eq(users.id, user.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new LifecycleFailure('emailTaken');
      throw error;
    }
    // No other link of this user stays usable once a password was set.
    await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(and(eq(emailLinks.userId, user.id), isNull(emailLinks.usedAt)));
    await endAllSessions(tx, user.id, keepSessionId ?? undefined);
    // The old address is told, with a way back (issue 12, finding 5); its revert link is issued after the others
    // were spent, so it stays usable.
    if (previousEmail && notify) {
      const revert = await issueLink(tx, user.id, 'revert', previousEmail, now);
      await enqueueMail(
        tx,
        { kind: 'emailChanged', locale: normaliseLocale(user.locale), to: previousEmail, name: user.nickname, link: revertLink(notify, revert) },
        now,
      );
    }
    return { userId: user.id };
  });
}

/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An invitation code for when the operator does not choose one (the console's createInvitationCode): 16 base32
 * characters, 80 random bits, in groups of four (XXXX-XXXX-XXXX-XXXX). Guessing one is out of reach even without the
 * limits on failed codes (issue 12, finding 9).
 */
export function generateInvitationCode(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) out = CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]! + out;
  return out.match(/.{4}/g)!.join('-');
}

function revertLink(config: Config, token: string): string {
  return `${config.appBaseUrl}/revertEmail?token=${encodeURIComponent(token)}`;
}

/**
 * Undoes an email change with the link mailed to the old address: the old address comes back (unless someone else
 * has it now), the password is cleared, every session and link ends, and a password-reset link goes to the old
 * address so its owner sets a password the taker does not know (issue 12, finding 5).
 */
export async function revertEmailChange(db: Db, config: Config, token: string, locale: Locale, now: Date): Promise<void> {
  const tokenHash = hashToken(token);
  const restored = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [link] = await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, 'revert'), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
      .returning();
    if (!link || !link.email) {
      const [known] = await tx
        .select()
        .from(emailLinks)
        .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, 'revert')))
        .limit(1);
      throw new LifecycleFailure(known && !known.usedAt ? 'linkExpired' : 'invalidLink');
    }
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email)).limit(1);
    if (other && other.id !== link.userId) throw new LifecycleFailure('emailTaken');
    await tx.update(users).set({ email: link.email, passwordHash: null }).where(eq(users.id, link.userId));
    await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(and(eq(emailLinks.userId, link.userId), isNull(emailLinks.usedAt)));
    await endAllSessions(tx, link.userId);
    return link.email;
  });
  await requestReset(db, config, restored, locale, now);
}
