import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import { STEPS } from '@hibi/contract/constants';
import type { Db } from '../../db/client.ts';
import { addDays, tokyoDay, tokyoDayStart, tokyoWeek } from '@hibi/contract/time';
import { rows } from '../../db/query.ts';

const name = (locale: Locale, alias: string) =>
  locale === 'en' ? sql.raw(`COALESCE(${alias}.name_en, ${alias}.name_ja)`) : sql.raw(`${alias}.name_ja`);

export interface UserRow {
  id: number;
  tenant_id: number | null;
  nickname: string;
  comment: string;
  attribution1: string;
  profile_image_url: string | null;
  background_image_url: string | null;
  birth_year: number | null;
  height_tenths: number | null;
  gender: number | null;
  email_distribution: boolean;
  access_user_steps: number;
  access_team_matches: number;
  contract_type: number;
  team_match_enabled: boolean;
  email_distribution_enabled: boolean;
  show_in_rankings: boolean;
  reminder_day_before: boolean;
  reminder_hour_before: boolean;
}

/** A user who is (still) a tenant user, with their tenant's contract switches; null otherwise. */
export async function findTenantUser(db: Db, userId: number): Promise<UserRow | null> {
  const found = await rows<UserRow>(
    db,
    sql`SELECT u.id, u.tenant_id, u.nickname, u.comment, u.attribution1, u.profile_image_url, u.background_image_url,
               u.birth_year, u.height_tenths, u.gender, u.email_distribution, u.access_user_steps, u.access_team_matches, u.show_in_rankings,
               u.reminder_day_before, u.reminder_hour_before,
               t.contract_type, t.team_match_enabled, t.email_distribution_enabled
        FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.id = ${userId}`,
  );
  return found[0] ?? null;
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
  const found = await rows<{ weight: unknown }>(db, sql`SELECT weight::float8 AS weight FROM target_weights WHERE user_id = ${userId}`);
  return kg(found[0]?.weight);
}

/** The latest recorded weight (health_logs, a weight of 0 is missing). */
export async function latestWeightOf(db: Db, userId: number): Promise<number | null> {
  const found = await rows<{ weight: unknown }>(
    db,
    sql`SELECT weight::float8 AS weight FROM health_logs WHERE user_id = ${userId} AND weight > 0 ORDER BY day DESC LIMIT 1`,
  );
  return kg(found[0]?.weight);
}

/**
 * A user's place in a week among a group of users (their tenant's, or everyone who is a tenant user). The average is
 * the rounded mean of the week's recorded days, as the health domain keeps it in weekly_steps (Monday-based, Asia/Tokyo,
 * today included); only users with a record that week count. Competition ranks: 1 + the number of users above.
 * Index range counts on weekly_steps (tenant_id, week_start, avg_steps), never a scan of every user's days.
 */
export async function weekRank(db: Db, userId: number, tenantId: number | null, monday: string) {
  const group = tenantId === null ? sql`w.tenant_id IS NOT NULL` : sql`w.tenant_id = ${tenantId}`;
  const found = await rows<{ user_count: number; rnk: number | null; avg_steps: number | null; days_achieved: number | null }>(
    db,
    sql`WITH me AS (SELECT avg_steps FROM weekly_steps WHERE user_id = ${userId} AND week_start = ${monday}::date)
        SELECT (SELECT count(*)::int FROM weekly_steps w WHERE w.week_start = ${monday}::date AND ${group}) AS user_count,
               (SELECT avg_steps FROM me) AS avg_steps,
               CASE WHEN EXISTS (SELECT 1 FROM me) THEN
                 1 + (SELECT count(*)::int FROM weekly_steps w WHERE w.week_start = ${monday}::date AND ${group}
                        AND w.avg_steps > (SELECT avg_steps FROM me))
               END AS rnk,
               (SELECT count(*)::int FROM daily_steps d WHERE d.user_id = ${userId}
                  AND d.day BETWEEN ${monday}::date AND ${monday}::date + 6 AND d.steps >= ${STEPS.goal}) AS days_achieved`,
  );
  const r = found[0];
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
  const found = await rows<{ day: string; steps: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, steps::int AS steps FROM daily_steps
        WHERE user_id = ${userId} AND day BETWEEN ${monday}::date AND ${sunday}::date`,
  );
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
  const nowIso = now.toISOString();
  const yesterday = addDays(tokyoDay(now), -1);
  const matches = await rows<{ id: number; name: string; start_at: number; end_at: number; team_id: number; team_name: string; league: string }>(
    db,
    sql`SELECT m.id, ${name(locale, 'm')} AS name, floor(extract(epoch from m.start_at) * 1000)::float8 AS start_at, floor(extract(epoch from m.end_at) * 1000)::float8 AS end_at,
               t.id AS team_id, ${name(locale, 't')} AS team_name, t.league
        FROM team_match_members mm
        JOIN team_match_teams t ON t.id = mm.team_id
        JOIN team_matches m ON m.id = mm.team_match_id
        WHERE mm.user_id = ${userId} AND m.start_at <= ${nowIso}::timestamptz
        ORDER BY m.start_at DESC, m.id DESC
        LIMIT ${PROFILE_TEAM_MATCHES}`,
  );
  if (matches.length === 0) return [];
  const matchIds = sql.join(
    matches.map((m) => sql`${m.id}`),
    sql`, `,
  );
  const teamIds = sql.join(
    matches.map((m) => sql`${m.team_id}`),
    sql`, `,
  );

  const sizes = await rows<{ team_id: number; members: number }>(
    db,
    sql`SELECT team_id, count(*)::int AS members FROM team_match_members WHERE team_id IN (${teamIds}) GROUP BY team_id`,
  );
  for (const m of matches) await refreshTeamRanks(db, m.id, yesterday, now);
  const maxima = await rows<{ team_match_id: number; league: string; teams: number }>(
    db,
    sql`SELECT r.team_match_id, r.league, count(*)::int AS teams
        FROM team_match_day_ranks r
        JOIN (SELECT team_match_id, max(day) AS day FROM team_match_day_ranks WHERE team_match_id IN (${matchIds}) GROUP BY team_match_id) last
          ON last.team_match_id = r.team_match_id AND last.day = r.day
        GROUP BY r.team_match_id, r.league`,
  );
  const history = await rows<{ team_id: number; day: string; day_avg: number; rnk: number; league_rnk: number }>(
    db,
    sql`SELECT team_id, to_char(day, 'YYYY-MM-DD') AS day, day_avg, rank AS rnk, league_rank AS league_rnk
        FROM team_match_day_ranks WHERE team_id IN (${teamIds}) ORDER BY team_id, day`,
  );

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

/** How long a match's computed daily ranks are served before they are computed again (late uploads of past days). */
export const TEAM_RANK_REFRESH_MS = 10 * 60 * 1000;

/**
 * Recomputes a match's daily ranks when they were computed for an earlier day or longer ago than the refresh interval.
 * Per finished day, a team's steps are its members' total divided by its member count (a missing day counts 0); its
 * rank is by the average since the match started, overall and in its league; teams under 7 members are not ranked.
 * One INSERT ... SELECT over teams x days from the trigger-kept team_match_team_days; the state row is locked so that
 * two processes do not compute the same match at once.
 */
export async function refreshTeamRanks(db: Db, matchId: number, yesterday: string, now: Date): Promise<void> {
  const fresh = async (d: Db) => {
    const state = await rows<{ through_day: string; computed_at: number }>(
      d,
      sql`SELECT to_char(through_day, 'YYYY-MM-DD') AS through_day, floor(extract(epoch from computed_at) * 1000)::float8 AS computed_at
          FROM team_match_rank_state WHERE team_match_id = ${matchId}`,
    );
    const s = state[0];
    return s !== undefined && s.through_day === yesterday && now.getTime() - Number(s.computed_at) < TEAM_RANK_REFRESH_MS;
  };
  if (await fresh(db)) return;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(
      sql`INSERT INTO team_match_rank_state (team_match_id, computed_at, through_day) VALUES (${matchId}, 'epoch', '2000-01-01')
          ON CONFLICT (team_match_id) DO NOTHING`,
    );
    await t.execute(sql`SELECT 1 FROM team_match_rank_state WHERE team_match_id = ${matchId} FOR UPDATE`);
    if (await fresh(t)) return;
    await t.execute(sql`DELETE FROM team_match_day_ranks WHERE team_match_id = ${matchId}`);
    await t.execute(
      sql`INSERT INTO team_match_day_ranks (team_id, team_match_id, day, league, day_avg, rank, league_rank)
          WITH teams AS (
            SELECT t.id, t.team_match_id, t.league, count(*)::int AS members
            FROM team_match_teams t JOIN team_match_members mm ON mm.team_id = t.id
            WHERE t.team_match_id = ${matchId}
            GROUP BY t.id HAVING count(*) >= ${MIN_TEAM_SIZE}
          ), days AS (
            SELECT d::date AS day
            FROM team_matches m,
                 generate_series((m.start_at AT TIME ZONE 'Asia/Tokyo')::date,
                                 LEAST(((m.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date, ${yesterday}::date),
                                 interval '1 day') d
            WHERE m.id = ${matchId}
          ), team_day AS (
            SELECT t.id AS team_id, t.league, t.members, d.day, COALESCE(x.total_steps, 0)::float8 AS total
            FROM teams t CROSS JOIN days d
            LEFT JOIN team_match_team_days x ON x.team_id = t.id AND x.day = d.day
          ), cum AS (
            SELECT team_id, league, day, total / members AS day_avg,
                   sum(total) OVER w / (members * row_number() OVER w) AS cum_avg
            FROM team_day
            WINDOW w AS (PARTITION BY team_id ORDER BY day)
          )
          SELECT team_id, ${matchId}::int, day, league, round(day_avg)::int,
                 rank() OVER (PARTITION BY day ORDER BY cum_avg DESC)::int,
                 rank() OVER (PARTITION BY league, day ORDER BY cum_avg DESC)::int
          FROM cum`,
    );
    await t.execute(
      sql`UPDATE team_match_rank_state SET computed_at = ${now.toISOString()}::timestamptz, through_day = ${yesterday}::date
          WHERE team_match_id = ${matchId}`,
    );
  });
}

/** The pair key of a friendship row. */
export function pair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

export async function friendshipBetween(db: Db, a: number, b: number) {
  const [low, high] = pair(a, b);
  const found = await rows<{ id: number; status: 'pending' | 'accepted'; requested_by: number }>(
    db,
    sql`SELECT id, status, requested_by FROM friendships WHERE user_low = ${low} AND user_high = ${high}`,
  );
  return found[0] ?? null;
}

/**
 * How the user `userAlias`.id stands to `meId`, as SQL: a LEFT JOIN of their friendship (alias r) and the value
 * of the contract's relationSchema. Use both in one statement, so a list never asks once per member.
 */
export function relationTo(meId: number, userAlias: string) {
  const u = sql.raw(userAlias);
  return {
    join: sql`LEFT JOIN friendships r ON r.user_low = LEAST(${meId}::int, ${u}.id) AND r.user_high = GREATEST(${meId}::int, ${u}.id)`,
    value: sql`CASE WHEN ${u}.id = ${meId} THEN 'self' WHEN r.status = 'accepted' THEN 'friends'
                    WHEN r.requested_by = ${meId} THEN 'requested' WHEN r.id IS NOT NULL THEN 'received' ELSE 'none' END`,
  };
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return (await friendshipBetween(db, a, b))?.status === 'accepted';
}

/** Individual matches shown now to a user: operator-run ones and their own tenant's, with whether they joined. */
export async function visibleIndividualMatches(db: Db, userId: number, tenantId: number, locale: Locale, now: Date, matchId?: number) {
  const nowIso = now.toISOString();
  const only = matchId === undefined ? sql`` : sql`AND m.id = ${matchId}`;
  const found = await rows<{
    id: number;
    name: string;
    display_start_at: number;
    display_end_at: number;
    start_at: number | null;
    end_at: number | null;
    threshold_steps: number;
    is_general: boolean;
    is_registered: boolean;
  }>(
    db,
    sql`SELECT m.id, ${name(locale, 'm')} AS name, floor(extract(epoch from m.display_start_at) * 1000)::float8 AS display_start_at, floor(extract(epoch from m.display_end_at) * 1000)::float8 AS display_end_at,
               floor(extract(epoch from m.start_at) * 1000)::float8 AS start_at, floor(extract(epoch from m.end_at) * 1000)::float8 AS end_at, m.threshold_steps, m.is_general,
               EXISTS (SELECT 1 FROM individual_match_entries e WHERE e.individual_match_id = m.id AND e.user_id = ${userId}) AS is_registered
        FROM individual_matches m
        WHERE m.display_start_at <= ${nowIso}::timestamptz AND m.display_end_at > ${nowIso}::timestamptz
          AND (m.is_general OR m.tenant_id = ${tenantId}) ${only}
        ORDER BY m.is_general DESC, m.display_start_at, m.id`,
  );
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
