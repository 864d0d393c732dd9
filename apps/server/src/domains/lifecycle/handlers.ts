import { validationMessages } from '@hibi/contract/messages';
import * as fns from '@hibi/contract/functions/lifecycle';
import * as people from '@hibi/contract/console/people';
import type { Config } from '../../config.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import { defineHandler, failure, type Handler } from '../../core/handler.ts';
import * as consolePeople from './console.ts';
import { currentPasswordMatches } from '../auth/service.ts';
import {
  devtoolUser,
  isDevtoolPath,
  LIFECYCLE_WINDOW_MS,
  LIMIT_PER_ACCOUNT,
  LIMIT_PER_ADDRESS,
  LifecycleFailure,
  requestEmailRegistration,
  requestReset,
  revertEmailChange,
  saveDevtoolUser,
  setPassword,
  signUpWithCode,
} from './service.ts';

function asFailure(error: unknown, locale: 'ja' | 'en') {
  if (!(error instanceof LifecycleFailure)) throw error;
  if (error.errorCode === 'validationError') {
    return failure('validationError', { validationErrorMessage: error.messageKeys.map((k) => validationMessages[locale][k] ?? k) });
  }
  return failure(error.errorCode);
}

/** Runs a lifecycle change: an empty success, or the business failure it was refused with. */
async function attempt(locale: 'ja' | 'en', work: () => Promise<unknown>) {
  try {
    await work();
    return {};
  } catch (error) {
    return asFailure(error, locale);
  }
}

/** Handlers of the lifecycle domain; the developer tool's exist only when DEVTOOL_PATH is set. */
export function lifecycleHandlers(config: Config): Handler[] {
  const handlers = [
    defineHandler(fns.createUserByInvitationCode, async (payload, ctx) => {
      await ctx.rateLimit(`signup-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`signup-account:${payload.userEmailAddress.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      return attempt(ctx.locale, () => signUpWithCode(ctx, payload));
    }),

    defineHandler(fns.requestPasswordReset, async ({ email }, ctx) => {
      await ctx.rateLimit(`reset-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`reset-account:${email.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      return attempt(ctx.locale, () => requestReset(ctx.db, ctx.config, email, ctx.locale, ctx.now()));
    }),

    defineHandler(fns.updateEmailAddressWithResetPassword, async ({ email, currentPassword }, ctx) => {
      // Signed in, the address moves the account (and its password): the current password first (issue 12, 5).
      if (ctx.user && !(await currentPasswordMatches(ctx, ctx.user.id, currentPassword ?? ''))) return failure('wrongPassword');
      await ctx.rateLimit(`register-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      await ctx.rateLimit(`register-account:${ctx.user ? `u${ctx.user.id}` : email.toLowerCase()}`, LIMIT_PER_ACCOUNT, LIFECYCLE_WINDOW_MS);
      // A guest can only ask for a link to an address already on file: the same as a password reset.
      const user = ctx.user;
      return attempt(ctx.locale, () =>
        user
          ? requestEmailRegistration(ctx.db, ctx.config, user.id, email, ctx.locale, ctx.now())
          : requestReset(ctx.db, ctx.config, email, ctx.locale, ctx.now()),
      );
    }),

    defineHandler(fns.revertEmailChange, async ({ token }, ctx) => {
      await ctx.rateLimit(`revert-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      return attempt(ctx.locale, () => revertEmailChange(ctx.db, ctx.config, token, ctx.locale, ctx.now()));
    }),

    defineHandler(fns.setPassword, async ({ token, password }, ctx) => {
      await ctx.rateLimit(`setpw-ip:${ctx.ip}`, LIMIT_PER_ADDRESS, LIFECYCLE_WINDOW_MS);
      return attempt(ctx.locale, () => setPassword(ctx.db, ctx.config, token, password, ctx.now(), ctx.user?.sessionId ?? null));
    }),
  ] as unknown as Handler[];

  const devtoolPath = config.devtoolPath;
  if (devtoolPath) {
    handlers.push(
      ...([
        defineHandler(fns.isDevtoolPath, async ({ path }, ctx) => ({ isDevtool: await isDevtoolPath(ctx, path, devtoolPath) })),
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

/** The console's people (issue 16, items 4-6): tenants, invitation codes, members and the outbox (decisions 128-131). */
export const lifecycleConsoleHandlers = [
  defineConsoleHandler(people.listTenants, async (p, ctx) => consolePeople.listTenants(ctx, p.offset, p.perPage)),
  defineConsoleHandler(people.saveTenant, async (p, ctx) => consolePeople.saveTenant(ctx, p)),
  defineConsoleHandler(people.listInvitationCodes, async (p, ctx) => consolePeople.listInvitationCodes(ctx, p.tenantId, p.offset, p.perPage), {
    tenantBound: true,
  }),
  defineConsoleHandler(people.createInvitationCode, async (p, ctx) => consolePeople.createInvitationCode(ctx, p), { tenantBound: true }),
  defineConsoleHandler(people.revokeInvitationCode, async (p, ctx) => consolePeople.revokeInvitationCode(ctx, p.code)),
  defineConsoleHandler(people.searchMembers, async (p, ctx) => consolePeople.searchMembers(ctx, p.query, p.offset, p.perPage)),
  defineConsoleHandler(people.getMemberStatus, async (p, ctx) => consolePeople.memberStatus(ctx, p.id)),
  defineConsoleHandler(people.resendPasswordLink, async (p, ctx) => consolePeople.resendPasswordLink(ctx, p.id)),
  defineConsoleHandler(people.endMemberSessions, async (p, ctx) => consolePeople.endMemberSessions(ctx, p.id)),
  defineConsoleHandler(people.deactivateMember, async (p, ctx) => consolePeople.deactivateMember(ctx, p.id)),
  defineConsoleHandler(people.reactivateMember, async (p, ctx) => consolePeople.reactivateMember(ctx, p.id)),
  defineConsoleHandler(people.exportMembers, async (p, ctx) => consolePeople.exportMembers(ctx, p.tenantId)),
  defineConsoleHandler(people.listOutbox, async (p, ctx) => consolePeople.listOutbox(ctx, p)),
  defineConsoleHandler(people.retryMail, async (p, ctx) => consolePeople.retryMail(ctx, p.id)),
];
