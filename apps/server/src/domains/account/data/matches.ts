// The account domain's SQL of the walking program and matches: a member's week among a group, the walking ranking, team
// matches and their daily ranks, individual matches. It reads the health domain's daily_steps and weekly_steps through
// the agreed tables (decision 036).
import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import { STEPS } from '@hibi/contract/constants';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { type Relation, relationTo } from './friends.ts';

const name = (locale: Locale, alias: string) =>
  locale === 'en' ? sql.raw(`COALESCE(${alias}.name_en, ${alias}.name_ja)`) : sql.raw(`${alias}.name_ja`);

/**
 * A user's week among a group: the group's size, the user's average and competition rank (1 + those above), the days
 * the goal was reached. Index range counts on weekly_steps (tenant_id, week_start, avg_steps).
 */
export async function weekRankRow(db: Db, userId: number, tenantId: number | null, monday: string) {
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
  return found[0];
}

export async function stepsOfDays(db: Db, userId: number, from: string, to: string) {
  return rows<{ day: string; steps: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, steps::int AS steps FROM daily_steps
        WHERE user_id = ${userId} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
}

/** The top of a week's walking ranking, each with their rank and how they stand to the caller. */
export async function walkingTop(db: Db, meId: number, meTenantId: number, tenantId: number | null, monday: string, limit: number) {
  const group = tenantId === null ? sql`w.tenant_id IS NOT NULL` : sql`w.tenant_id = ${tenantId}`;
  const rel = relationTo(meId, 'u');
  return rows<{
    avg_steps: number;
    rnk: number;
    user_id: number;
    nickname: string;
    profile_image_url: string | null;
    disclosed: boolean;
    is_me: boolean;
    relation: Relation;
  }>(
    db,
    // The top 10 by the index's order; each one's rank is 1 + an index range count of those above.
    // Named only: the caller, and colleagues of the caller's company who agreed to appear (issue 12, finding 7).
    sql`SELECT w.avg_steps, u.id AS user_id, u.nickname, u.profile_image_url, u.id = ${meId} AS is_me, ${rel.value} AS relation,
                     (u.id = ${meId} OR (u.show_in_rankings AND u.tenant_id = ${meTenantId})) AS disclosed,
                     1 + (SELECT count(*)::int FROM weekly_steps w2 WHERE w2.week_start = w.week_start AND w2.avg_steps > w.avg_steps
                          AND ${tenantId === null ? sql`w2.tenant_id IS NOT NULL` : sql`w2.tenant_id = ${tenantId}`}) AS rnk
              FROM weekly_steps w JOIN users u ON u.id = w.user_id ${rel.join}
              WHERE w.week_start = ${monday}::date AND ${group}
              ORDER BY w.avg_steps DESC, w.user_id
              LIMIT ${limit}`,
  );
}
/* ------------------------------------------------------------------ team matches */

/** The next team match start after now (a profile shows matches once started), epoch ms; null: none. */
export async function nextTeamMatchStartMs(db: Db, nowIso: string): Promise<number | null> {
  const [r] = await rows<{ at: number | null }>(
    db,
    sql`SELECT floor(extract(epoch from min(start_at)) * 1000)::float8 AS at FROM team_matches WHERE start_at > ${nowIso}::timestamptz`,
  );
  return r?.at ?? null;
}

export async function recentTeamMatches(db: Db, userId: number, locale: Locale, nowIso: string, limit: number) {
  return rows<{ id: number; name: string; start_at: number; end_at: number; team_id: number; team_name: string; league: string }>(
    db,
    sql`SELECT m.id, ${name(locale, 'm')} AS name, floor(extract(epoch from m.start_at) * 1000)::float8 AS start_at, floor(extract(epoch from m.end_at) * 1000)::float8 AS end_at,
               t.id AS team_id, ${name(locale, 't')} AS team_name, t.league
        FROM team_match_members mm
        JOIN team_match_teams t ON t.id = mm.team_id
        JOIN team_matches m ON m.id = mm.team_match_id
        WHERE mm.user_id = ${userId} AND m.start_at <= ${nowIso}::timestamptz
        ORDER BY m.start_at DESC, m.id DESC
        LIMIT ${limit}`,
  );
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export async function teamSizes(db: Db, teamIds: number[]) {
  return rows<{ team_id: number; members: number }>(
    db,
    sql`SELECT team_id, count(*)::int AS members FROM team_match_members WHERE team_id IN (${idList(teamIds)}) GROUP BY team_id`,
  );
}

/** The number of ranked teams per match and league on each match's last ranked day. */
export async function rankedTeamCounts(db: Db, matchIds: number[]) {
  return rows<{ team_match_id: number; league: string; teams: number }>(
    db,
    sql`SELECT r.team_match_id, r.league, count(*)::int AS teams
        FROM team_match_day_ranks r
        JOIN (SELECT team_match_id, max(day) AS day FROM team_match_day_ranks WHERE team_match_id IN (${idList(matchIds)}) GROUP BY team_match_id) last
          ON last.team_match_id = r.team_match_id AND last.day = r.day
        GROUP BY r.team_match_id, r.league`,
  );
}

export async function teamRankHistory(db: Db, teamIds: number[]) {
  return rows<{ team_id: number; day: string; day_avg: number; rnk: number; league_rnk: number }>(
    db,
    sql`SELECT team_id, to_char(day, 'YYYY-MM-DD') AS day, day_avg, rank AS rnk, league_rank AS league_rnk
        FROM team_match_day_ranks WHERE team_id IN (${idList(teamIds)}) ORDER BY team_id, day`,
  );
}

/* ------------------------------------------------------------------ individual matches */

/** Individual matches shown now to a user: operator-run ones and their own tenant's, with whether they joined. */
export async function visibleIndividualMatchRows(db: Db, userId: number, tenantId: number, locale: Locale, nowIso: string, matchId?: number) {
  const only = matchId === undefined ? sql`` : sql`AND m.id = ${matchId}`;
  return rows<{
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
          AND (m.is_general OR m.tenant_id = ${tenantId}
               OR EXISTS (SELECT 1 FROM individual_match_tenants x WHERE x.individual_match_id = m.id AND x.tenant_id = ${tenantId})) ${only}
        ORDER BY m.is_general DESC, m.display_start_at, m.id`,
  );
}

export async function enterIndividualMatch(db: Db, matchId: number, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO individual_match_entries (individual_match_id, user_id, created_at)
            VALUES (${matchId}, ${userId}, ${now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
  );
}
