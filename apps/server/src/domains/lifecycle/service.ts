// The lifecycle domain's service and public module: signup with an invitation code, emailed links (password reset,
// address registration and its revert), setting a password. Each change and its mail happen in one transaction;
// SQL is in data.ts.
import crypto from 'node:crypto';
import { EMAIL_LINK_LIFETIME_MS, EMAIL_REVERT_LINK_LIFETIME_MS } from '@hibi/contract/constants';
import { normaliseLocale, type Locale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { endAllSessions } from '../auth/service.ts';
import { removeUnprovedPasskeys } from '../passkeys/service.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { hitRateLimit, peekRateLimit, refundRateLimit, TooManyRequests } from '../../lib/rate-limit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { BaseContext } from '../../core/handler.ts';
import * as data from './data.ts';
import type { EmailLinkPurpose, NewUser } from './data.ts';

export { devtoolUser, saveDevtoolUser } from './devtool.ts';

/** Rate limits (docs/requirements/auth.md#auth-rate-limits): per client address and per account, in 10-minute windows. */
export const LIFECYCLE_WINDOW_MS = 10 * 60 * 1000;
export const LIMIT_PER_ADDRESS = 100;
export const LIMIT_PER_ACCOUNT = 5;

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
export async function issueLink(db: Db, userId: number, purpose: EmailLinkPurpose, email: string | null, now: Date): Promise<string> {
  const token = newOpaqueToken();
  const lifetime = purpose === 'revert' ? EMAIL_REVERT_LINK_LIFETIME_MS : EMAIL_LINK_LIFETIME_MS;
  await data.insertLink(db, {
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
  return data.hasFreshLink(db, userId, purpose, email, now, new Date(now.getTime() - FRESH_LINK_MS));
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
  await transaction(db, async (tx) => {
    // Use the code atomically: only a code that exists, has not expired and has uses left is counted.
    const tenantId = await data.claimInvitationCode(tx, code, now);
    // Unknown, expired and used up answer alike (issue 12, finding 9); a code of a company whose contract has ended
    // says so, since its holder cannot do anything else about it (issue 53, decision 175).
    if (tenantId === null) {
      const ended = await data.codeOfEndedContract(tx, code, now);
      throw new LifecycleFailure('validationError', [ended ? 'invitationCodeContractEnded' : 'invitationCodeInvalid']);
    }
    // An address that already has an account answers like any signup (no account enumeration, issue 12, 11):
    // its owner gets a password-reset link instead, as if they had asked for one.
    if ((await data.userIdByEmail(tx, email)) !== null) throw new SignupAbsorbed();

    let userId: number;
    try {
      const values: NewUser = {
        tenantId,
        email,
        passwordHash: null,
        userName: input.userName.trim(),
        userPhonetic: input.userPhonetic.trim(),
        nickname: input.userNickname.trim(),
        externalAccountId: input.externalAccountId?.trim() || null,
        locale,
        acceptedTermsVersion: 0,
        createdAt: now,
      };
      userId = await data.insertUser(tx, values);
    } catch (error) {
      // Someone else took the address between the check and the insert.
      if (isUniqueViolation(error)) throw new LifecycleFailure('validationError', ['emailTaken']);
      throw error;
    }
    const token = await issueLink(tx, userId, 'signup', null, now);
    if (await mailBudgetAllows(tx, email, now)) {
      await enqueueMail(tx, { kind: 'signup', locale, to: email, name: input.userNickname.trim(), link: setPasswordLink(config, token) }, now);
    }
  }).catch(async (error: unknown) => {
    if (!(error instanceof SignupAbsorbed)) throw error;
    // The code's use was rolled back with the rest; the caller answers as for a new account.
    await requestReset(db, config, email, locale, now);
  });
}

/** Thrown inside signUp's transaction to roll back the code's use when the address already has an account. */
class SignupAbsorbed extends Error {}

/** Finds a tenant user by email; null for unknown addresses and people who are no tenant users. */
export async function findTenantUserByEmail(db: Db, email: string) {
  const user = await data.userByEmail(db, email.trim().toLowerCase());
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
  await transaction(db, async (tx) => {
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
  const user = await data.userById(db, userId);
  if (!user || user.tenantId === null) throw new LifecycleFailure('notTenantUser');
  // An address someone else has answers like a free one and gets no mail (issue 12, finding 11); so does an address
  // over its mail budget or with a fresh registration link outstanding (finding 12).
  const other = await data.userIdByEmail(db, address);
  const allowed = await mailBudgetAllows(db, address, now);
  await transaction(db, async (tx) => {
    if ((other !== null && other !== user.id) || !allowed || (await hasFreshLink(tx, user.id, 'register', address, now))) {
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
  const link = await data.linkByHash(db, hashToken(token));
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
  return transaction(db, async (tx) => {
    const link = await data.spendLink(tx, tokenHash, now);
    if (!link) {
      const known = await data.linkByHash(tx, tokenHash);
      throw new LifecycleFailure(known && !known.usedAt ? 'linkExpired' : 'invalidLink');
    }
    if (link.purpose === 'revert') throw new LifecycleFailure('invalidLink');
    const user = await data.userById(tx, link.userId);
    if (!user || user.tenantId === null) throw new LifecycleFailure('notTenantUser');
    const patch: Partial<NewUser> = { passwordHash };
    let previousEmail: string | null = null;
    if (link.purpose === 'register' && link.email && link.email !== user.email) {
      if ((await data.userIdByEmail(tx, link.email)) !== null) throw new LifecycleFailure('emailTaken');
      patch.email = link.email;
      previousEmail = user.email;
    }
    try {
      await data.updateUser(tx, user.id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw new LifecycleFailure('emailTaken');
      throw error;
    }
    // No other link of this user stays usable once a password was set.
    await data.spendLinksOf(tx, user.id, now);
    await endAllSessions(tx, user.id, keepSessionId ?? undefined);
    // Whoever held a session could have added a passkey on a fresh sign-in (or, before decision 175, on the session
    // alone): those go with the old password, and the member is told (decision 175).
    if (notify) {
      await removeUnprovedPasskeys(
        tx,
        notify.appBaseUrl,
        { id: user.id, to: patch.email ?? user.email, name: user.nickname, locale: normaliseLocale(user.locale) },
        now,
      );
    }
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
  const restored = await transaction(db, async (tx) => {
    const link = await data.spendRevertLink(tx, tokenHash, now);
    if (!link || !link.email) {
      const known = await data.revertLinkByHash(tx, tokenHash);
      throw new LifecycleFailure(known && !known.usedAt ? 'linkExpired' : 'invalidLink');
    }
    const other = await data.userIdByEmail(tx, link.email);
    if (other !== null && other !== link.userId) throw new LifecycleFailure('emailTaken');
    await data.updateUser(tx, link.userId, { email: link.email, passwordHash: null });
    await data.spendLinksOf(tx, link.userId, now);
    await endAllSessions(tx, link.userId);
    // The passkeys not added with the password, and every passkey added since the address changed (whoever changed
    // it knew the password), go; the old address is told (decision 175).
    const user = await data.userById(tx, link.userId);
    await removeUnprovedPasskeys(
      tx,
      config.appBaseUrl,
      { id: link.userId, to: link.email, name: user?.nickname ?? null, locale: normaliseLocale(user?.locale ?? locale) },
      now,
      link.createdAt,
    );
    return link.email;
  });
  await requestReset(db, config, restored, locale, now);
}

/** Failed invitation codes allowed from all addresses together in a window, before signups answer 429. */
export const FAILED_CODES_PER_WINDOW = 200;
const FAILED_CODES_KEY = 'signup-code-fail:all';

/**
 * signUp behind the shared limit on failed codes: failed codes from every address together meet it, so a guesser with
 * many addresses does too (issue 12, finding 9). The slot is taken atomically before the code is tried and given back
 * unless the code failed, so parallel guesses cannot all be tried on the last free slots.
 */
export async function signUpWithCode(ctx: Pick<BaseContext, 'db' | 'config' | 'locale' | 'now' | 'rateLimit'>, input: SignupInput): Promise<void> {
  await ctx.rateLimit(FAILED_CODES_KEY, FAILED_CODES_PER_WINDOW, LIFECYCLE_WINDOW_MS);
  let codeFailed = false;
  try {
    await signUp(ctx.db, ctx.config, input, ctx.locale, ctx.now());
  } catch (error) {
    codeFailed =
      error instanceof LifecycleFailure &&
      (error.messageKeys.includes('invitationCodeInvalid') || error.messageKeys.includes('invitationCodeContractEnded'));
    throw error;
  } finally {
    if (!codeFailed) await refundRateLimit(ctx.db, FAILED_CODES_KEY, LIFECYCLE_WINDOW_MS, ctx.now());
  }
}

/** Sets a password with an emailed link: the link first, so a bad or spent link costs no argon2 hash (issue 12, finding 16). */
export async function setPassword(db: Db, config: Config, token: string, password: string, now: Date, keepSessionId: number | null): Promise<void> {
  await checkPasswordLink(db, token, now);
  const passwordHash = await hashPassword(password);
  await usePasswordLink(db, token, passwordHash, now, keepSessionId, config);
}

/** Unknown paths the catch-all page may ask about per address and window (a person mistyping URLs stays far below). */
const DEVTOOL_GUESSES_PER_WINDOW = 30;
const DEVTOOL_GUESS_WINDOW_MS = 10 * 60 * 1000;

function sameSecret(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/** Whether a path is the developer tool's; not an unthrottled oracle: wrong guesses are counted per address (issue 12, 17). */
export async function isDevtoolPath(ctx: Pick<BaseContext, 'db' | 'ip' | 'now' | 'rateLimit'>, path: string, devtoolPath: string): Promise<boolean> {
  const key = `devtool-path-miss:${ctx.ip}`;
  if ((await peekRateLimit(ctx.db, key, DEVTOOL_GUESS_WINDOW_MS, ctx.now())) >= DEVTOOL_GUESSES_PER_WINDOW) {
    await ctx.rateLimit(key, DEVTOOL_GUESSES_PER_WINDOW, DEVTOOL_GUESS_WINDOW_MS);
  }
  const isDevtool = sameSecret(path.replace(/^\/+|\/+$/g, ''), devtoolPath);
  if (!isDevtool) await hitRateLimit(ctx.db, key, Number.MAX_SAFE_INTEGER, DEVTOOL_GUESS_WINDOW_MS, ctx.now());
  return isDevtool;
}

/** An expired link is kept a day, so that following it still says "expired" rather than "invalid". */
const KEEP_EXPIRED_LINKS_MS = 24 * 60 * 60 * 1000;

/** Deletes emailed links that can no longer be used: used ones, and ones expired more than a day ago (maintenance). */
export async function pruneEmailLinks(db: Db, now: Date): Promise<void> {
  await data.deleteSpentLinks(db, new Date(now.getTime() - KEEP_EXPIRED_LINKS_MS));
}
