import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/core.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { refundRateLimit } from '../../lib/rate-limit.ts';
import type { BaseContext } from '../../core/handler.ts';

const WINDOW_MS = 10 * 60 * 1000;
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
  await ctx.rateLimit(key, FAILED_REAUTH_PER_ACCOUNT_AND_CLIENT, WINDOW_MS);
  const [user] = await (ctx.db as Db).select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const ok = await verifyPassword(user?.hash ?? null, password);
  if (ok) await refundRateLimit(ctx.db, key, WINDOW_MS, ctx.now());
  return ok;
}
