import crypto from 'node:crypto';
import { validationMessages } from '@hibi/contract/messages';
import * as fns from '@hibi/contract/functions/lifecycle';
import type { Config } from '../../config.ts';
import { defineHandler, failure, type Handler } from '../../core/handler.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hitRateLimit, peekRateLimit, refundRateLimit } from '../../lib/rate-limit.ts';
import {
  checkPasswordLink,
  LifecycleFailure,
  requestEmailRegistration,
  requestReset,
  revertEmailChange,
  signUp,
  usePasswordLink,
} from './service.ts';
import { currentPasswordMatches } from '../auth/service.ts';
import { devtoolUser, saveDevtoolUser } from './devtool.ts';

/** Rate limits (product-decisions §2): per client address and per account, in 10-minute windows. */
export const LIFECYCLE_WINDOW_MS = 10 * 60 * 1000;
export const LIMIT_PER_ADDRESS = 100;
export const LIMIT_PER_ACCOUNT = 5;

function asFailure(error: unknown, locale: 'ja' | 'en') {
  if (!(error instanceof LifecycleFailure)) throw error;
  if (error.errorCode === 'validationError') {
    return failure('validationError', { validationErrorMessage: error.messageKeys.map((k) => validationMessages[locale][k] ?? k) });
  }
  return failure(error.errorCode);
}

function sameSecret(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/** Failed invitation codes allowed from all addresses together in a window, before signups answer 429. */
export const FAILED_CODES_PER_WINDOW = 200;
const FAILED_CODES_KEY = 'signup-code-fail:all';

/** Handlers of the lifecycle domain; the developer tool's exist only when DEVTOOL_PATH is set. */
export function lifecycleHandlers(config: Config): Handler[] {
  const handlers = [
    defineHandler(fns.createUserByInvitationCode, async (payload, ctx) => {
      await ctx.rateLimit(`signup-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`signup-account:${payload.userEmailAddress.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      // Failed codes from every address together: a guesser with many addresses meets this (issue 12, finding 9).
      // The slot is taken atomically before the code is tried and given back unless the code failed, so parallel
      // guesses cannot all be tried on the last free slots.
      await ctx.rateLimit(FAILED_CODES_KEY, FAILED_CODES_PER_WINDOW, LIFECYCLE_WINDOW_MS);
      let codeFailed = false;
      try {
        await signUp(ctx.db, ctx.config, payload, ctx.locale, ctx.now());
        return {};
      } catch (error) {
        codeFailed = error instanceof LifecycleFailure && error.messageKeys.includes('invitationCodeInvalid');
        return asFailure(error, ctx.locale);
      } finally {
        if (!codeFailed) await refundRateLimit(ctx.db, FAILED_CODES_KEY, LIFECYCLE_WINDOW_MS, ctx.now());
      }
    }),

    defineHandler(fns.requestPasswordReset, async ({ email }, ctx) => {
      await ctx.rateLimit(`reset-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`reset-account:${email.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      try {
        await requestReset(ctx.db, ctx.config, email, ctx.locale, ctx.now());
        return {};
      } catch (error) {
        return asFailure(error, ctx.locale);
      }
    }),

    defineHandler(fns.updateEmailAddressWithResetPassword, async ({ email, currentPassword }, ctx) => {
      // Signed in, the address moves the account (and its password): the current password first (issue 12, 5).
      if (ctx.user && !(await currentPasswordMatches(ctx, ctx.user.id, currentPassword ?? ''))) return failure('wrongPassword');
      await ctx.rateLimit(`register-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`register-account:${ctx.user ? `u${ctx.user.id}` : email.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      try {
        // A guest can only ask for a link to an address already on file: the same as a password reset.
        if (ctx.user) await requestEmailRegistration(ctx.db, ctx.config, ctx.user.id, email, ctx.locale, ctx.now());
        else await requestReset(ctx.db, ctx.config, email, ctx.locale, ctx.now());
        return {};
      } catch (error) {
        return asFailure(error, ctx.locale);
      }
    }),

    defineHandler(fns.revertEmailChange, async ({ token }, ctx) => {
      await ctx.rateLimit(`revert-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      try {
        await revertEmailChange(ctx.db, ctx.config, token, ctx.locale, ctx.now());
        return {};
      } catch (error) {
        return asFailure(error, ctx.locale);
      }
    }),

    defineHandler(fns.setPassword, async ({ token, password }, ctx) => {
      await ctx.rateLimit(`setpw-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      try {
        // The link first: a bad or spent link costs no argon2 hash (issue 12, finding 16).
        await checkPasswordLink(ctx.db, token, ctx.now());
        const passwordHash = await hashPassword(password);
        await usePasswordLink(ctx.db, token, passwordHash, ctx.now(), ctx.user?.sessionId ?? null, ctx.config);
        return {};
      } catch (error) {
        return asFailure(error, ctx.locale);
      }
    }),
  ] as unknown as Handler[];

  const devtoolPath = config.devtoolPath;
  /** Unknown paths the catch-all page may ask about per address and window (a person mistyping URLs stays far below). */
  const DEVTOOL_GUESSES_PER_WINDOW = 30;
  const DEVTOOL_GUESS_WINDOW_MS = 10 * 60 * 1000;
  if (devtoolPath) {
    handlers.push(
      ...([
        defineHandler(fns.isDevtoolPath, async ({ path }, ctx) => {
          // Not an unthrottled oracle for the secret path: wrong guesses are counted per address (issue 12, 17).
          const key = `devtool-path-miss:${ctx.ip}`;
          if ((await peekRateLimit(ctx.db, key, DEVTOOL_GUESS_WINDOW_MS, ctx.now())) >= DEVTOOL_GUESSES_PER_WINDOW) {
            await ctx.rateLimit(key, DEVTOOL_GUESSES_PER_WINDOW, DEVTOOL_GUESS_WINDOW_MS);
          }
          const isDevtool = sameSecret(path.replace(/^\/+|\/+$/g, ''), devtoolPath);
          if (!isDevtool) await hitRateLimit(ctx.db, key, Number.MAX_SAFE_INTEGER, DEVTOOL_GUESS_WINDOW_MS, ctx.now());
          return { isDevtool };
        }),
        defineHandler(fns.getDevtoolUser, async (_payload, ctx) => ({ user: await devtoolUser(ctx.db, ctx.user.id) })),
        defineHandler(fns.saveDevtoolUser, async (p, ctx) => {
          await saveDevtoolUser(ctx.db, ctx.user.id, p, ctx.now());
          return { user: await devtoolUser(ctx.db, ctx.user.id), weight: p.weight, targetWeight: p.targetWeight };
        }),
      ] as unknown as Handler[]),
    );
  }
  return handlers;
}
