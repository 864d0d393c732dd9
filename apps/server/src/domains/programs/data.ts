// The programs' SQL (issue 57; docs/requirements/programs.md, decision 187): Team Walk rounds, their entrants, teams
// and daily ranks; individual challenges, their entries and draw; the days a program holds; unusual days. Reads the
// health domain's daily_steps through the agreed table (decision 036). The services hold the transactions.
import { MANUAL_STEPS_SOURCE } from '@hibi/contract/functions/health';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { ProgramKind, ProgramStatus } from '@hibi/contract/functions/programs';
import type { Db } from '../../db/client.ts';
import { arrayParam, rows } from '../../db/query.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (col: string) => sql.raw(`(extract(epoch FROM ${col}) * 1000)::float8`);
const dayText = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);
const name = (locale: Locale, alias: string) =>
  locale === 'en' ? sql.raw(`coalesce(${alias}.name_en, ${alias}.name_ja)`) : sql.raw(`${alias}.name_ja`);

/** The status of a program row `m` on `today`, as rules.ts programStatus says, in SQL (for filters). */
export function statusSql(alias: string, today: string): SQL {
  const a = sql.raw(alias);
  return sql`CASE WHEN ${today}::date > ${a}.end_date + least(${a}.grace_days, 3) THEN 'final'
                  WHEN ${today}::date > ${a}.end_date THEN 'provisional'
                  WHEN ${today}::date >= ${a}.start_date THEN 'running'
                  WHEN ${today}::date BETWEEN ${a}.entry_from AND ${a}.entry_to THEN 'entryOpen'
                  ELSE 'upcoming' END`;
}

/* ------------------------------------------------------------------ held days (the counting rule) */

export interface HoldScope {
  userId?: number;
  kind?: ProgramKind;
  programId?: number;
  /** Seeds and benchmarks write history as if every upload came in time: hold every day of the period. */
  ignoreWindow?: boolean;
  /** Raise flags for the days written (off for bulk loads). */
  flags?: boolean;
}

/**
 * Holds the uploaded figure (daily_steps: the day's largest over devices) of each entrant's days whose window is open
 * on `today` (decision 187): a day of the period, not after today, and today not after the day's window. A figure
 * already held is replaced; a day whose window closed is never written again. Days written are flagged when over the
 * cap, over three times the member's 28-day median (median at least FLAG_MEDIAN_MIN), or held from steps entered by hand
 * (the source MANUAL_STEPS_SOURCE). One statement.
 */
export async function holdDays(db: Db, today: string, scope: HoldScope, now: Date, medianMin: number, medianFactor: number): Promise<number> {
  const user = (alias: string) => (scope.userId === undefined ? sql`` : sql`AND ${sql.raw(alias)}.user_id = ${scope.userId}`);
  const prog = (kind: ProgramKind) =>
    scope.kind !== undefined && scope.kind !== kind ? sql`AND false` : scope.programId === undefined ? sql`` : sql`AND m.id = ${scope.programId}`;
  const window = scope.ignoreWindow
    ? sql`d.day <= least(o.end_date, ${today}::date)`
    : sql`d.day <= least(o.end_date, ${today}::date) AND ${today}::date <= least(d.day + o.grace_days, o.end_date + 3)`;
  const live = scope.ignoreWindow ? sql`` : sql`AND ${today}::date <= m.end_date + least(m.grace_days, 3)`;
  const open = sql`
    SELECT 'teamMatch'::text AS kind, m.id, e.user_id, m.daily_cap, m.start_date, m.end_date, m.grace_days
      FROM team_match_entries e JOIN team_matches m ON m.id = e.team_match_id
     WHERE m.start_date <= ${today}::date ${live} ${user('e')} ${prog('teamMatch')}
    UNION ALL
    SELECT 'individualMatch'::text, m.id, e.user_id, m.daily_cap, m.start_date, m.end_date, m.grace_days
      FROM individual_match_entries e JOIN individual_matches m ON m.id = e.individual_match_id
     WHERE m.start_date <= ${today}::date ${live} ${user('e')} ${prog('individualMatch')}`;
  const held = sql`
    INSERT INTO program_days AS p (program_kind, program_id, user_id, day, steps)
    SELECT o.kind, o.id, o.user_id, d.day, d.steps
      FROM o JOIN daily_steps d ON d.user_id = o.user_id AND d.day >= o.start_date AND ${window}
    ON CONFLICT (program_kind, program_id, user_id, day) DO UPDATE SET steps = EXCLUDED.steps
      WHERE p.steps <> EXCLUDED.steps
    RETURNING program_kind, program_id, user_id, day, steps`;
  if (!scope.flags) {
    const [r] = await rows<{ n: number }>(db, sql`WITH o AS (${open}), h AS (${held}) SELECT count(*)::int AS n FROM h`);
    return Number(r?.n ?? 0);
  }
  const [r] = await rows<{ n: number }>(
    db,
    sql`WITH o AS (${open}), h AS (${held}),
        x AS (
          SELECT h.*, o.daily_cap,
                 (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.steps) FROM daily_steps s
                   WHERE s.user_id = h.user_id AND s.day >= h.day - 28 AND s.day < h.day) AS median
            FROM h JOIN o ON o.kind = h.program_kind AND o.id = h.program_id AND o.user_id = h.user_id),
        f AS (
          INSERT INTO step_flags (program_kind, program_id, user_id, day, steps, reason, median, created_at)
          SELECT program_kind, program_id, user_id, day, steps, 'overCap', NULL, ${ts(now)} FROM x WHERE steps > daily_cap
          UNION ALL
          SELECT program_kind, program_id, user_id, day, steps, 'overMedian', round(median)::int, ${ts(now)} FROM x
           WHERE median >= ${medianMin} AND steps > ${medianFactor} * median
          UNION ALL
          -- Entered by hand: the figure held is the one a hand-entry source gave (the day's largest came from it).
          SELECT program_kind, program_id, user_id, day, steps, 'manual', NULL, ${ts(now)} FROM x
           WHERE EXISTS (SELECT 1 FROM device_daily_steps dd WHERE dd.user_id = x.user_id AND dd.day = x.day
                           AND lower(dd.source) = ${MANUAL_STEPS_SOURCE} AND dd.steps = x.steps)
          ON CONFLICT (program_kind, program_id, user_id, day, reason) DO UPDATE SET steps = EXCLUDED.steps,
            median = coalesce(EXCLUDED.median, step_flags.median)
          RETURNING 1)
        SELECT (SELECT count(*)::int FROM h) AS n, (SELECT count(*) FROM f) AS flags`,
  );
  return Number(r?.n ?? 0);
}

/** Counted steps of a held day: least(cap, steps), 0 when an editor excluded it (`p` a program_days row). */
const counted = (cap: SQL) => sql`CASE WHEN EXISTS (SELECT 1 FROM step_flags f WHERE f.program_kind = p.program_kind
    AND f.program_id = p.program_id AND f.user_id = p.user_id AND f.day = p.day AND f.state = 'excluded') THEN 0
    ELSE least(${cap}, p.steps) END`;

export interface HeldDay {
  day: string;
  steps: number;
  counted: number;
  flag: 'open' | 'kept' | 'excluded' | null;
}

/** The worst flag state of a held day `p` (null: no flag). */
const flagState = sql`(SELECT CASE WHEN bool_or(f.state = 'excluded') THEN 'excluded' WHEN bool_or(f.state = 'open') THEN 'open' ELSE 'kept' END
    FROM step_flags f WHERE f.program_kind = p.program_kind AND f.program_id = p.program_id AND f.user_id = p.user_id
     AND f.day = p.day)`;

/** One member's held days of a program with their counted figure and the worst flag state. */
export async function memberDays(db: Db, kind: ProgramKind, programId: number, userId: number, cap: number): Promise<HeldDay[]> {
  return rows<HeldDay>(
    db,
    sql`SELECT ${dayText('p.day')} AS day, p.steps, (${counted(sql`${cap}::int`)})::int AS counted, ${flagState} AS flag
          FROM program_days p
         WHERE p.program_kind = ${kind} AND p.program_id = ${programId} AND p.user_id = ${userId}
         ORDER BY p.day`,
  );
}

/* ------------------------------------------------------------------ team matches */

export interface TeamMatchRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  entry_from: string;
  entry_to: string;
  start_date: string;
  end_date: string;
  formation_mode: 'department' | 'selfFormed' | 'balanced';
  min_team_size: number;
  teams_per_league: number;
  daily_cap: number;
  grace_days: number;
  formation_seed: string | null;
  formed_ms: number | null;
  results_notified_ms: number | null;
  updated_ms: number | null;
  updated_by: string | null;
  tenant_ids: number[];
  entrants: number;
  teams: number;
}

const TEAM_MATCH_COLUMNS = sql`m.id, m.name_ja, m.name_en, ${dayText('m.entry_from')} AS entry_from, ${dayText('m.entry_to')} AS entry_to,
  ${dayText('m.start_date')} AS start_date, ${dayText('m.end_date')} AS end_date, m.formation_mode, m.min_team_size,
  m.teams_per_league, m.daily_cap, m.grace_days, m.formation_seed, ${ms('m.formed_at')} AS formed_ms,
  ${ms('m.results_notified_at')} AS results_notified_ms, ${ms('m.updated_at')} AS updated_ms, m.updated_by,
  coalesce((SELECT array_agg(x.tenant_id ORDER BY x.tenant_id) FROM team_match_tenants x WHERE x.team_match_id = m.id), '{}') AS tenant_ids`;
/** The console's counts (a count over every entrant: left out of the members' reads and the rank refresh). */
const TEAM_MATCH_COUNTS = sql`(SELECT count(*)::int FROM team_match_entries e WHERE e.team_match_id = m.id) AS entrants,
  (SELECT count(*)::int FROM team_match_teams t WHERE t.team_match_id = m.id) AS teams`;

const intArray = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(Number) : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : [];

function fixTeamMatch(r: TeamMatchRow): TeamMatchRow {
  return { ...r, tenant_ids: intArray(r.tenant_ids) };
}

export async function teamMatchById(db: Db, id: number, lock = false, counts = true): Promise<TeamMatchRow | null> {
  const [r] = await rows<TeamMatchRow>(
    db,
    sql`SELECT ${TEAM_MATCH_COLUMNS}, ${counts ? TEAM_MATCH_COUNTS : sql`0 AS entrants, 0 AS teams`} FROM team_matches m WHERE m.id = ${id}`,
  );
  if (r && lock) await db.execute(sql`SELECT 1 FROM team_matches WHERE id = ${id} FOR UPDATE`);
  return r ? fixTeamMatch(r) : null;
}

export async function teamMatchPage(
  db: Db,
  today: string,
  q: { status?: ProgramStatus | undefined; offset: number; perPage: number },
): Promise<(TeamMatchRow & { total: number })[]> {
  const where = q.status ? sql`WHERE ${statusSql('m', today)} = ${q.status}` : sql``;
  const found = await rows<TeamMatchRow & { total: number }>(
    db,
    sql`SELECT ${TEAM_MATCH_COLUMNS}, ${TEAM_MATCH_COUNTS}, count(*) OVER ()::int AS total FROM team_matches m ${where}
         ORDER BY m.start_date DESC, m.id DESC LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
  return found.map((r) => ({ ...fixTeamMatch(r), total: Number(r.total) }));
}

export async function countTeamMatches(db: Db, today: string, status: ProgramStatus | undefined): Promise<number> {
  const where = status ? sql`WHERE ${statusSql('m', today)} = ${status}` : sql``;
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM team_matches m ${where}`);
  return Number(r?.n ?? 0);
}

/** Of these tenants, those without team matches in their contract (or unknown). */
export async function tenantsWithoutTeamMatches(db: Db, ids: number[]): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT x.id FROM unnest(${arrayParam(ids, 'int')}) AS x(id)
         WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = x.id AND t.team_match_enabled)`,
  );
  return found.map((r) => Number(r.id));
}

export interface TeamMatchWrite {
  nameJa: string;
  nameEn: string | null;
  entryFrom: string;
  entryTo: string;
  startDate: string;
  endDate: string;
  formationMode: string;
  minTeamSize: number;
  teamsPerLeague: number;
  dailyCap: number;
  graceDays: number;
}

/** The instants the account domain reads (end exclusive), from the Tokyo days. */
const instants = (w: { startDate: string; endDate: string }) =>
  sql`(${w.startDate}::date::timestamp AT TIME ZONE 'Asia/Tokyo'), ((${w.endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`;

export async function insertTeamMatch(db: Db, w: TeamMatchWrite, by: string, now: Date): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO team_matches (name_ja, name_en, start_at, end_at, entry_from, entry_to, start_date, end_date, formation_mode,
          min_team_size, teams_per_league, daily_cap, grace_days, updated_at, updated_by)
        VALUES (${w.nameJa}, ${w.nameEn}, ${instants(w)}, ${w.entryFrom}::date, ${w.entryTo}::date, ${w.startDate}::date,
          ${w.endDate}::date, ${w.formationMode}, ${w.minTeamSize}, ${w.teamsPerLeague}, ${w.dailyCap}, ${w.graceDays}, ${ts(now)}, ${by})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateTeamMatch(db: Db, id: number, w: TeamMatchWrite, by: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE team_matches SET name_ja = ${w.nameJa}, name_en = ${w.nameEn}, (start_at, end_at) = (SELECT ${instants(w)}),
          entry_from = ${w.entryFrom}::date, entry_to = ${w.entryTo}::date, start_date = ${w.startDate}::date, end_date = ${w.endDate}::date,
          formation_mode = ${w.formationMode}, min_team_size = ${w.minTeamSize}, teams_per_league = ${w.teamsPerLeague},
          daily_cap = ${w.dailyCap}, grace_days = ${w.graceDays}, updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id}`,
  );
  await db.execute(sql`DELETE FROM team_match_rank_state WHERE team_match_id = ${id}`);
}

export async function setTeamMatchTenants(db: Db, id: number, tenantIds: number[]): Promise<void> {
  await db.execute(sql`DELETE FROM team_match_tenants WHERE team_match_id = ${id}`);
  await db.execute(
    sql`INSERT INTO team_match_tenants (team_match_id, tenant_id) SELECT ${id}, x FROM unnest(${arrayParam(tenantIds, 'int')}) AS x ON CONFLICT DO NOTHING`,
  );
}

/** Rounds the caller's tenant takes part in (its contract has team matches), with whether the caller entered. */
export async function memberTeamMatches(db: Db, userId: number, tenantId: number, since: string, id?: number) {
  const only = id === undefined ? sql`` : sql`AND m.id = ${id}`;
  const found = await rows<TeamMatchRow & { entered: boolean }>(
    db,
    sql`SELECT ${TEAM_MATCH_COLUMNS}, 0 AS entrants, 0 AS teams,
               EXISTS (SELECT 1 FROM team_match_entries e WHERE e.team_match_id = m.id AND e.user_id = ${userId}) AS entered
          FROM team_matches m
         WHERE EXISTS (SELECT 1 FROM team_match_tenants x JOIN tenants t ON t.id = x.tenant_id
                        WHERE x.team_match_id = m.id AND x.tenant_id = ${tenantId} AND t.team_match_enabled)
           AND m.end_date >= ${since}::date ${only}
         ORDER BY m.start_date DESC, m.id DESC`,
  );
  return found.map((r) => ({ ...fixTeamMatch(r), entered: Boolean(r.entered) }));
}

export interface RoundPageHead extends TeamMatchRow {
  entered: boolean;
  team_id: number | null;
  team_name: string | null;
  team_code: string | null;
  team_league: string | null;
  /** The rank state's version (its row version, computation time and day); null while no ranks are kept. */
  ranks_key: string | null;
  last_day: string | null;
  /** The member's held days (entrants), their team's daily ranks and members. */
  held: HeldDay[];
  history: { day: string; rank: number; league_rank: number; score: number }[];
  members: { user_id: number; nickname: string }[];
}

const jsonList = <T>(v: unknown): T[] => (v === null || v === undefined ? [] : typeof v === 'string' ? (JSON.parse(v) as T[]) : (v as T[]));

/**
 * What a member's round page reads but the league standings, in one statement of index lookups
 * (docs/requirements/programs.md#programs-scale): the round if the member's tenant takes part, whether they entered,
 * their held days, their team with its members and daily ranks, the rank state's version and the last ranked day.
 */
export async function roundPageHead(db: Db, id: number, userId: number, tenantId: number, locale: Locale): Promise<RoundPageHead | null> {
  const [r] = await rows<RoundPageHead>(
    db,
    sql`SELECT ${TEAM_MATCH_COLUMNS}, 0 AS entrants, 0 AS teams,
               EXISTS (SELECT 1 FROM team_match_entries e WHERE e.team_match_id = m.id AND e.user_id = ${userId}) AS entered,
               t.id AS team_id, ${name(locale, 't')} AS team_name, t.code AS team_code, t.league AS team_league,
               (SELECT s.xmin::text || ':' || ${ms('s.computed_at')}::text || ':' || ${dayText('s.through_day')}
                  FROM team_match_rank_state s WHERE s.team_match_id = m.id) AS ranks_key,
               (SELECT ${dayText('max(r.day)')} FROM team_match_day_ranks r WHERE r.team_match_id = m.id) AS last_day,
               (SELECT json_agg(json_build_object('day', ${dayText('p.day')}, 'steps', p.steps,
                         'counted', (${counted(sql`m.daily_cap`)}), 'flag', ${flagState}) ORDER BY p.day)
                  FROM program_days p WHERE p.program_kind = 'teamMatch' AND p.program_id = m.id AND p.user_id = ${userId}) AS held,
               (SELECT json_agg(json_build_object('day', ${dayText('r.day')}, 'rank', r.rank, 'league_rank', r.league_rank,
                         'score', r.score) ORDER BY r.day)
                  FROM team_match_day_ranks r WHERE r.team_id = t.id) AS history,
               (SELECT json_agg(json_build_object('user_id', u.id, 'nickname', u.nickname) ORDER BY u.nickname, u.id)
                  FROM team_match_members tm JOIN users u ON u.id = tm.user_id WHERE tm.team_id = t.id) AS members
          FROM team_matches m
          LEFT JOIN team_match_members mm ON mm.team_match_id = m.id AND mm.user_id = ${userId}
          LEFT JOIN team_match_teams t ON t.id = mm.team_id
         WHERE m.id = ${id}
           AND EXISTS (SELECT 1 FROM team_match_tenants x JOIN tenants tn ON tn.id = x.tenant_id
                        WHERE x.team_match_id = m.id AND x.tenant_id = ${tenantId} AND tn.team_match_enabled)`,
  );
  if (!r) return null;
  return {
    ...r,
    ...fixTeamMatch(r),
    entered: Boolean(r.entered),
    team_id: r.team_id === null ? null : Number(r.team_id),
    held: jsonList(r.held),
    history: jsonList(r.history),
    members: jsonList(r.members),
  };
}

export async function isTeamEntrant(db: Db, matchId: number, userId: number): Promise<boolean> {
  const [r] = await rows(db, sql`SELECT 1 FROM team_match_entries WHERE team_match_id = ${matchId} AND user_id = ${userId}`);
  return r !== undefined;
}

export async function insertTeamEntry(db: Db, matchId: number, userId: number, now: Date): Promise<boolean> {
  const r = await rows(
    db,
    sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at) VALUES (${matchId}, ${userId}, ${ts(now)})
        ON CONFLICT DO NOTHING RETURNING 1`,
  );
  return r.length > 0;
}

export interface TeamRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  league: string;
  code: string | null;
  tenant_id: number | null;
  department: string | null;
  prior_avg: number;
  members: number;
}

export async function teamByCode(db: Db, matchId: number, code: string): Promise<TeamRow | null> {
  const [r] = await rows<TeamRow>(
    db,
    sql`SELECT t.*, (SELECT count(*)::int FROM team_match_members mm WHERE mm.team_id = t.id) AS members
          FROM team_match_teams t WHERE t.team_match_id = ${matchId} AND t.code = ${code}`,
  );
  return r ?? null;
}

export async function teamsOf(db: Db, matchId: number): Promise<TeamRow[]> {
  return rows<TeamRow>(
    db,
    sql`SELECT t.*, (SELECT count(*)::int FROM team_match_members mm WHERE mm.team_id = t.id) AS members
          FROM team_match_teams t WHERE t.team_match_id = ${matchId} ORDER BY t.id`,
  );
}

export async function insertTeam(
  db: Db,
  matchId: number,
  t: {
    nameJa: string;
    nameEn: string | null;
    league: string;
    code: string | null;
    tenantId: number | null;
    department: string | null;
    priorAvg: number;
  },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO team_match_teams (team_match_id, name_ja, name_en, league, code, tenant_id, department, prior_avg)
        VALUES (${matchId}, ${t.nameJa}, ${t.nameEn}, ${t.league}, ${t.code}, ${t.tenantId}, ${t.department}, ${t.priorAvg}) RETURNING id`,
  );
  return r!.id;
}

export async function addTeamMember(db: Db, matchId: number, teamId: number, userId: number): Promise<void> {
  await db.execute(sql`INSERT INTO team_match_members (team_id, team_match_id, user_id) VALUES (${teamId}, ${matchId}, ${userId})`);
}

export async function departmentOf(db: Db, userId: number): Promise<string> {
  const [r] = await rows<{ department: string }>(db, sql`SELECT coalesce(attribution1, '') AS department FROM users WHERE id = ${userId}`);
  return r?.department ?? '';
}

/** Winners' addresses and languages (the mail and push of the draw). */
export async function contactsOf(db: Db, userIds: number[]) {
  return rows<{ id: number; email: string | null; locale: string; nickname: string }>(
    db,
    sql`SELECT id, email, locale, nickname FROM users WHERE id = ANY(${arrayParam(userIds, 'int')}) AND deactivated_at IS NULL ORDER BY id`,
  );
}

export interface Entrant {
  user_id: number;
  tenant_id: number;
  department: string;
  prior_avg: number;
  team_id: number | null;
}

/** The entrants with their tenant, department, average of the 28 days before `before` (missing days 0) and team. */
export async function entrants(db: Db, matchId: number, before: string): Promise<Entrant[]> {
  const found = await rows<Entrant>(
    db,
    sql`SELECT e.user_id, u.tenant_id, coalesce(u.attribution1, '') AS department,
               coalesce((SELECT sum(d.steps) FROM daily_steps d WHERE d.user_id = e.user_id
                          AND d.day >= ${before}::date - 28 AND d.day < ${before}::date), 0)::int / 28 AS prior_avg,
               mm.team_id
          FROM team_match_entries e JOIN users u ON u.id = e.user_id
          LEFT JOIN team_match_members mm ON mm.team_match_id = e.team_match_id AND mm.user_id = e.user_id
         WHERE e.team_match_id = ${matchId}
         ORDER BY e.user_id`,
  );
  return found.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    tenant_id: Number(r.tenant_id),
    prior_avg: Number(r.prior_avg),
    team_id: r.team_id === null ? null : Number(r.team_id),
  }));
}

/** Replaces every team of a round by these (one statement each for teams and members). */
export async function replaceTeams(
  db: Db,
  matchId: number,
  teams: {
    nameJa: string;
    nameEn: string | null;
    league: string;
    code: string | null;
    tenantId: number | null;
    department: string | null;
    priorAvg: number;
    members: number[];
  }[],
): Promise<void> {
  await db.execute(sql`DELETE FROM team_match_teams WHERE team_match_id = ${matchId}`);
  await db.execute(sql`DELETE FROM team_match_rank_state WHERE team_match_id = ${matchId}`);
  if (teams.length === 0) return;
  // Ids drawn first, so each team's members are written with it (one statement each, whatever the number of teams).
  const ids = (
    await rows<{ id: number }>(
      db,
      sql`SELECT nextval(pg_get_serial_sequence('team_match_teams', 'id'))::int AS id FROM generate_series(1, ${teams.length})`,
    )
  ).map((r) => Number(r.id));
  const json = JSON.stringify(
    teams.map((t, i) => ({
      id: ids[i],
      name_ja: t.nameJa,
      name_en: t.nameEn,
      league: t.league,
      code: t.code,
      tenant_id: t.tenantId,
      department: t.department,
      prior_avg: t.priorAvg,
    })),
  );
  await db.execute(
    sql`INSERT INTO team_match_teams (id, team_match_id, name_ja, name_en, league, code, tenant_id, department, prior_avg)
        SELECT id, ${matchId}, name_ja, name_en, league, code, tenant_id, department, prior_avg
          FROM jsonb_to_recordset(${json}::jsonb) AS x(id int, name_ja text, name_en text, league text, code text, tenant_id int, department text, prior_avg int)`,
  );
  const byIndex = new Map(ids.map((id, i) => [i, id]));
  const teamIds: number[] = [];
  const userIds: number[] = [];
  teams.forEach((t, i) => {
    for (const u of t.members) {
      teamIds.push(byIndex.get(i)!);
      userIds.push(u);
    }
  });
  await db.execute(
    sql`INSERT INTO team_match_members (team_id, team_match_id, user_id)
        SELECT t, ${matchId}, u FROM unnest(${arrayParam(teamIds, 'int')}, ${arrayParam(userIds, 'int')}) AS x(t, u)`,
  );
}

export async function markFormed(db: Db, matchId: number, seed: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE team_matches SET formation_seed = ${seed}, formed_at = ${ts(now)} WHERE id = ${matchId}`);
}

/** Rounds due to be formed by the run: started (by `today`), not formed. */
export async function unformedStarted(db: Db, today: string): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM team_matches WHERE formed_at IS NULL AND start_date <= ${today}::date AND end_date >= ${today}::date ORDER BY id`,
  );
  return found.map((r) => Number(r.id));
}

/** Rounds whose ranks may still move (started, not final by `today`) or just became final and are not yet announced. */
export async function liveTeamMatches(db: Db, today: string): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM team_matches WHERE formed_at IS NOT NULL AND start_date < ${today}::date
          AND (${today}::date <= end_date + least(grace_days, 3) + 1 OR results_notified_at IS NULL) ORDER BY id`,
  );
  return found.map((r) => Number(r.id));
}

/* ------------------------------------------------------------------ ranks */

export async function rankState(db: Db, matchId: number) {
  const [r] = await rows<{ through_day: string; computed_ms: number }>(
    db,
    sql`SELECT ${dayText('through_day')} AS through_day, ${ms('computed_at')} AS computed_ms FROM team_match_rank_state WHERE team_match_id = ${matchId}`,
  );
  return r;
}

export async function lockRankState(tx: Db, matchId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO team_match_rank_state (team_match_id, computed_at, through_day) VALUES (${matchId}, 'epoch', '2000-01-01')
        ON CONFLICT (team_match_id) DO NOTHING`,
  );
  await tx.execute(sql`SELECT 1 FROM team_match_rank_state WHERE team_match_id = ${matchId} FOR UPDATE`);
}

export async function forgetRanks(db: Db, kind: ProgramKind, programId: number): Promise<void> {
  if (kind === 'teamMatch') await db.execute(sql`DELETE FROM team_match_rank_state WHERE team_match_id = ${programId}`);
}

/**
 * Replaces a round's daily ranks through `through` (docs/requirements/programs.md#programs-team-walk): a team's score
 * for a day is the sum of its members' counted steps divided by its enrolled members (a member without an upload
 * counts 0); ranks are by the average of the day scores since the start, overall and in the league; teams under
 * `minTeamSize` are not ranked. One INSERT ... SELECT.
 */
export async function rebuildTeamRanks(
  tx: Db,
  matchId: number,
  through: string | null,
  minTeamSize: number,
  now: Date,
  fromDay: string | null = null,
): Promise<void> {
  // Days before `fromDay` were final at the last computation and nothing changed them since (decision 187): only the
  // later days are written again (their cumulative scores still read every day's sums).
  const from = fromDay ?? '1999-12-31';
  await tx.execute(sql`DELETE FROM team_match_day_ranks WHERE team_match_id = ${matchId} AND day >= ${from}::date`);
  if (through !== null && from <= through) {
    await tx.execute(
      sql`INSERT INTO team_match_day_ranks (team_id, team_match_id, day, league, day_avg, score, rank, league_rank)
          WITH m AS (SELECT * FROM team_matches WHERE id = ${matchId}),
          teams AS (
            SELECT t.id, t.league, count(*)::int AS members
              FROM team_match_teams t JOIN team_match_members mm ON mm.team_id = t.id
             WHERE t.team_match_id = ${matchId}
             GROUP BY t.id HAVING count(*) >= ${minTeamSize}),
          days AS (SELECT d::date AS day FROM m, generate_series(m.start_date, ${through}::date, interval '1 day') d),
          excluded AS (
            SELECT user_id, day FROM step_flags
             WHERE program_kind = 'teamMatch' AND program_id = ${matchId} AND state = 'excluded' GROUP BY user_id, day),
          sums AS (
            SELECT mm.team_id, p.day, sum(CASE WHEN x.user_id IS NULL THEN least(m.daily_cap, p.steps) ELSE 0 END)::float8 AS total
              FROM m JOIN team_match_members mm ON mm.team_match_id = m.id
              JOIN program_days p ON p.program_kind = 'teamMatch' AND p.program_id = m.id AND p.user_id = mm.user_id
               AND p.day BETWEEN m.start_date AND ${through}::date
              LEFT JOIN excluded x ON x.user_id = p.user_id AND x.day = p.day
             GROUP BY mm.team_id, p.day),
          team_day AS (
            SELECT t.id AS team_id, t.league, t.members, d.day, coalesce(s.total, 0) AS total
              FROM teams t CROSS JOIN days d LEFT JOIN sums s ON s.team_id = t.id AND s.day = d.day),
          cum AS (
            SELECT team_id, league, day, total / members AS day_avg,
                   sum(total) OVER w / (members * row_number() OVER w) AS cum_avg
              FROM team_day WINDOW w AS (PARTITION BY team_id ORDER BY day))
          SELECT team_id, ${matchId}::int, day, league, round(day_avg)::int, round(cum_avg)::int,
                 rank() OVER (PARTITION BY day ORDER BY round(cum_avg) DESC)::int,
                 rank() OVER (PARTITION BY league, day ORDER BY round(cum_avg) DESC)::int
            FROM cum WHERE day >= ${from}::date`,
    );
  }
  await tx.execute(
    sql`UPDATE team_match_rank_state SET computed_at = ${ts(now)}, through_day = ${through ?? '2000-01-01'}::date WHERE team_match_id = ${matchId}`,
  );
}

export interface StandingRow {
  team_id: number;
  name: string;
  tenant_name: string | null;
  league: string;
  members: number;
  score: number;
  rank: number;
  league_rank: number;
  total: number;
}

/** Standings on `day` (the last ranked day), best first, overall or of one league, paged in SQL. */
export async function standingsPage(
  db: Db,
  matchId: number,
  day: string,
  locale: Locale,
  q: { league?: string | undefined; offset: number; perPage: number },
): Promise<StandingRow[]> {
  const league = q.league === undefined ? sql`` : sql`AND r.league = ${q.league}`;
  return rows<StandingRow>(
    db,
    sql`SELECT r.team_id, ${name(locale, 't')} AS name, tn.name_ja AS tenant_name, r.league,
               (SELECT count(*)::int FROM team_match_members mm WHERE mm.team_id = r.team_id) AS members,
               r.score, r.rank, r.league_rank, count(*) OVER ()::int AS total
          FROM team_match_day_ranks r JOIN team_match_teams t ON t.id = r.team_id
          LEFT JOIN tenants tn ON tn.id = t.tenant_id
         WHERE r.team_match_id = ${matchId} AND r.day = ${day}::date ${league}
         ORDER BY ${q.league === undefined ? sql`r.rank` : sql`r.league_rank`}, r.team_id
         LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export async function leaguesOf(db: Db, matchId: number): Promise<string[]> {
  const found = await rows<{ league: string }>(
    db,
    sql`SELECT DISTINCT league FROM team_match_teams WHERE team_match_id = ${matchId} ORDER BY league`,
  );
  return found.map((r) => r.league);
}

export async function lastRankedDay(db: Db, matchId: number): Promise<string | null> {
  const [r] = await rows<{ day: string | null }>(
    db,
    sql`SELECT ${dayText('max(day)')} AS day FROM team_match_day_ranks WHERE team_match_id = ${matchId}`,
  );
  return r?.day ?? null;
}

export async function rankedCounts(db: Db, matchId: number, day: string, league: string | null) {
  const [r] = await rows<{ total: number; league: number }>(
    db,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE league = ${league ?? ''})::int AS league
          FROM team_match_day_ranks WHERE team_match_id = ${matchId} AND day = ${day}::date`,
  );
  return { total: Number(r?.total ?? 0), league: Number(r?.league ?? 0) };
}

/** Members of a round's teams (for notices). */
export async function teamMatchMemberIds(db: Db, matchId: number): Promise<number[]> {
  const found = await rows<{ user_id: number }>(db, sql`SELECT user_id FROM team_match_members WHERE team_match_id = ${matchId} ORDER BY user_id`);
  return found.map((r) => Number(r.user_id));
}

export async function markResultsNotified(db: Db, matchId: number, now: Date): Promise<boolean> {
  const r = await rows(
    db,
    sql`UPDATE team_matches SET results_notified_at = ${ts(now)} WHERE id = ${matchId} AND results_notified_at IS NULL RETURNING 1`,
  );
  return r.length > 0;
}

/* ------------------------------------------------------------------ individual matches */

export interface IndividualMatchRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  entry_from: string;
  entry_to: string;
  start_date: string;
  end_date: string;
  threshold_steps: number;
  daily_cap: number;
  grace_days: number;
  prizes: { ja: string; en: string | null; winners: number }[] | string;
  draw_seed: string | null;
  draw_commitment: string | null;
  committed_ms: number | null;
  drawn_ms: number | null;
  updated_ms: number | null;
  updated_by: string | null;
  is_general: boolean;
  tenant_ids: number[];
  entrants: number;
}

const INDIVIDUAL_COLUMNS = sql`m.id, m.name_ja, m.name_en, ${dayText('m.entry_from')} AS entry_from, ${dayText('m.entry_to')} AS entry_to,
  ${dayText('m.start_date')} AS start_date, ${dayText('m.end_date')} AS end_date, m.threshold_steps, m.daily_cap, m.grace_days,
  m.prizes, m.draw_seed, m.draw_commitment, ${ms('m.committed_at')} AS committed_ms, ${ms('m.drawn_at')} AS drawn_ms,
  ${ms('m.updated_at')} AS updated_ms, m.updated_by, m.is_general,
  CASE WHEN m.is_general THEN '{}'::int[] ELSE coalesce((SELECT array_agg(x.tenant_id ORDER BY x.tenant_id) FROM individual_match_tenants x
    WHERE x.individual_match_id = m.id), ARRAY[m.tenant_id]) END AS tenant_ids,
  (SELECT count(*)::int FROM individual_match_entries e WHERE e.individual_match_id = m.id) AS entrants`;

function fixIndividual(r: IndividualMatchRow): IndividualMatchRow {
  return { ...r, tenant_ids: intArray(r.tenant_ids), prizes: typeof r.prizes === 'string' ? JSON.parse(r.prizes) : r.prizes };
}

export async function individualMatchById(db: Db, id: number, lock = false): Promise<IndividualMatchRow | null> {
  const [r] = await rows<IndividualMatchRow>(db, sql`SELECT ${INDIVIDUAL_COLUMNS} FROM individual_matches m WHERE m.id = ${id}`);
  if (r && lock) await db.execute(sql`SELECT 1 FROM individual_matches WHERE id = ${id} FOR UPDATE`);
  return r ? fixIndividual(r) : null;
}

export async function individualMatchPage(
  db: Db,
  today: string,
  q: { status?: ProgramStatus | undefined; offset: number; perPage: number },
): Promise<(IndividualMatchRow & { total: number })[]> {
  const where = q.status ? sql`WHERE ${statusSql('m', today)} = ${q.status}` : sql``;
  const found = await rows<IndividualMatchRow & { total: number }>(
    db,
    sql`SELECT ${INDIVIDUAL_COLUMNS}, count(*) OVER ()::int AS total FROM individual_matches m ${where}
         ORDER BY m.start_date DESC, m.id DESC LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
  return found.map((r) => ({ ...fixIndividual(r), total: Number(r.total) }));
}

export async function countIndividualMatches(db: Db, today: string, status: ProgramStatus | undefined): Promise<number> {
  const where = status ? sql`WHERE ${statusSql('m', today)} = ${status}` : sql``;
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM individual_matches m ${where}`);
  return Number(r?.n ?? 0);
}

export async function unknownTenants(db: Db, ids: number[]): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT x.id FROM unnest(${arrayParam(ids, 'int')}) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = x.id)`,
  );
  return found.map((r) => Number(r.id));
}

export interface IndividualWrite {
  nameJa: string;
  nameEn: string | null;
  entryFrom: string;
  entryTo: string;
  startDate: string;
  endDate: string;
  thresholdSteps: number;
  dailyCap: number;
  graceDays: number;
  prizes: { ja: string; en: string | null; winners: number }[];
  tenantIds: number[];
  /** The last day the account domain shows it (display_end_at, exclusive): 30 days after results are final. */
  displayTo: string;
}

const individualColumns = (w: IndividualWrite) => sql`${w.nameJa}, ${w.nameEn},
  (${w.entryFrom}::date::timestamp AT TIME ZONE 'Asia/Tokyo'), (${w.displayTo}::date::timestamp AT TIME ZONE 'Asia/Tokyo'), ${instants(w)},
  ${w.tenantIds.length === 0}, ${w.tenantIds[0] ?? null}::int, ${w.thresholdSteps}, ${w.entryFrom}::date, ${w.entryTo}::date,
  ${w.startDate}::date, ${w.endDate}::date, ${w.dailyCap}, ${w.graceDays}, ${JSON.stringify(w.prizes)}::jsonb`;
const INDIVIDUAL_WRITE_COLUMNS = sql`name_ja, name_en, display_start_at, display_end_at, start_at, end_at, is_general, tenant_id,
  threshold_steps, entry_from, entry_to, start_date, end_date, daily_cap, grace_days, prizes`;

export async function insertIndividualMatch(db: Db, w: IndividualWrite, by: string, now: Date): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO individual_matches (${INDIVIDUAL_WRITE_COLUMNS}, created_at, updated_at, updated_by)
        VALUES (${individualColumns(w)}, ${ts(now)}, ${ts(now)}, ${by}) RETURNING id`,
  );
  await setIndividualTenants(db, r!.id, w.tenantIds);
  return r!.id;
}

export async function updateIndividualMatch(db: Db, id: number, w: IndividualWrite, by: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE individual_matches SET (${INDIVIDUAL_WRITE_COLUMNS}) = (SELECT ${individualColumns(w)}), updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id}`,
  );
  await setIndividualTenants(db, id, w.tenantIds);
}

export async function updateIndividualNames(
  db: Db,
  id: number,
  nameJa: string,
  nameEn: string | null,
  prizes: IndividualWrite['prizes'],
  by: string,
  now: Date,
) {
  await db.execute(
    sql`UPDATE individual_matches SET name_ja = ${nameJa}, name_en = ${nameEn},
          prizes = (SELECT jsonb_agg(jsonb_set(jsonb_set(o.p, '{ja}', to_jsonb(n.p->>'ja')), '{en}', coalesce(n.p->'en', 'null'::jsonb)) ORDER BY o.i)
                      FROM jsonb_array_elements(prizes) WITH ORDINALITY AS o(p, i)
                      JOIN jsonb_array_elements(${JSON.stringify(prizes)}::jsonb) WITH ORDINALITY AS n(p, i) ON n.i = o.i),
          updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id}`,
  );
}

async function setIndividualTenants(db: Db, id: number, tenantIds: number[]): Promise<void> {
  await db.execute(sql`DELETE FROM individual_match_tenants WHERE individual_match_id = ${id}`);
  if (tenantIds.length > 0)
    await db.execute(
      sql`INSERT INTO individual_match_tenants (individual_match_id, tenant_id) SELECT ${id}, x FROM unnest(${arrayParam(tenantIds, 'int')}) AS x ON CONFLICT DO NOTHING`,
    );
}

/** Whether a member of `tenantId` may see a challenge: general, or one of its tenants. */
const takesPart = (tenantId: number) => sql`(m.is_general OR m.tenant_id = ${tenantId}
  OR EXISTS (SELECT 1 FROM individual_match_tenants x WHERE x.individual_match_id = m.id AND x.tenant_id = ${tenantId}))`;
export { takesPart as individualTakesPart };

export async function memberIndividualMatches(db: Db, userId: number, tenantId: number, since: string, id?: number) {
  const only = id === undefined ? sql`` : sql`AND m.id = ${id}`;
  const found = await rows<IndividualMatchRow & { entered: boolean }>(
    db,
    sql`SELECT ${INDIVIDUAL_COLUMNS},
               EXISTS (SELECT 1 FROM individual_match_entries e WHERE e.individual_match_id = m.id AND e.user_id = ${userId}) AS entered
          FROM individual_matches m
         WHERE ${takesPart(tenantId)} AND m.end_date >= ${since}::date ${only}
         ORDER BY m.start_date DESC, m.id DESC`,
  );
  return found.map((r) => ({ ...fixIndividual(r), entered: Boolean(r.entered) }));
}

export interface AverageRow {
  user_id: number;
  total: number;
}

/** Each entrant's sum of counted steps through `through` (entrants without held days: 0). */
export async function individualTotals(db: Db, matchId: number, through: string | null): Promise<AverageRow[]> {
  const found = await rows<AverageRow>(
    db,
    sql`SELECT e.user_id, coalesce((SELECT sum(${counted(sql`m.daily_cap`)}) FROM program_days p
                 WHERE p.program_kind = 'individualMatch' AND p.program_id = m.id AND p.user_id = e.user_id
                   AND p.day BETWEEN m.start_date AND ${through ?? '1999-12-31'}::date), 0)::float8 AS total
          FROM individual_match_entries e JOIN individual_matches m ON m.id = e.individual_match_id
         WHERE e.individual_match_id = ${matchId} ORDER BY e.user_id`,
  );
  return found.map((r) => ({ user_id: Number(r.user_id), total: Number(r.total) }));
}

export async function commitDraw(db: Db, id: number, seed: string, commitment: string, by: string, now: Date): Promise<boolean> {
  const r = await rows(
    db,
    sql`UPDATE individual_matches SET draw_seed = ${seed}, draw_commitment = ${commitment}, committed_at = ${ts(now)}, updated_by = ${by}
         WHERE id = ${id} AND committed_at IS NULL RETURNING 1`,
  );
  return r.length > 0;
}

/** Fixes entry numbers and prizes and marks the draw done. */
export async function recordDraw(db: Db, id: number, numbers: { userId: number; entryNumber: number; prizeIndex: number | null }[], now: Date) {
  if (numbers.length > 0) {
    const json = JSON.stringify(numbers.map((n) => ({ u: n.userId, n: n.entryNumber, p: n.prizeIndex })));
    await db.execute(
      sql`UPDATE individual_match_entries e SET entry_number = x.n, prize_index = x.p
            FROM jsonb_to_recordset(${json}::jsonb) AS x(u int, n int, p int)
           WHERE e.individual_match_id = ${id} AND e.user_id = x.u`,
    );
  }
  await db.execute(sql`UPDATE individual_matches SET drawn_at = ${ts(now)} WHERE id = ${id}`);
}

export async function drawEntries(db: Db, id: number, locale: Locale = 'ja') {
  void locale;
  return rows<{ user_id: number; entry_number: number; prize_index: number | null; nickname: string; tenant_name: string | null }>(
    db,
    sql`SELECT e.user_id, e.entry_number, e.prize_index, u.nickname, t.name_ja AS tenant_name
          FROM individual_match_entries e JOIN users u ON u.id = e.user_id LEFT JOIN tenants t ON t.id = u.tenant_id
         WHERE e.individual_match_id = ${id} AND e.entry_number IS NOT NULL ORDER BY e.entry_number`,
  );
}

export async function myEntry(db: Db, id: number, userId: number) {
  const [r] = await rows<{ entry_number: number | null; prize_index: number | null }>(
    db,
    sql`SELECT entry_number, prize_index FROM individual_match_entries WHERE individual_match_id = ${id} AND user_id = ${userId}`,
  );
  return r ?? null;
}

export async function insertIndividualEntry(db: Db, matchId: number, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO individual_match_entries (individual_match_id, user_id, created_at) VALUES (${matchId}, ${userId}, ${ts(now)}) ON CONFLICT DO NOTHING`,
  );
}

/* ------------------------------------------------------------------ flags */

export interface FlagRow {
  id: number;
  program_kind: ProgramKind;
  program_id: number;
  name_ja: string;
  name_en: string | null;
  nickname: string;
  tenant_name: string | null;
  day: string;
  steps: number;
  reason: 'overCap' | 'overMedian' | 'manual';
  median: number | null;
  state: 'open' | 'kept' | 'excluded';
  reviewed_by: string | null;
  reviewed_ms: number | null;
  total: number;
}

export async function flagPage(
  db: Db,
  q: { state?: string | undefined; programKind?: ProgramKind | undefined; programID?: number | undefined; offset: number; perPage: number },
): Promise<FlagRow[]> {
  const conds: SQL[] = [sql`true`];
  if (q.state) conds.push(sql`f.state = ${q.state}`);
  if (q.programKind) conds.push(sql`f.program_kind = ${q.programKind}`);
  if (q.programID !== undefined) conds.push(sql`f.program_id = ${q.programID}`);
  return rows<FlagRow>(
    db,
    sql`SELECT f.id, f.program_kind, f.program_id, coalesce(tm.name_ja, im.name_ja, '') AS name_ja, coalesce(tm.name_en, im.name_en) AS name_en,
               u.nickname, t.name_ja AS tenant_name, ${dayText('f.day')} AS day, f.steps, f.reason, f.median, f.state, f.reviewed_by,
               ${ms('f.reviewed_at')} AS reviewed_ms, count(*) OVER ()::int AS total
          FROM step_flags f JOIN users u ON u.id = f.user_id LEFT JOIN tenants t ON t.id = u.tenant_id
          LEFT JOIN team_matches tm ON f.program_kind = 'teamMatch' AND tm.id = f.program_id
          LEFT JOIN individual_matches im ON f.program_kind = 'individualMatch' AND im.id = f.program_id
         WHERE ${sql.join(conds, sql` AND `)}
         ORDER BY (f.state = 'open') DESC, f.created_at, f.id
         LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export async function flagById(db: Db, id: number) {
  const [r] = await rows<{ id: number; program_kind: ProgramKind; program_id: number; user_id: number; day: string; state: string }>(
    db,
    sql`SELECT id, program_kind, program_id, user_id, ${dayText('day')} AS day, state FROM step_flags WHERE id = ${id} FOR UPDATE`,
  );
  return r ?? null;
}

/** A decision applies to every flag of the same member, day and program (one day, one state). */
export async function reviewFlag(db: Db, id: number, state: 'kept' | 'excluded', by: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE step_flags f SET state = ${state}, reviewed_by = ${by}, reviewed_at = ${ts(now)}
          FROM step_flags g WHERE g.id = ${id} AND f.program_kind = g.program_kind AND f.program_id = g.program_id
           AND f.user_id = g.user_id AND f.day = g.day`,
  );
}

/* ------------------------------------------------------------------ notices */

/** Records a notice per member once; answers the members newly recorded. */
export async function claimNotices(db: Db, kind: ProgramKind, programId: number, notice: string, userIds: number[], now: Date): Promise<number[]> {
  if (userIds.length === 0) return [];
  const found = await rows<{ user_id: number }>(
    db,
    sql`INSERT INTO program_notices (program_kind, program_id, user_id, notice, sent_at)
        SELECT ${kind}, ${programId}, u, ${notice}, ${ts(now)} FROM unnest(${arrayParam(userIds, 'int')}) AS x(u)
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return found.map((r) => Number(r.user_id));
}

/**
 * Entrants of programs with a day whose window closes on `closing` and who have no held figure for some finished day
 * of the period whose window is still open (the sync reminder, two days before a window closes).
 */
export async function membersMissingDays(db: Db, today: string, closing: string) {
  return rows<{ kind: ProgramKind; program_id: number; user_id: number }>(
    db,
    sql`WITH progs AS (
          SELECT 'teamMatch'::text AS kind, id, start_date, end_date, grace_days FROM team_matches
          UNION ALL SELECT 'individualMatch', id, start_date, end_date, grace_days FROM individual_matches),
        due AS (
          SELECT o.*, d::date AS day FROM progs o, generate_series(o.start_date, least(o.end_date, ${today}::date - 1), interval '1 day') d
           WHERE o.start_date < ${today}::date AND ${today}::date <= o.end_date + 3 + o.grace_days
             AND least(d::date + o.grace_days, o.end_date + 3) = ${closing}::date),
        ent AS (
          SELECT 'teamMatch'::text AS kind, team_match_id AS id, user_id FROM team_match_entries
          UNION ALL SELECT 'individualMatch', individual_match_id, user_id FROM individual_match_entries)
        SELECT DISTINCT due.kind, due.id AS program_id, ent.user_id
          FROM due JOIN ent ON ent.kind = due.kind AND ent.id = due.id
         WHERE NOT EXISTS (SELECT 1 FROM program_days p WHERE p.program_kind = due.kind AND p.program_id = due.id
                             AND p.user_id = ent.user_id AND p.day = due.day)`,
  );
}
