// The account domain's data module: every SQL statement of profiles, settings, friendships, the walking ranking,
// individual and team matches, with typed rows. It reads the health domain's daily_steps, weekly_steps, health_logs and
// target_weights through the agreed tables (docs/decisions/036-account-reads-health-tables.md).
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import { STEPS } from '@hibi/contract/constants';
import type { Db } from '../../db/client.ts';
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

/* ------------------------------------------------------------------ profile and settings */

export interface ProfileFields {
  nickname?: string | undefined;
  comment?: string | undefined;
  birthYear?: number | undefined;
  heightTenths?: number | undefined;
  gender?: number | undefined;
}

/** Writes the given profile fields (no statement when none is given). */
export async function updateProfileFields(db: Db, userId: number, f: ProfileFields): Promise<void> {
  const sets = [
    f.nickname !== undefined ? sql`nickname = ${f.nickname}` : null,
    f.comment !== undefined ? sql`comment = ${f.comment}` : null,
    f.birthYear !== undefined ? sql`birth_year = ${f.birthYear}` : null,
    f.heightTenths !== undefined ? sql`height_tenths = ${f.heightTenths}` : null,
    f.gender !== undefined ? sql`gender = ${f.gender}` : null,
  ].filter((s) => s !== null);
  if (sets.length > 0) await db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${userId}`);
}

/** Sets the reminder switches given (null keeps one) and returns both. */
export async function updateReminders(db: Db, userId: number, dayBefore: boolean | null, hourBefore: boolean | null) {
  const [r] = await rows<{ reminder_day_before: boolean; reminder_hour_before: boolean }>(
    db,
    sql`UPDATE users SET reminder_day_before = COALESCE(${dayBefore}::boolean, reminder_day_before),
                             reminder_hour_before = COALESCE(${hourBefore}::boolean, reminder_hour_before)
            WHERE id = ${userId} RETURNING reminder_day_before, reminder_hour_before`,
  );
  return r!;
}

export async function setShowInRankings(db: Db, userId: number, showInRankings: boolean): Promise<void> {
  await db.execute(sql`UPDATE users SET show_in_rankings = ${showInRankings} WHERE id = ${userId}`);
}

export async function setEmailDistribution(db: Db, userId: number, email: boolean): Promise<void> {
  await db.execute(sql`UPDATE users SET email_distribution = ${email} WHERE id = ${userId}`);
}

/** Writes the access switches given (no statement when none is given). */
export async function updateAccessTypes(db: Db, userId: number, a: { userSteps?: number | undefined; teamMatches?: number | undefined }) {
  const sets = [
    a.userSteps !== undefined ? sql`access_user_steps = ${a.userSteps}` : null,
    a.teamMatches !== undefined ? sql`access_team_matches = ${a.teamMatches}` : null,
  ].filter((s) => s !== null);
  if (sets.length > 0) await db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${userId}`);
}

/* ------------------------------------------------------------------ withdrawal */

/** Deletes the user; every table that refers to a user deletes its rows with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
}

/** Strips a user row that cannot be deleted down to nothing that identifies its owner, and ends their friendships. */
export async function anonymiseUser(db: Db, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE users SET tenant_id = NULL, email = NULL, login_id = ${`withdrawn-${userId}`}, login_id_lower = ${`withdrawn-${userId}`},
                  password_hash = NULL, user_name = '', user_phonetic = '', nickname = '', external_account_id = NULL, comment = '',
                  attribution1 = '', profile_image_url = NULL, background_image_url = NULL, birth_year = NULL, height_tenths = NULL, gender = NULL
                WHERE id = ${userId}`,
  );
  await db.execute(sql`DELETE FROM friendships WHERE user_low = ${userId} OR user_high = ${userId}`);
}

/* ------------------------------------------------------------------ weights and steps */

export async function targetWeight(db: Db, userId: number): Promise<unknown> {
  const found = await rows<{ weight: unknown }>(db, sql`SELECT weight::float8 AS weight FROM target_weights WHERE user_id = ${userId}`);
  return found[0]?.weight;
}

/** The latest recorded weight (a weight of 0 is missing). */
export async function latestWeight(db: Db, userId: number): Promise<unknown> {
  const found = await rows<{ weight: unknown }>(
    db,
    sql`SELECT weight::float8 AS weight FROM health_logs WHERE user_id = ${userId} AND weight > 0 ORDER BY day DESC LIMIT 1`,
  );
  return found[0]?.weight;
}

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

export type Relation = 'self' | 'friends' | 'requested' | 'received' | 'none';

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

/** When a match's daily ranks were last computed, and through which day. */
export async function rankState(db: Db, matchId: number) {
  const state = await rows<{ through_day: string; computed_at: number }>(
    db,
    sql`SELECT to_char(through_day, 'YYYY-MM-DD') AS through_day, floor(extract(epoch from computed_at) * 1000)::float8 AS computed_at
          FROM team_match_rank_state WHERE team_match_id = ${matchId}`,
  );
  return state[0];
}

/** Makes sure the match has a state row and locks it until the transaction ends. */
export async function lockRankState(tx: Db, matchId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO team_match_rank_state (team_match_id, computed_at, through_day) VALUES (${matchId}, 'epoch', '2000-01-01')
          ON CONFLICT (team_match_id) DO NOTHING`,
  );
  await tx.execute(sql`SELECT 1 FROM team_match_rank_state WHERE team_match_id = ${matchId} FOR UPDATE`);
}

/**
 * Replaces a match's daily ranks through `yesterday`. Per finished day, a team's steps are its members' total divided by
 * its member count (a missing day counts 0); its rank is by the average since the match started, overall and in its
 * league; teams under `minTeamSize` members are not ranked. One INSERT ... SELECT over teams x days from the
 * trigger-kept team_match_team_days.
 */
export async function rebuildTeamRanks(tx: Db, matchId: number, yesterday: string, minTeamSize: number, now: Date): Promise<void> {
  await tx.execute(sql`DELETE FROM team_match_day_ranks WHERE team_match_id = ${matchId}`);
  await tx.execute(
    sql`INSERT INTO team_match_day_ranks (team_id, team_match_id, day, league, day_avg, rank, league_rank)
          WITH teams AS (
            SELECT t.id, t.team_match_id, t.league, count(*)::int AS members
            FROM team_match_teams t JOIN team_match_members mm ON mm.team_id = t.id
            WHERE t.team_match_id = ${matchId}
            GROUP BY t.id HAVING count(*) >= ${minTeamSize}
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
  await tx.execute(
    sql`UPDATE team_match_rank_state SET computed_at = ${now.toISOString()}::timestamptz, through_day = ${yesterday}::date
          WHERE team_match_id = ${matchId}`,
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
          AND (m.is_general OR m.tenant_id = ${tenantId}) ${only}
        ORDER BY m.is_general DESC, m.display_start_at, m.id`,
  );
}

export async function enterIndividualMatch(db: Db, matchId: number, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO individual_match_entries (individual_match_id, user_id, created_at)
            VALUES (${matchId}, ${userId}, ${now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
  );
}

/* ------------------------------------------------------------------ friendships */

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

/** A friend list row: the other user of a friendship. */
function otherUser(meId: number): SQL {
  return sql`CASE WHEN f.user_low = ${meId} THEN f.user_high ELSE f.user_low END`;
}

export interface MemberRow {
  user_id: number;
  nickname: string;
  profile_image_url: string | null;
  relation: Relation;
}

/** Accepted friendships of a user, newest first, with the other user (tenant users only). */
export async function friendsOf(db: Db, meId: number, offset: number, perPage: number) {
  return rows<{ id: number; user_id: number; nickname: string; profile_image_url: string | null }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'accepted' AND u.tenant_id IS NOT NULL
            ORDER BY f.accepted_at DESC, f.id DESC
            OFFSET ${offset} LIMIT ${perPage}`,
  );
}

/**
 * Colleagues whose nickname contains `needle` (lower case, matched as typed with position(), % and _ included), the
 * exact name first; with how each stands to the caller.
 */
export async function searchColleagues(db: Db, meId: number, tenantId: number, needle: string, offset: number, perPage: number) {
  const rel = relationTo(meId, 'u');
  return rows<MemberRow>(
    db,
    sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM users u ${rel.join}
            WHERE u.tenant_id = ${tenantId} AND u.id <> ${meId} AND position(${needle} in lower(u.nickname)) > 0
            ORDER BY (lower(u.nickname) = ${needle}) DESC, position(${needle} in lower(u.nickname)), u.nickname, u.id
            LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** A friend's friends who are colleagues of the caller, the caller excluded; newest friendship first. */
export async function friendsOfFriend(db: Db, meId: number, tenantId: number, friendId: number, offset: number, perPage: number) {
  const rel = relationTo(meId, 'u');
  return rows<MemberRow>(
    db,
    sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM friendships f JOIN users u ON u.id = ${otherUser(friendId)} ${rel.join}
            WHERE (f.user_low = ${friendId} OR f.user_high = ${friendId}) AND f.status = 'accepted'
              AND u.tenant_id = ${tenantId} AND u.id <> ${meId}
            ORDER BY f.accepted_at DESC NULLS LAST, f.id DESC
            LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** Pending requests to and from a user (at most 200, newest first); `mine` for those the user sent. */
export async function pendingRequests(db: Db, meId: number) {
  return rows<{
    id: number;
    user_id: number;
    nickname: string;
    profile_image_url: string | null;
    requested_at: number;
    mine: boolean;
  }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url, floor(extract(epoch from f.created_at) * 1000)::float8 AS requested_at,
                   (f.requested_by = ${meId}) AS mine
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'pending' AND u.tenant_id IS NOT NULL
            ORDER BY f.created_at DESC, f.id DESC
            LIMIT 200`,
  );
}

export async function acceptFriendship(db: Db, friendshipId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE friendships SET status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz WHERE id = ${friendshipId}`);
}

/** A new pending request; null when the pair has a friendship row already. */
export async function insertFriendRequest(db: Db, meId: number, otherId: number, now: Date): Promise<number | null> {
  const [low, high] = pair(meId, otherId);
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO friendships (user_low, user_high, requested_by, status, created_at)
            VALUES (${low}, ${high}, ${meId}, 'pending', ${now.toISOString()}::timestamptz)
            ON CONFLICT (user_low, user_high) DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

/** Accepts the pending request `requesterId` sent to `meId`, if the requester is still a tenant user; its id or null. */
export async function acceptRequestFrom(db: Db, meId: number, requesterId: number, now: Date): Promise<number | null> {
  const [low, high] = pair(meId, requesterId);
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE friendships SET status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz
            WHERE user_low = ${low} AND user_high = ${high} AND status = 'pending' AND requested_by = ${requesterId}
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${requesterId} AND u.tenant_id IS NOT NULL)
            RETURNING id`,
  );
  return updated[0]?.id ?? null;
}

/** Deletes the pair's friendship or request; whether there was one. */
export async function deleteFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const [low, high] = pair(a, b);
  const deleted = await rows<{ id: number }>(db, sql`DELETE FROM friendships WHERE user_low = ${low} AND user_high = ${high} RETURNING id`);
  return deleted.length > 0;
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

/** Everything the profile of an export holds: the member's own row and their company's name. */
export async function profileExportRow(db: Db, userId: number) {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT u.id AS user_id, u.email, u.login_id, u.nickname, u.user_name, u.user_phonetic, u.comment, u.attribution1,
               u.profile_image_url, u.background_image_url, u.birth_year, u.height_tenths, u.gender, u.locale,
               u.email_distribution, u.access_user_steps, u.access_team_matches, u.show_in_rankings,
               u.reminder_day_before, u.reminder_hour_before, t.name_ja AS company,
               (SELECT w.weight::float8 FROM target_weights w WHERE w.user_id = u.id) AS target_weight,
               (extract(epoch FROM u.created_at) * 1000)::float8 AS created_ms,
               (extract(epoch FROM u.last_login_at) * 1000)::float8 AS last_login_ms
        FROM users u LEFT JOIN tenants t ON t.id = u.tenant_id WHERE u.id = ${userId}`,
  );
  return row ?? null;
}

/** One page of a member's friendships (accepted, and requests either way) after friendship `afterId`. */
export async function friendsExportPage(db: Db, meId: number, afterId: number, limit: number) {
  return rows<{
    id: number;
    user_id: number;
    nickname: string;
    status: string;
    requested_by_me: boolean;
    created_ms: number;
    accepted_ms: number | null;
  }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, f.status, f.requested_by = ${meId} AS requested_by_me,
               (extract(epoch FROM f.created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM f.accepted_at) * 1000)::float8 AS accepted_ms
        FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
        WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.id > ${afterId} ORDER BY f.id LIMIT ${limit}`,
  );
}

/** Records the start of an export; its id. */
export async function insertDataExport(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ id: string | number }>(
    db,
    sql`INSERT INTO data_exports (user_id, requested_at) VALUES (${userId}, ${now.toISOString()}::timestamptz) RETURNING id`,
  );
  return Number(row!.id);
}

/** Records how an export ended: done with its size, or failed while streaming. */
export async function finishDataExport(db: Db, id: number, status: 'done' | 'failed', bytes: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE data_exports SET status = ${status}, bytes = ${bytes}, finished_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}
