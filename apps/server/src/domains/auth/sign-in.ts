// Signing in (a password; every way in ends in openSignedInSession) and the current-password check other domains ask
// before an account changes hands or ends. Reached through service.ts, the domain's public module.
import { verifyPassword } from '../../lib/passwords.ts';
import { refundRateLimit } from '../../lib/rate-limit.ts';
import { failure, type BaseContext } from '../../core/handler.ts';
import * as data from './data.ts';
import type { TenantRow, UserRow } from './data.ts';
import { toTenantContract, toSessionUser, findUserByLoginId, type SessionOrigin, createSession, contractEnded } from './sessions.ts';

const REAUTH_WINDOW_MS = 10 * 60 * 1000;
/** Wrong current passwords per account and client in the window before 429 (the sign-in rule, decision 060). */
export const FAILED_REAUTH_PER_ACCOUNT_AND_CLIENT = 10;

/**
 * Whether `password` is the signed-in account's current password: asked before an account changes hands (a new
 * email address) or ends (withdrawal), so a stolen session alone cannot take the account over (issue 12, finding 5).
 * Each attempt is counted before the check and given back when right, like a sign-in.
 */
export async function currentPasswordMatches(
  ctx: Pick<BaseContext, 'db' | 'ip' | 'now' | 'rateLimit'>,
  userId: number,
  password: string,
): Promise<boolean> {
  const key = `reauth-fail:${userId}:${ctx.ip}`;
  await ctx.rateLimit(key, FAILED_REAUTH_PER_ACCOUNT_AND_CLIENT, REAUTH_WINDOW_MS);
  const ok = await verifyPassword(await data.passwordHashOf(ctx.db, userId), password);
  if (ok) await refundRateLimit(ctx.db, key, REAUTH_WINDOW_MS, ctx.now());
  return ok;
}

const LOGIN_WINDOW_MS = 10 * 60 * 1000;
/**
 * Failed sign-ins allowed per account *from one client* in the window before that client gets 429 (never a lock of
 * the account: its owner signing in from their own client is not affected by a stranger's guesses).
 */
export const FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT = 10;

/** Signs in with a login id and password: a new session, or the business failure to answer. */
export async function login(ctx: Pick<BaseContext, 'db' | 'ip' | 'now' | 'rateLimit' | 'config'>, id: string, password: string) {
  // Failures are what these limits protect (a whole office signing in at 9:00 behind one address counts nothing):
  // per client address across accounts (LOGIN_LIMIT_PER_ADDRESS), and per account and client (issue 12, 4 and 6).
  // Each attempt is counted *before* the password is checked, atomically, and given back when it succeeds, so
  // parallel guesses cannot all be evaluated before the first failure is recorded (finding 3).
  const addressKey = `login-fail-ip:${ctx.ip}`;
  const accountKey = `login-fail:${id.trim().toLowerCase()}:${ctx.ip}`;
  await ctx.rateLimit(addressKey, ctx.config.loginLimitPerAddress, LOGIN_WINDOW_MS);
  try {
    await ctx.rateLimit(accountKey, FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT, LOGIN_WINDOW_MS);
  } catch (error) {
    await refundRateLimit(ctx.db, addressKey, LOGIN_WINDOW_MS, ctx.now());
    throw error;
  }
  const found = await findUserByLoginId(ctx.db, id);
  const ok = await verifyPassword(found?.user.passwordHash ?? null, password);
  if (!found || !ok) return failure('invalidCredentials');
  await refundRateLimit(ctx.db, addressKey, LOGIN_WINDOW_MS, ctx.now());
  await refundRateLimit(ctx.db, accountKey, LOGIN_WINDOW_MS, ctx.now());
  return openSignedInSession(ctx, found, { password: true });
}

/**
 * The one way into a member session once the caller proved who they are (a password in `login`, a passkey in
 * `finishPasskeySignIn`, decision 148): who may sign in at all is decided here, so every way in obeys the same rules.
 */
export async function openSignedInSession(
  ctx: Pick<BaseContext, 'db' | 'now' | 'config'>,
  found: { user: UserRow; tenant: TenantRow | null },
  origin: SessionOrigin,
) {
  // A member an operator deactivated is, for now, no tenant user (the same answer; migration 0630).
  if (!found.tenant || found.user.deactivatedAt !== null) return failure('notTenantUser');
  if (contractEnded(found.tenant, ctx.now())) return failure('contractEnded');
  const { user, tenant } = found;
  const session = await createSession(ctx.db, user.id, ctx.now(), origin);
  return {
    token: session.token,
    expiresAt: session.expiresAt.getTime(),
    user: toSessionUser({
      id: user.id,
      nickname: user.nickname,
      profileImageUrl: user.profileImageUrl,
      email: user.email,
      acceptedTermsVersion: user.acceptedTermsVersion,
      locale: user.locale === 'en' ? 'en' : 'ja',
    }),
    tenantContract: toTenantContract(tenant),
  };
}
