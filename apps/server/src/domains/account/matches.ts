// Matches and the walking program in the account domain: a member's week among a group, team matches and their daily
// ranks, individual matches, the walking ranking. Reached through service.ts, the domain's public module.
import type { Locale } from '@hibi/contract/protocol';
import { addDays, DAY_MS, startOfTokyoDay, tokyoDay, tokyoDayStart, tokyoWeek } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type AuthUser } from '../../core/handler.ts';
import * as programs from '../programs/service.ts';
import * as data from './data/matches.ts';
import type { UserRow } from './data/profile.ts';

/**
 * A user's place in a week among a group of users (their tenant's, or everyone who is a tenant user). The average is
 * the rounded mean of the week's recorded days, as the health domain keeps it in weekly_steps (Monday-based, Asia/Tokyo,
 * today included); only users with a record that week count. Competition ranks: 1 + the number of users above.
 * Index range counts on weekly_steps (tenant_id, week_start, avg_steps), never a scan of every user's days.
 */
export async function weekRank(db: Db, userId: number, tenantId: number | null, monday: string) {
  const r = await data.weekRankRow(db, userId, tenantId, monday);
  return {
    rank: r?.rnk === null || r?.rnk === undefined ? null : Number(r.rnk),
    userCount: Number(r?.user_count ?? 0),
    averageSteps: Number(r?.avg_steps ?? 0),
    daysAchieved: Number(r?.days_achieved ?? 0),
  };
}

/** This week's userSteps (rank among the tenant's users) as the profile shows it. */
export async function currentUserSteps(db: Db, u: UserRow, now: Date) {
  const { monday } = tokyoWeek(now);
  const r = await weekRank(db, u.id, u.tenant_id, monday);
  return { rank: r.rank, userCount: r.userCount, averageSteps: r.averageSteps };
}

/** Monday to Sunday of the current week, each day with its steps or null. */
export async function currentWeekSteps(db: Db, userId: number, now: Date) {
  const { monday, sunday } = tokyoWeek(now);
  const found = await data.stepsOfDays(db, userId, monday, sunday);
  const byDay = new Map(found.map((r) => [r.day, Number(r.steps)]));
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(monday, i);
    return { dateTime: tokyoDayStart(day), steps: byDay.get(day) ?? null };
  });
}

/** Team matches the profile shows: the most recent started matches the user's team takes part in. */
const PROFILE_TEAM_MATCHES = 3;
/** Teams rank only with this many members or more (docs/requirements/account.md#account-teams). */
export const MIN_TEAM_SIZE = 7;

/**
 * A user's team matches with rank and steps history, one entry per finished day (today excluded, as the team page
 * does). The days are counted by the programs' one rule (docs/requirements/programs.md#programs-counting): the daily
 * ranks are computed from the held days by the programs domain's refreshTeamRanks and kept in team_match_day_ranks.
 */
export async function teamMatchesOf(db: Db, userId: number, locale: Locale, now: Date) {
  const matches = await data.recentTeamMatches(db, userId, locale, now.toISOString(), PROFILE_TEAM_MATCHES);
  if (matches.length === 0) return [];
  const matchIds = matches.map((m) => m.id);
  const teamIds = matches.map((m) => m.team_id);

  const sizes = await data.teamSizes(db, teamIds);
  for (const m of matches) await programs.refreshTeamRanks(db, m.id, now);
  const maxima = await data.rankedTeamCounts(db, matchIds);
  const history = await data.teamRankHistory(db, teamIds);

  return matches.map((m) => {
    const own = history.filter((h) => h.team_id === m.team_id);
    const last = own.at(-1);
    const perLeague = maxima.filter((x) => x.team_match_id === m.id);
    return {
      id: m.id,
      name: m.name,
      startDateTime: Number(m.start_at),
      endDateTime: Number(m.end_at),
      team: { id: m.team_id, name: m.team_name, memberCount: Number(sizes.find((s) => s.team_id === m.team_id)?.members ?? 0) },
      rankHistory: own.map((h) => ({ dateTime: tokyoDayStart(h.day), rank: Number(h.rnk) })),
      maxRank: perLeague.reduce((a, x) => a + Number(x.teams), 0),
      league: m.league,
      leagueRank: last ? Number(last.league_rnk) : null,
      maxLeagueRank: Number(perLeague.find((x) => x.league === m.league)?.teams ?? 0),
      stepsHistory: own.map((h) => ({ dateTime: tokyoDayStart(h.day), steps: Number(h.day_avg) })),
    };
  });
}

/**
 * The next moment a profile changes by the clock alone: the Tokyo day turning (this week's steps), a team match
 * starting, or the team ranks coming due for their refresh (kept answers do not refresh them: decision 138).
 */
export async function nextProfileChange(db: Db, now: Date): Promise<number> {
  const nextStart = await data.nextTeamMatchStartMs(db, now.toISOString());
  return Math.min(nextStart ?? Number.POSITIVE_INFINITY, startOfTokyoDay(now.getTime()) + DAY_MS, now.getTime() + TEAM_RANK_REFRESH_MS);
}

/** How long a match's computed daily ranks are served before they are computed again (the programs domain's). */
export const TEAM_RANK_REFRESH_MS = programs.TEAM_RANK_REFRESH_MS;

/** Individual matches shown now to a user: operator-run ones and their own tenant's, with whether they joined. */
export async function visibleIndividualMatches(db: Db, userId: number, tenantId: number, locale: Locale, now: Date, matchId?: number) {
  const found = await data.visibleIndividualMatchRows(db, userId, tenantId, locale, now.toISOString(), matchId);
  return found.map((m) => ({
    id: m.id,
    name: m.name,
    displayStartDateTime: Number(m.display_start_at),
    displayEndDateTime: Number(m.display_end_at),
    startDateTime: Number(m.start_at ?? m.display_start_at),
    endDateTime: Number(m.end_at ?? m.display_end_at),
    thresholdSteps: Number(m.threshold_steps),
    isGeneral: Boolean(m.is_general),
    isRegistered: Boolean(m.is_registered),
  }));
}

export async function enterIndividualMatch(db: Db, user: AuthUser, locale: Locale, now: Date, individualMatchID: number, isGeneral: boolean) {
  const [match] = await visibleIndividualMatches(db, user.id, user.tenantId, locale, now, individualMatchID);
  if (!match || match.isGeneral !== isGeneral) return failure('notFound');
  // The entry window is the challenge's own (docs/requirements/programs.md#programs-challenges).
  if (match.endDateTime <= now.getTime() || !(await programs.individualEntryOpen(db, individualMatchID, now))) return failure('closed');
  await transaction(db, async (tx) => {
    await data.enterIndividualMatch(tx, individualMatchID, user.id, now);
    await programs.holdMemberDays(tx, user.id, tokyoDay(now), now);
  });
  return { isRegistered: true as const };
}

const RANKING_SIZE = 10;

/** The walking ranking of the week containing `timestamp`: the caller's place and the top ten, named where allowed. */
export async function walkingRanking(db: Db, user: AuthUser, timestamp: number, filterbyTenant: boolean) {
  const week = tokyoWeek(timestamp);
  const tenantId = filterbyTenant ? user.tenantId : null;
  const [rank, top] = await Promise.all([
    weekRank(db, user.id, tenantId, week.monday),
    data.walkingTop(db, user.id, user.tenantId, tenantId, week.monday, RANKING_SIZE),
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
    // Outside the top ten, the caller still sees their own row after it (issue 55, item 7).
    me:
      rank.rank !== null && !top.some((r) => r.is_me)
        ? {
            rank: rank.rank,
            userID: user.id,
            displayName: user.nickname,
            imageUrl: user.profileImageUrl,
            averageSteps: rank.averageSteps,
            isMe: true,
            relation: 'self' as const,
          }
        : null,
  };
}
