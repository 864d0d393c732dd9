// The account domain's service and public module: profiles and settings, withdrawal, friends, the walking ranking,
// individual and team matches. Rules and transactions live here; every SQL statement is in data.ts.
import type { Locale } from '@hibi/contract/protocol';
import { STEPS } from '@hibi/contract/constants';
import { addDays, DAY_MS, startOfTokyoDay, tokyoDay, tokyoDayStart, tokyoWeek } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type AuthUser } from '../../core/handler.ts';
import { endAllSessions } from '../auth/service.ts';
import { releaseSeatsOf } from '../events/service.ts';
import * as data from './data.ts';
import type { UserRow } from './data.ts';

export type { UserRow } from './data.ts';

/** The signed-in user as a row; the entry already proved they are a tenant user. */
async function me(db: Db, id: number): Promise<UserRow> {
  const u = await data.findTenantUser(db, id);
  if (!u) throw new Error('signed-in user is no tenant user');
  return u;
}

export function profileHead(u: UserRow) {
  return {
    nickname: u.nickname,
    comment: u.comment,
    attribution1: u.attribution1,
    profileImageUrl: u.profile_image_url,
    backgroundImageUrl: u.background_image_url,
  };
}

export function accessTypes(u: UserRow) {
  return { userSteps: u.access_user_steps === 1 ? 1 : 0, teamMatches: u.access_team_matches === 1 ? 1 : 0 } as const;
}

/** Kilograms to one decimal; a weight of 0 counts as missing (spec 2 §9). */
export function kg(value: unknown): number | null {
  const n = value === null || value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 10) / 10 : null;
}

export function personalInformation(u: UserRow, targetWeight: number | null) {
  return {
    birthYear: u.birth_year,
    height: u.height_tenths === null ? null : u.height_tenths / 10,
    gender: u.gender,
    targetWeight,
  };
}

/**
 * The user's target weight. It is registered through the health domain's registerTargetWeight and read here
 * through the agreed table (docs/decisions/036-account-reads-health-tables.md).
 */
export async function targetWeightOf(db: Db, userId: number): Promise<number | null> {
  return kg(await data.targetWeight(db, userId));
}

/** The latest recorded weight (health_logs, a weight of 0 is missing). */
export async function latestWeightOf(db: Db, userId: number): Promise<number | null> {
  return kg(await data.latestWeight(db, userId));
}

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
/** Teams rank only with this many members or more (spec 2 §1, §9). */
export const MIN_TEAM_SIZE = 7;

/**
 * A user's team matches with rank and steps history, one entry per finished day (today excluded, as the team page
 * does). The members' totals per team and day are kept up to date by triggers as steps arrive (team_match_team_days,
 * migration 0351); the daily ranks are computed from them by refreshTeamRanks and kept in team_match_day_ranks.
 */
export async function teamMatchesOf(db: Db, userId: number, locale: Locale, now: Date) {
  const yesterday = addDays(tokyoDay(now), -1);
  const matches = await data.recentTeamMatches(db, userId, locale, now.toISOString(), PROFILE_TEAM_MATCHES);
  if (matches.length === 0) return [];
  const matchIds = matches.map((m) => m.id);
  const teamIds = matches.map((m) => m.team_id);

  const sizes = await data.teamSizes(db, teamIds);
  for (const m of matches) await refreshTeamRanks(db, m.id, yesterday, now);
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

/** How long a match's computed daily ranks are served before they are computed again (late uploads of past days). */
export const TEAM_RANK_REFRESH_MS = 10 * 60 * 1000;

/**
 * Recomputes a match's daily ranks when they were computed for an earlier day or longer ago than the refresh interval
 * (data.rebuildTeamRanks says how). The state row is locked so that two processes do not compute the same match at once.
 */
export async function refreshTeamRanks(db: Db, matchId: number, yesterday: string, now: Date): Promise<void> {
  const fresh = async (d: Db) => {
    const s = await data.rankState(d, matchId);
    return s !== undefined && s.through_day === yesterday && now.getTime() - Number(s.computed_at) < TEAM_RANK_REFRESH_MS;
  };
  if (await fresh(db)) return;
  await transaction(db, async (t) => {
    await data.lockRankState(t, matchId);
    if (await fresh(t)) return;
    await data.rebuildTeamRanks(t, matchId, yesterday, MIN_TEAM_SIZE, now);
  });
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return (await data.friendshipBetween(db, a, b))?.status === 'accepted';
}

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

/* ------------------------------------------------------------------ profile and settings */

export async function myProfile(db: Db, userId: number, locale: Locale, now: Date) {
  const u = await me(db, userId);
  const [targetWeight, userSteps, weeklySteps, teamMatches] = await Promise.all([
    targetWeightOf(db, u.id),
    currentUserSteps(db, u, now),
    currentWeekSteps(db, u.id, now),
    u.team_match_enabled ? teamMatchesOf(db, u.id, locale, now) : Promise.resolve([]),
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
}

/** Writes the given profile fields and answers the profile as it is now. */
/** The profile fields a member sends: height in cm, at most one decimal. */
export interface ProfileInput {
  nickname?: string | undefined;
  comment?: string | undefined;
  birthYear?: number | undefined;
  height?: number | undefined;
  gender?: number | undefined;
}

/** Writes a member's profile fields after the product's rules (a plausible birth year, a height to one decimal). */
export async function updateProfile(db: Db, userId: number, input: ProfileInput, now: Date) {
  const thisYear = Number(tokyoDay(now).slice(0, 4));
  // A plausible birth year: someone between 0 and 120 years old.
  if (input.birthYear !== undefined && (input.birthYear < thisYear - 120 || input.birthYear > thisYear)) {
    return failure('invalidBirthYear');
  }
  let heightTenths: number | undefined;
  if (input.height !== undefined) {
    heightTenths = Math.round(input.height * 10);
    if (Math.abs(input.height * 10 - heightTenths) > 1e-6) return failure('invalidHeight');
  }
  const fields: data.ProfileFields = {
    nickname: input.nickname,
    comment: input.comment,
    birthYear: input.birthYear,
    heightTenths,
    gender: input.gender,
  };
  await data.updateProfileFields(db, userId, fields);
  const u = await me(db, userId);
  return { profile: profileHead(u), personalInformation: personalInformation(u, await targetWeightOf(db, u.id)) };
}

export async function updateReminders(db: Db, userId: number, dayBefore: boolean | undefined, hourBefore: boolean | undefined) {
  const r = await data.updateReminders(db, userId, dayBefore ?? null, hourBefore ?? null);
  return { dayBefore: r.reminder_day_before, hourBefore: r.reminder_hour_before };
}

export const setShowInRankings = data.setShowInRankings;
export const setEmailDistribution = data.setEmailDistribution;

export async function updateAccessTypes(db: Db, userId: number, a: { userSteps?: number | undefined; teamMatches?: number | undefined }) {
  await data.updateAccessTypes(db, userId, a);
  return accessTypes(await me(db, userId));
}

/**
 * Ends a lite-plan account in one transaction: its sessions end, its seats in sessions yet to start go back (to the
 * first in line where there is one, decision 081), and the user row goes with every row that refers to it (ON DELETE
 * CASCADE). A table that keeps its rows (no cascade) must not keep the account alive: the row is stripped instead.
 */
export async function withdraw(db: Db, userId: number, now: Date, appBaseUrl: string, onKept: (error: unknown) => void): Promise<void> {
  await transaction(db, async (tx) => {
    await endAllSessions(tx, userId);
    await releaseSeatsOf(tx, userId, now, appBaseUrl);
    try {
      await transaction(tx, (sp) => data.deleteUser(sp, userId));
    } catch (error) {
      onKept(error);
      await data.anonymiseUser(tx, userId);
    }
  });
}

/* ------------------------------------------------------------------ friends */

const toMember = (r: data.MemberRow) => ({ userID: Number(r.user_id), displayName: r.nickname, imageUrl: r.profile_image_url, relation: r.relation });

export async function ownFriends(db: Db, meId: number, offset: number, perPage: number) {
  const found = await data.friendsOf(db, meId, offset, perPage);
  return found.map((r) => ({ id: r.id, user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url } }));
}

/** A friend's profile, with steps and team matches as far as the friend lets friends see them; null for anyone else. */
export async function friendProfile(db: Db, meId: number, userID: number, locale: Locale, now: Date) {
  if (userID === meId) return null;
  const friendship = await data.friendshipBetween(db, meId, userID);
  if (friendship?.status !== 'accepted') return null;
  const friend = await data.findTenantUser(db, userID);
  if (!friend) return null;
  const access = accessTypes(friend);
  const showSteps = access.userSteps === 1;
  const showTeams = access.teamMatches === 1 && friend.team_match_enabled;
  const [userSteps, weeklySteps, teamMatches] = await Promise.all([
    showSteps ? currentUserSteps(db, friend, now) : null,
    showSteps ? currentWeekSteps(db, friend.id, now) : null,
    showTeams ? teamMatchesOf(db, friend.id, locale, now) : null,
  ]);
  return { userID: friend.id, profile: profileHead(friend), accessTypes: access, userSteps, weeklySteps, teamMatches };
}

/** Colleagues only: members of other companies are never found (the same rule as requestFriend). */
export async function searchMembers(db: Db, user: AuthUser, nickname: string, offset: number, perPage: number) {
  const found = await data.searchColleagues(db, user.id, user.tenantId, nickname.toLowerCase(), offset, perPage);
  return found.map(toMember);
}

/** A friend's friends who are colleagues of the caller; null when `userID` is no friend of the caller. */
export async function friendsOfFriend(db: Db, user: AuthUser, userID: number, offset: number, perPage: number) {
  const friendship = await data.friendshipBetween(db, user.id, userID);
  if (friendship?.status !== 'accepted' || !(await data.findTenantUser(db, userID))) return null;
  const found = await data.friendsOfFriend(db, user.id, user.tenantId, userID, offset, perPage);
  return found.map(toMember);
}

export async function friendRequests(db: Db, meId: number) {
  const found = await data.pendingRequests(db, meId);
  const item = (r: (typeof found)[number]) => ({
    id: r.id,
    user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url },
    requestedAt: Number(r.requested_at),
  });
  return { received: found.filter((r) => !r.mine).map(item), sent: found.filter((r) => r.mine).map(item) };
}

/** Asks a colleague to be friends; asking someone who had asked already is accepting. */
export async function requestFriend(db: Db, user: AuthUser, userID: number, now: Date) {
  const meId = user.id;
  if (userID === meId) return failure('self');
  const other = await data.findTenantUser(db, userID);
  // Friends are found among one's own company's users; anyone else does not exist for the caller.
  if (!other || other.tenant_id !== user.tenantId) return failure('notFound');
  const existing = await data.friendshipBetween(db, meId, userID);
  if (existing?.status === 'accepted') return failure('alreadyFriends');
  if (existing && existing.requested_by === meId) return failure('alreadyRequested');
  if (existing) {
    // They had asked already: asking back is accepting.
    await data.acceptFriendship(db, existing.id, now);
    return { status: 'friends' as const };
  }
  if ((await data.insertFriendRequest(db, meId, userID, now)) === null) return failure('alreadyRequested');
  return { status: 'requested' as const };
}

export async function acceptFriendRequest(db: Db, meId: number, userID: number, now: Date) {
  const id = await data.acceptRequestFrom(db, meId, userID, now);
  if (id === null) return null;
  const other = (await data.findTenantUser(db, userID))!;
  return { id, user: { userID: other.id, displayName: other.nickname, imageUrl: other.profile_image_url } };
}

export const removeFriend = data.deleteFriendship;

/* ------------------------------------------------------------------ matches and the walking program */

export async function enterIndividualMatch(db: Db, user: AuthUser, locale: Locale, now: Date, individualMatchID: number, isGeneral: boolean) {
  const [match] = await visibleIndividualMatches(db, user.id, user.tenantId, locale, now, individualMatchID);
  if (!match || match.isGeneral !== isGeneral) return failure('notFound');
  if (match.endDateTime <= now.getTime()) return failure('closed');
  await data.enterIndividualMatch(db, individualMatchID, user.id, now);
  return { isRegistered: true as const };
}

export async function currentUserStatus(db: Db, user: AuthUser, locale: Locale, now: Date) {
  const week = tokyoWeek(now);
  const [individualMatches, weight, targetWeight, rank] = await Promise.all([
    visibleIndividualMatches(db, user.id, user.tenantId, locale, now),
    latestWeightOf(db, user.id),
    targetWeightOf(db, user.id),
    weekRank(db, user.id, user.tenantId, week.monday),
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
