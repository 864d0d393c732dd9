import * as fns from '@hibi/contract/functions/account';
import { LITE_PLAN_CONTRACT_TYPE } from '@hibi/contract/constants';
import { tokyoDayStart, tokyoWeek } from '@hibi/contract/time';
import type { Config } from '../../config.ts';
import { defineHandler, failure, FileAnswer, type Handler } from '../../core/handler.ts';
import { memberAudience, type CachePolicy } from '../../core/read-cache.ts';
import { exportOwnData } from './export.ts';
import { currentPasswordMatches } from '../auth/service.ts';
import {
  acceptFriendRequest,
  currentUserStatus,
  enterIndividualMatch,
  friendProfile,
  friendRequests,
  friendsOfFriend,
  myProfile,
  nextProfileChange,
  ownFriends,
  removeFriend,
  requestFriend,
  searchMembers,
  setEmailDistribution,
  setShowInRankings,
  updateAccessTypes,
  updateProfile,
  updateReminders,
  visibleIndividualMatches,
  walkingRanking,
  withdraw,
} from './service.ts';
import { statusPoints } from '../points/service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Friend requests one member may send (a colleague met at an event is one or two; a script is hundreds). */
export const FRIEND_REQUESTS_PER_HOUR = 20;
export const FRIEND_REQUESTS_PER_DAY = 60;

/** Earliest instant getWalkingProgramRank answers for (the product's data starts in 2000 at the earliest). */
const EARLIEST_MS = tokyoDayStart('2000-01-01');

/** Ranks among a tenant or everyone: every member's weekly steps, names and friendships (decision 138). */
const RANKING_TABLES = ['tenants', 'weekly_steps', 'users', 'friendships'];
const TEAM_TABLES = ['team_matches', 'team_match_teams', 'team_match_members', 'team_match_day_ranks', 'team_match_rank_state'];

/** A member's profile: kept per member; their own rows, their tenant's ranks and their teams renew it. */
const profile: CachePolicy = {
  tables: ['tenants', 'weekly_steps', ...TEAM_TABLES],
  ownTables: ['users', 'target_weights', 'daily_steps'],
  perMember: true,
  audience: memberAudience,
  nextChange: nextProfileChange,
};

/** The walking ranking of a Tokyo week, as one member sees it (their rank, friends marked): kept per member and week. */
const walkingRank: CachePolicy = {
  tables: RANKING_TABLES,
  perMember: true,
  audience: memberAudience,
  keyOf: (p, now) => {
    const timestamp = p.timestamp as number;
    if (timestamp < EARLIEST_MS || timestamp > now.getTime() + 24 * 3600_000) return null;
    return `${tokyoWeek(timestamp).monday}|${p.filterbyTenant === true}`;
  },
  nextChange: async () => null,
};

/** Handlers of the account domain, one per function in the contract's functions/account.ts. */
export function accountHandlers(config: Config): Handler[] {
  return [
    // A file download (decision 104): the zip streams out as it is read; at most DATA_EXPORTS_PER_DAY a day (429).
    defineHandler(fns.exportMyData, async (_payload, ctx) => {
      await ctx.rateLimit(`data-export:${ctx.user.id}`, fns.DATA_EXPORTS_PER_DAY, 24 * HOUR_MS);
      const { body, fileName } = await exportOwnData(ctx.db, ctx.user.id, ctx.locale, ctx.now);
      return new FileAnswer(body, fileName);
    }),

    defineHandler(fns.getMyProfile, async (_payload, ctx) => myProfile(ctx.db, ctx.user.id, ctx.locale, ctx.now()), { cache: profile }),

    defineHandler(fns.getUserContract, async (_payload, ctx) => ({
      contractType: ctx.user.contract.contractType,
      teamMatchEnabled: ctx.user.contract.teamMatchEnabled,
      emailDistributionEnabled: ctx.user.contract.emailDistributionEnabled,
    })),

    defineHandler(fns.updateProfile, async (payload, ctx) =>
      updateProfile(
        ctx.db,
        ctx.user.id,
        { nickname: payload.displayName, comment: payload.comment, birthYear: payload.birthYear, height: payload.height, gender: payload.gender },
        ctx.now(),
      ),
    ),

    defineHandler(fns.updateReminderSettings, async ({ dayBefore, hourBefore }, ctx) => ({
      reminders: await updateReminders(ctx.db, ctx.user.id, dayBefore, hourBefore),
    })),

    defineHandler(fns.updateRankingVisibility, async ({ showInRankings }, ctx) => {
      await setShowInRankings(ctx.db, ctx.user.id, showInRankings);
      return { showInRankings };
    }),

    defineHandler(fns.updateDistributionSetting, async ({ email }, ctx) => {
      if (!ctx.user.contract.emailDistributionEnabled) return failure('notAvailable');
      await setEmailDistribution(ctx.db, ctx.user.id, email);
      return { distributionStatus: { email } };
    }),

    defineHandler(fns.updateAccessTypes, async (payload, ctx) => ({ accessTypes: await updateAccessTypes(ctx.db, ctx.user.id, payload) })),

    defineHandler(fns.deleteLitePlanUser, async ({ currentPassword }, ctx) => {
      if (ctx.user.contract.contractType !== LITE_PLAN_CONTRACT_TYPE) return failure('notLitePlan');
      // A stolen session alone cannot end the account (issue 12, finding 5).
      if (!(await currentPasswordMatches(ctx, ctx.user.id, currentPassword))) return failure('wrongPassword');
      const userId = ctx.user.id;
      await withdraw(ctx.db, userId, ctx.now(), config.appBaseUrl, (error) =>
        ctx.log.warn({ err: error, userId }, 'withdrawal: user row kept, account anonymised'),
      );
      return {};
    }),

    defineHandler(fns.getOwnFriends, async ({ offset, perPage }, ctx) => ({ friends: await ownFriends(ctx.db, ctx.user.id, offset, perPage) })),

    defineHandler(fns.getFriendProfile, async ({ userID }, ctx) => {
      const profile = await friendProfile(ctx.db, ctx.user.id, userID, ctx.locale, ctx.now());
      return profile ?? failure('notFound');
    }),

    defineHandler(fns.searchMembers, async ({ nickname, offset, perPage }, ctx) => ({
      members: await searchMembers(ctx.db, ctx.user, nickname, offset, perPage),
    })),

    defineHandler(fns.getFriendsOfFriend, async ({ userID, offset, perPage }, ctx) => {
      const friends = await friendsOfFriend(ctx.db, ctx.user, userID, offset, perPage);
      return friends ? { friends } : failure('notFound');
    }),

    defineHandler(fns.getFriendRequests, async (_payload, ctx) => friendRequests(ctx.db, ctx.user.id)),

    defineHandler(fns.requestFriend, async ({ userID }, ctx) => {
      const meId = ctx.user.id;
      // Every request counts, found or not: no harvesting of colleagues, no request spam (issue 12, finding 15).
      await ctx.rateLimit(`friend-request-hour:${meId}`, FRIEND_REQUESTS_PER_HOUR, HOUR_MS);
      await ctx.rateLimit(`friend-request-day:${meId}`, FRIEND_REQUESTS_PER_DAY, 24 * HOUR_MS);
      return requestFriend(ctx.db, ctx.user, userID, ctx.now());
    }),

    defineHandler(fns.acceptFriendRequest, async ({ userID }, ctx) => {
      const friend = await acceptFriendRequest(ctx.db, ctx.user.id, userID, ctx.now());
      return friend ? { friend } : failure('notFound');
    }),

    defineHandler(fns.removeFriend, async ({ userID }, ctx) => ((await removeFriend(ctx.db, ctx.user.id, userID)) ? {} : failure('notFound'))),

    defineHandler(fns.getIndividualMatches, async (_payload, ctx) => ({
      individualMatches: await visibleIndividualMatches(ctx.db, ctx.user.id, ctx.user.tenantId, ctx.locale, ctx.now()),
    })),

    defineHandler(fns.enterIndividualMatch, async ({ individualMatchID, isGeneral }, ctx) =>
      enterIndividualMatch(ctx.db, ctx.user, ctx.locale, ctx.now(), individualMatchID, isGeneral),
    ),

    defineHandler(fns.getCurrentUserStatus, async (p, ctx) => {
      const status = await currentUserStatus(ctx.db, ctx.user, ctx.locale, ctx.now());
      // The ledger since the date the app asks (docs/requirements/points.md#points-ledger).
      if (p.pointHistoryFromDate === undefined) return status;
      return { ...status, points: await statusPoints(ctx.db, ctx.user.id, ctx.locale, p.pointHistoryFromDate) };
    }),

    defineHandler(
      fns.getWalkingProgramRank,
      async ({ timestamp, filterbyTenant }, ctx) => {
        if (timestamp < EARLIEST_MS || timestamp > ctx.now().getTime() + 24 * 3600_000) return failure('invalidTimestamp');
        return walkingRanking(ctx.db, ctx.user, timestamp, filterbyTenant);
      },
      { cache: walkingRank },
    ),
  ] as unknown as Handler[];
}
