import { sql } from 'drizzle-orm';
import * as fns from '@hibi/contract/functions/account';
import { LITE_PLAN_CONTRACT_TYPE, STEPS } from '@hibi/contract/constants';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentPasswordMatches } from '../auth/reauth.ts';
import { defineHandler, failure, type Handler } from '../../core/handler.ts';
import { endAllSessions } from '../auth/service.ts';
import { releaseSeatsOf } from '../events/waiting.ts';
import {
  accessTypes,
  currentUserSteps,
  currentWeekSteps,
  findTenantUser,
  friendshipBetween,
  latestWeightOf,
  pair,
  personalInformation,
  profileHead,
  relationTo,
  targetWeightOf,
  teamMatchesOf,
  visibleIndividualMatches,
  weekRank,
  type UserRow,
} from './service.ts';
import { tokyoDay, tokyoDayStart, tokyoWeek } from '@hibi/contract/time';
import { rows } from '../../db/query.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Friend requests one member may send (a colleague met at an event is one or two; a script is hundreds). */
export const FRIEND_REQUESTS_PER_HOUR = 20;
export const FRIEND_REQUESTS_PER_DAY = 60;

/** Earliest instant getWalkingProgramRank answers for (the product's data starts in 2000 at the earliest). */
const EARLIEST_MS = tokyoDayStart('2000-01-01');
const RANKING_SIZE = 10;

/** The signed-in user as a row; the entry already proved they are a tenant user. */
async function me(db: Db, id: number): Promise<UserRow> {
  const u = await findTenantUser(db, id);
  if (!u) throw new Error('signed-in user is no tenant user');
  return u;
}

type Relation = 'self' | 'friends' | 'requested' | 'received' | 'none';
interface MemberRow {
  user_id: number;
  nickname: string;
  profile_image_url: string | null;
  relation: Relation;
}
const toMember = (r: MemberRow) => ({ userID: Number(r.user_id), displayName: r.nickname, imageUrl: r.profile_image_url, relation: r.relation });

/** A friend list row: the other user of a friendship. */
function otherUser(meId: number) {
  return sql`CASE WHEN f.user_low = ${meId} THEN f.user_high ELSE f.user_low END`;
}

/** Handlers of the account domain, one per function in the contract's functions/account.ts. */
export function accountHandlers(config: Config): Handler[] {
  return [
    defineHandler(fns.getMyProfile, async (_payload, ctx) => {
      const u = await me(ctx.db, ctx.user.id);
      const now = ctx.now();
      const [targetWeight, userSteps, weeklySteps, teamMatches] = await Promise.all([
        targetWeightOf(ctx.db, u.id),
        currentUserSteps(ctx.db, u, now),
        currentWeekSteps(ctx.db, u.id, now),
        u.team_match_enabled ? teamMatchesOf(ctx.db, u.id, ctx.locale, now) : Promise.resolve([]),
      ]);
      return {
        userID: u.id,
        profile: profileHead(u),
        personalInformation: personalInformation(u, targetWeight),
        userSteps,
        weeklySteps,
        accessTypes: accessTypes(u),
        showInRankings: u.show_in_rankings,
        reminders: { dayBefore: u.reminder_day_before, hourBefore: u.reminder_hour_before },
        teamMatches,
        distributionStatus: { email: u.email_distribution_enabled && u.email_distribution },
      };
    }),

    defineHandler(fns.getUserContract, async (_payload, ctx) => ({
      contractType: ctx.user.contract.contractType,
      teamMatchEnabled: ctx.user.contract.teamMatchEnabled,
      emailDistributionEnabled: ctx.user.contract.emailDistributionEnabled,
    })),

    defineHandler(fns.updateProfile, async (payload, ctx) => {
      const thisYear = Number(tokyoDay(ctx.now()).slice(0, 4));
      // A plausible birth year: someone between 0 and 120 years old.
      if (payload.birthYear !== undefined && (payload.birthYear < thisYear - 120 || payload.birthYear > thisYear)) {
        return failure('invalidBirthYear');
      }
      let heightTenths: number | undefined;
      if (payload.height !== undefined) {
        heightTenths = Math.round(payload.height * 10);
        if (Math.abs(payload.height * 10 - heightTenths) > 1e-6) return failure('invalidHeight');
      }
      const sets = [
        payload.displayName !== undefined ? sql`nickname = ${payload.displayName}` : null,
        payload.comment !== undefined ? sql`comment = ${payload.comment}` : null,
        payload.birthYear !== undefined ? sql`birth_year = ${payload.birthYear}` : null,
        heightTenths !== undefined ? sql`height_tenths = ${heightTenths}` : null,
        payload.gender !== undefined ? sql`gender = ${payload.gender}` : null,
      ].filter((s) => s !== null);
      if (sets.length > 0) await ctx.db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${ctx.user.id}`);
      const u = await me(ctx.db, ctx.user.id);
      return { profile: profileHead(u), personalInformation: personalInformation(u, await targetWeightOf(ctx.db, u.id)) };
    }),

    defineHandler(fns.updateReminderSettings, async ({ dayBefore, hourBefore }, ctx) => {
      const [r] = await rows<{ reminder_day_before: boolean; reminder_hour_before: boolean }>(
        ctx.db,
        sql`UPDATE users SET reminder_day_before = COALESCE(${dayBefore ?? null}::boolean, reminder_day_before),
                             reminder_hour_before = COALESCE(${hourBefore ?? null}::boolean, reminder_hour_before)
            WHERE id = ${ctx.user.id} RETURNING reminder_day_before, reminder_hour_before`,
      );
      return { reminders: { dayBefore: r!.reminder_day_before, hourBefore: r!.reminder_hour_before } };
    }),

    defineHandler(fns.updateRankingVisibility, async ({ showInRankings }, ctx) => {
      await ctx.db.execute(sql`UPDATE users SET show_in_rankings = ${showInRankings} WHERE id = ${ctx.user.id}`);
      return { showInRankings };
    }),

    defineHandler(fns.updateDistributionSetting, async ({ email }, ctx) => {
      if (!ctx.user.contract.emailDistributionEnabled) return failure('notAvailable');
      await ctx.db.execute(sql`UPDATE users SET email_distribution = ${email} WHERE id = ${ctx.user.id}`);
      return { distributionStatus: { email } };
    }),

    defineHandler(fns.updateAccessTypes, async (payload, ctx) => {
      const sets = [
        payload.userSteps !== undefined ? sql`access_user_steps = ${payload.userSteps}` : null,
        payload.teamMatches !== undefined ? sql`access_team_matches = ${payload.teamMatches}` : null,
      ].filter((s) => s !== null);
      if (sets.length > 0) await ctx.db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${ctx.user.id}`);
      return { accessTypes: accessTypes(await me(ctx.db, ctx.user.id)) };
    }),

    defineHandler(fns.deleteLitePlanUser, async ({ currentPassword }, ctx) => {
      if (ctx.user.contract.contractType !== LITE_PLAN_CONTRACT_TYPE) return failure('notLitePlan');
      // A stolen session alone cannot end the account (issue 12, finding 5).
      if (!(await currentPasswordMatches(ctx, ctx.user.id, currentPassword))) return failure('wrongPassword');
      const userId = ctx.user.id;
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await endAllSessions(db, userId);
        // Seats of sessions yet to start go back, to the first in line where there is one (decision 081).
        await releaseSeatsOf(db, userId, now, config.appBaseUrl);
        try {
          // Every table that refers to a user deletes its rows with it (ON DELETE CASCADE).
          await db.transaction(async (sp) => {
            await (sp as unknown as Db).execute(sql`DELETE FROM users WHERE id = ${userId}`);
          });
        } catch (error) {
          // A table that keeps its rows (no cascade) must not keep the account alive: strip it instead.
          ctx.log.warn({ err: error, userId }, 'withdrawal: user row kept, account anonymised');
          await db.execute(
            sql`UPDATE users SET tenant_id = NULL, email = NULL, login_id = ${`withdrawn-${userId}`}, login_id_lower = ${`withdrawn-${userId}`},
                  password_hash = NULL, user_name = '', user_phonetic = '', nickname = '', external_account_id = NULL, comment = '',
                  attribution1 = '', profile_image_url = NULL, background_image_url = NULL, birth_year = NULL, height_tenths = NULL, gender = NULL
                WHERE id = ${userId}`,
          );
          await db.execute(sql`DELETE FROM friendships WHERE user_low = ${userId} OR user_high = ${userId}`);
        }
      });
      return {};
    }),

    defineHandler(fns.getOwnFriends, async ({ offset, perPage }, ctx) => {
      const meId = ctx.user.id;
      const found = await rows<{ id: number; user_id: number; nickname: string; profile_image_url: string | null }>(
        ctx.db,
        sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'accepted' AND u.tenant_id IS NOT NULL
            ORDER BY f.accepted_at DESC, f.id DESC
            OFFSET ${offset} LIMIT ${perPage}`,
      );
      return { friends: found.map((r) => ({ id: r.id, user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url } })) };
    }),

    defineHandler(fns.getFriendProfile, async ({ userID }, ctx) => {
      if (userID === ctx.user.id) return failure('notFound');
      const friendship = await friendshipBetween(ctx.db, ctx.user.id, userID);
      if (friendship?.status !== 'accepted') return failure('notFound');
      const friend = await findTenantUser(ctx.db, userID);
      if (!friend) return failure('notFound');
      const access = accessTypes(friend);
      const now = ctx.now();
      const showSteps = access.userSteps === 1;
      const showTeams = access.teamMatches === 1 && friend.team_match_enabled;
      const [userSteps, weeklySteps, teamMatches] = await Promise.all([
        showSteps ? currentUserSteps(ctx.db, friend, now) : null,
        showSteps ? currentWeekSteps(ctx.db, friend.id, now) : null,
        showTeams ? teamMatchesOf(ctx.db, friend.id, ctx.locale, now) : null,
      ]);
      return { userID: friend.id, profile: profileHead(friend), accessTypes: access, userSteps, weeklySteps, teamMatches };
    }),

    defineHandler(fns.searchMembers, async ({ nickname, offset, perPage }, ctx) => {
      const meId = ctx.user.id;
      const rel = relationTo(meId, 'u');
      // Colleagues only: members of other companies are never found (the same rule as requestFriend).
      // position() rather than LIKE: the text is matched as typed, % and _ included.
      const needle = nickname.toLowerCase();
      const found = await rows<MemberRow>(
        ctx.db,
        sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM users u ${rel.join}
            WHERE u.tenant_id = ${ctx.user.tenantId} AND u.id <> ${meId} AND position(${needle} in lower(u.nickname)) > 0
            ORDER BY (lower(u.nickname) = ${needle}) DESC, position(${needle} in lower(u.nickname)), u.nickname, u.id
            LIMIT ${perPage} OFFSET ${offset}`,
      );
      return { members: found.map(toMember) };
    }),

    defineHandler(fns.getFriendsOfFriend, async ({ userID, offset, perPage }, ctx) => {
      const meId = ctx.user.id;
      const friendship = await friendshipBetween(ctx.db, meId, userID);
      if (friendship?.status !== 'accepted' || !(await findTenantUser(ctx.db, userID))) return failure('notFound');
      const rel = relationTo(meId, 'u');
      // The friend's friends who are colleagues of the caller, the caller excluded; newest friendship first.
      const found = await rows<MemberRow>(
        ctx.db,
        sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM friendships f JOIN users u ON u.id = ${otherUser(userID)} ${rel.join}
            WHERE (f.user_low = ${userID} OR f.user_high = ${userID}) AND f.status = 'accepted'
              AND u.tenant_id = ${ctx.user.tenantId} AND u.id <> ${meId}
            ORDER BY f.accepted_at DESC NULLS LAST, f.id DESC
            LIMIT ${perPage} OFFSET ${offset}`,
      );
      return { friends: found.map(toMember) };
    }),

    defineHandler(fns.getFriendRequests, async (_payload, ctx) => {
      const meId = ctx.user.id;
      const found = await rows<{
        id: number;
        user_id: number;
        nickname: string;
        profile_image_url: string | null;
        requested_at: number;
        mine: boolean;
      }>(
        ctx.db,
        sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url, floor(extract(epoch from f.created_at) * 1000)::float8 AS requested_at,
                   (f.requested_by = ${meId}) AS mine
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'pending' AND u.tenant_id IS NOT NULL
            ORDER BY f.created_at DESC, f.id DESC
            LIMIT 200`,
      );
      const item = (r: (typeof found)[number]) => ({
        id: r.id,
        user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url },
        requestedAt: Number(r.requested_at),
      });
      return { received: found.filter((r) => !r.mine).map(item), sent: found.filter((r) => r.mine).map(item) };
    }),

    defineHandler(fns.requestFriend, async ({ userID }, ctx) => {
      const meId = ctx.user.id;
      // Every request counts, found or not: no harvesting of colleagues, no request spam (issue 12, finding 15).
      await ctx.rateLimit(`friend-request-hour:${meId}`, FRIEND_REQUESTS_PER_HOUR, HOUR_MS);
      await ctx.rateLimit(`friend-request-day:${meId}`, FRIEND_REQUESTS_PER_DAY, 24 * HOUR_MS);
      if (userID === meId) return failure('self');
      const other = await findTenantUser(ctx.db, userID);
      // Friends are found among one's own company's users; anyone else does not exist for the caller.
      if (!other || other.tenant_id !== ctx.user.tenantId) return failure('notFound');
      const [low, high] = pair(meId, userID);
      const existing = await friendshipBetween(ctx.db, meId, userID);
      if (existing?.status === 'accepted') return failure('alreadyFriends');
      if (existing && existing.requested_by === meId) return failure('alreadyRequested');
      if (existing) {
        // They had asked already: asking back is accepting.
        await ctx.db.execute(
          sql`UPDATE friendships SET status = 'accepted', accepted_at = ${ctx.now().toISOString()}::timestamptz WHERE id = ${existing.id}`,
        );
        return { status: 'friends' as const };
      }
      const inserted = await rows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO friendships (user_low, user_high, requested_by, status, created_at)
            VALUES (${low}, ${high}, ${meId}, 'pending', ${ctx.now().toISOString()}::timestamptz)
            ON CONFLICT (user_low, user_high) DO NOTHING RETURNING id`,
      );
      if (inserted.length === 0) return failure('alreadyRequested');
      return { status: 'requested' as const };
    }),

    defineHandler(fns.acceptFriendRequest, async ({ userID }, ctx) => {
      const meId = ctx.user.id;
      const [low, high] = pair(meId, userID);
      const updated = await rows<{ id: number }>(
        ctx.db,
        sql`UPDATE friendships SET status = 'accepted', accepted_at = ${ctx.now().toISOString()}::timestamptz
            WHERE user_low = ${low} AND user_high = ${high} AND status = 'pending' AND requested_by = ${userID}
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${userID} AND u.tenant_id IS NOT NULL)
            RETURNING id`,
      );
      const id = updated[0]?.id;
      if (id === undefined) return failure('notFound');
      const other = (await findTenantUser(ctx.db, userID))!;
      return { friend: { id, user: { userID: other.id, displayName: other.nickname, imageUrl: other.profile_image_url } } };
    }),

    defineHandler(fns.removeFriend, async ({ userID }, ctx) => {
      const [low, high] = pair(ctx.user.id, userID);
      const deleted = await rows<{ id: number }>(ctx.db, sql`DELETE FROM friendships WHERE user_low = ${low} AND user_high = ${high} RETURNING id`);
      if (deleted.length === 0) return failure('notFound');
      return {};
    }),

    defineHandler(fns.getIndividualMatches, async (_payload, ctx) => ({
      individualMatches: await visibleIndividualMatches(ctx.db, ctx.user.id, ctx.user.tenantId, ctx.locale, ctx.now()),
    })),

    defineHandler(fns.enterIndividualMatch, async ({ individualMatchID, isGeneral }, ctx) => {
      const now = ctx.now();
      const [match] = await visibleIndividualMatches(ctx.db, ctx.user.id, ctx.user.tenantId, ctx.locale, now, individualMatchID);
      if (!match || match.isGeneral !== isGeneral) return failure('notFound');
      if (match.endDateTime <= now.getTime()) return failure('closed');
      await ctx.db.execute(
        sql`INSERT INTO individual_match_entries (individual_match_id, user_id, created_at)
            VALUES (${individualMatchID}, ${ctx.user.id}, ${now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
      );
      return { isRegistered: true as const };
    }),

    defineHandler(fns.getCurrentUserStatus, async (_payload, ctx) => {
      const now = ctx.now();
      const week = tokyoWeek(now);
      const [individualMatches, weight, targetWeight, rank] = await Promise.all([
        visibleIndividualMatches(ctx.db, ctx.user.id, ctx.user.tenantId, ctx.locale, now),
        latestWeightOf(ctx.db, ctx.user.id),
        targetWeightOf(ctx.db, ctx.user.id),
        weekRank(ctx.db, ctx.user.id, ctx.user.tenantId, week.monday),
      ]);
      return {
        individualMatches,
        weight: { weight, targetWeight },
        walkingProgram: {
          fromDateTime: week.fromDateTime,
          toDateTime: week.toDateTime,
          goalSteps: STEPS.goal,
          averageSteps: rank.averageSteps,
          daysAchieved: rank.daysAchieved,
          rank: rank.rank,
          userCount: rank.userCount,
        },
      };
    }),

    defineHandler(fns.getWalkingProgramRank, async ({ timestamp, filterbyTenant }, ctx) => {
      const now = ctx.now();
      if (timestamp < EARLIEST_MS || timestamp > now.getTime() + 24 * 3600_000) return failure('invalidTimestamp');
      const week = tokyoWeek(timestamp);
      const tenantId = filterbyTenant ? ctx.user.tenantId : null;
      const group = tenantId === null ? sql`w.tenant_id IS NOT NULL` : sql`w.tenant_id = ${tenantId}`;
      const rel = relationTo(ctx.user.id, 'u');
      const [rank, top] = await Promise.all([
        weekRank(ctx.db, ctx.user.id, tenantId, week.monday),
        rows<{
          avg_steps: number;
          rnk: number;
          user_id: number;
          nickname: string;
          profile_image_url: string | null;
          disclosed: boolean;
          is_me: boolean;
          relation: Relation;
        }>(
          ctx.db,
          // The top 10 by the index's order; each one's rank is 1 + an index range count of those above.
          // Named only: the caller, and colleagues of the caller's company who agreed to appear (issue 12, finding 7).
          sql`SELECT w.avg_steps, u.id AS user_id, u.nickname, u.profile_image_url, u.id = ${ctx.user.id} AS is_me, ${rel.value} AS relation,
                     (u.id = ${ctx.user.id} OR (u.show_in_rankings AND u.tenant_id = ${ctx.user.tenantId})) AS disclosed,
                     1 + (SELECT count(*)::int FROM weekly_steps w2 WHERE w2.week_start = w.week_start AND w2.avg_steps > w.avg_steps
                          AND ${tenantId === null ? sql`w2.tenant_id IS NOT NULL` : sql`w2.tenant_id = ${tenantId}`}) AS rnk
              FROM weekly_steps w JOIN users u ON u.id = w.user_id ${rel.join}
              WHERE w.week_start = ${week.monday}::date AND ${group}
              ORDER BY w.avg_steps DESC, w.user_id
              LIMIT ${RANKING_SIZE}`,
        ),
      ]);
      return {
        fromDateTime: week.fromDateTime,
        toDateTime: week.toDateTime,
        rank: rank.rank,
        userCount: rank.userCount,
        averageSteps: rank.averageSteps,
        ranking: top.map((r) => ({
          rank: Number(r.rnk),
          userID: r.disclosed ? Number(r.user_id) : null,
          displayName: r.disclosed ? r.nickname : null,
          imageUrl: r.disclosed ? r.profile_image_url : null,
          averageSteps: Number(r.avg_steps),
          isMe: Boolean(r.is_me),
          relation: r.disclosed ? r.relation : null,
        })),
      };
    }),
  ] as unknown as Handler[];
}
