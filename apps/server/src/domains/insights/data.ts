// The insights domain's data module (issue 32, decision 146): company insights, every figure aggregated in SQL with
// GROUP BY over the tenant's members (never a query per member), and the end-of-contract purge. It reads the health
// domain's exact aggregates (migration 0780, decision 149): each member's running totals and the tenant's weekly
// cells; events' reservations, surveys' answers and content's article views.
import { sql, type SQL } from 'drizzle-orm';
import type { InsightsGroupBy } from '@hibi/contract/console/insights';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => d.toISOString();

/** The fixed grouping of a member (u: users): the tenant, the department, or the 10-year age band at the period's end. */
function groupKey(groupBy: InsightsGroupBy, endYear: number): SQL {
  if (groupBy === 'department') return sql`u.attribution1`;
  if (groupBy === 'ageBand') {
    return sql`CASE WHEN u.birth_year IS NULL THEN 'unknown' ELSE (greatest(0, (${endYear}::int - u.birth_year) / 10) * 10)::text END`;
  }
  return sql`'all'::text`;
}

export interface InsightsScope {
  tenantId: number;
  groupBy: InsightsGroupBy;
  /** Tokyo days, both included. */
  from: string;
  to: string;
  /** The period as instants: [fromAt, toAt). */
  fromAt: Date;
  toAt: Date;
  /** Whole weeks inside the period: week_start in [firstMonday, endMonday). */
  firstMonday: string;
  endMonday: string;
}

const members = (s: InsightsScope) =>
  sql`SELECT u.id, ${groupKey(s.groupBy, Number(s.to.slice(0, 4)))} AS k, u.last_login_at FROM users u WHERE u.tenant_id = ${s.tenantId}`;

/** The tenant's members with both groupings' keys (groupBase answers every grouping at once, decision 176). */
const membersBothKeys = (s: InsightsScope) =>
  sql`SELECT u.id, ${groupKey('department', Number(s.to.slice(0, 4)))} AS dept, ${groupKey('ageBand', Number(s.to.slice(0, 4)))} AS age,
             u.last_login_at
        FROM users u WHERE u.tenant_id = ${s.tenantId}`;

/**
 * Each member's figures over the period, exact and without reading a day: the difference of two rows of the health
 * domain's running totals (migration 0780), the last on or before the period's last day and the last before its first.
 */
const memberTotals = (s: InsightsScope) => sql`
  SELECT m.id, m.dept, m.age, m.last_login_at,
         coalesce(e.step_days, 0) - coalesce(b.step_days, 0) AS step_days, coalesce(e.steps, 0) - coalesce(b.steps, 0) AS steps,
         coalesce(e.log_days, 0) - coalesce(b.log_days, 0) AS log_days, coalesce(e.score10, 0) - coalesce(b.score10, 0) AS score10,
         coalesce(e.exercise480, 0) - coalesce(b.exercise480, 0) AS exercise480, coalesce(e.meal3, 0) - coalesce(b.meal3, 0) AS meal3,
         coalesce(e.drinking, 0) - coalesce(b.drinking, 0) AS drinking, coalesce(e.sleep, 0) - coalesce(b.sleep, 0) AS sleep,
         coalesce(e.stress, 0) - coalesce(b.stress, 0) AS stress
    FROM m
    LEFT JOIN LATERAL (SELECT * FROM health_running_totals r WHERE r.user_id = m.id AND r.day <= ${s.to}::date
                        ORDER BY r.day DESC LIMIT 1) e ON true
    LEFT JOIN LATERAL (SELECT * FROM health_running_totals r WHERE r.user_id = m.id AND r.day < ${s.from}::date
                        ORDER BY r.day DESC LIMIT 1) b ON e.user_id IS NOT NULL`;

export interface GroupBaseRow {
  /** The grouping the row belongs to: all three come in one answer. */
  g: InsightsGroupBy;
  k: string;
  members: number;
  active: number;
  participants: number;
  avg_daily: number | null;
  bands: number[];
  /** Members who logged in the period, and the lifestyle dimensions over the days they logged. */
  people: number;
  score: number | null;
  exercise: number | null;
  meal: number | null;
  drinking: number | null;
  sleep: number | null;
  stress: number | null;
}

/**
 * Per group of every grouping at once (GROUPING SETS: the tenant, each department, each age band; the privacy floor
 * is decided for the three together, decision 176): members, active members, step participants (a recorded day in the period), their mean daily steps and
 * its bands, and the lifestyle dimensions averaged over the days logged in the period with how many members logged.
 * One pass over the members (two index lookups each); the figures are the same as summing their days.
 */
export async function groupBase(db: Db, s: InsightsScope, bandBounds: readonly number[]): Promise<GroupBaseRow[]> {
  const bandCase = sql.join(
    bandBounds.map((lower, i) => {
      const upper = bandBounds[i + 1];
      return upper === undefined
        ? sql`count(*) FILTER (WHERE p.daily >= ${lower})::int`
        : sql`count(*) FILTER (WHERE p.daily >= ${lower} AND p.daily < ${upper})::int`;
    }),
    sql`, `,
  );
  const avg = (sum: string, scale: number) =>
    sql`round(sum(p.${sql.raw(sum)})::numeric / nullif(${sql.raw(String(scale))} * sum(p.log_days), 0), 1)::float8`;
  return rows<GroupBaseRow>(
    db,
    sql`WITH m AS (${membersBothKeys(s)}),
        p AS (SELECT t.*, CASE WHEN t.step_days > 0 THEN t.steps::float8 / t.step_days END AS daily,
                     (t.step_days > 0 OR t.last_login_at >= ${iso(s.fromAt)}::timestamptz AND t.last_login_at < ${iso(s.toAt)}::timestamptz
                       OR EXISTS (SELECT 1 FROM sessions se WHERE se.user_id = t.id AND se.last_used_at >= ${iso(s.fromAt)}::timestamptz
                                  AND se.created_at < ${iso(s.toAt)}::timestamptz)
                       OR EXISTS (SELECT 1 FROM health_devices hd WHERE hd.user_id = t.id AND hd.last_upload_at >= ${iso(s.fromAt)}::timestamptz
                                  AND hd.last_upload_at < ${iso(s.toAt)}::timestamptz)) AS is_active
                FROM (${memberTotals(s)}) t)
        SELECT CASE WHEN grouping(p.dept) = 0 THEN 'department' WHEN grouping(p.age) = 0 THEN 'ageBand' ELSE 'none' END AS g,
               CASE WHEN grouping(p.dept) = 0 THEN p.dept WHEN grouping(p.age) = 0 THEN p.age ELSE 'all' END AS k,
               count(*)::int AS members,
               count(*) FILTER (WHERE p.is_active)::int AS active,
               count(*) FILTER (WHERE p.step_days > 0)::int AS participants,
               round(avg(p.daily))::int AS avg_daily,
               ARRAY[${bandCase}] AS bands,
               count(*) FILTER (WHERE p.log_days > 0)::int AS people,
               ${avg('score10', 10)} AS score, ${avg('exercise480', 480)} AS exercise, ${avg('meal3', 3)} AS meal,
               ${avg('drinking', 0.01)} AS drinking, ${avg('sleep', 0.01)} AS sleep, ${avg('stress', 0.01)} AS stress
          FROM p
         GROUP BY GROUPING SETS ((p.dept), (p.age), ())`,
  );
}

export interface WeekRow {
  k: string;
  week: string;
  avg_daily: number | null;
  people: number;
}

/** The group key of an insights cell (c), as groupKey gives it for its members. */
function cellKey(groupBy: InsightsGroupBy, endYear: number): SQL {
  if (groupBy === 'department') return sql`c.department`;
  if (groupBy === 'ageBand') {
    return sql`CASE WHEN c.birth_year = 0 THEN 'unknown' ELSE (greatest(0, (${endYear}::int - c.birth_year) / 10) * 10)::text END`;
  }
  return sql`'all'::text`;
}

/**
 * Each whole week's (Monday to Sunday inside the period) mean steps of the recorded days and how many members
 * recorded any, per group: sums of the tenant's weekly cells (migration 0780) and of the changes not folded into
 * them yet (migration 0810), read in one snapshot; never the members' rows.
 */
export async function weeklySteps(db: Db, s: InsightsScope): Promise<WeekRow[]> {
  return rows<WeekRow>(
    db,
    sql`SELECT ${cellKey(s.groupBy, Number(s.to.slice(0, 4)))} AS k, c.week_start::text AS week,
               round(sum(c.total_steps)::numeric / nullif(sum(c.days), 0))::int AS avg_daily, sum(c.people)::int AS people
          FROM (SELECT week_start, department, birth_year, people, total_steps, days FROM insights_week_cells
                 WHERE tenant_id = ${s.tenantId} AND week_start >= ${s.firstMonday}::date AND week_start < ${s.endMonday}::date
                UNION ALL
                SELECT week_start, department, birth_year, people, total_steps, days FROM insights_week_deltas
                 WHERE tenant_id = ${s.tenantId} AND week_start >= ${s.firstMonday}::date AND week_start < ${s.endMonday}::date) c
         GROUP BY 1, 2 ORDER BY 2`,
  );
}

export interface ParticipationRow {
  k: string;
  reservations: number;
  attended: number;
  respondents: number;
}

/** Reservations of sessions held in the period (and those checked in), and members who answered a survey in it. */
export async function participation(db: Db, s: InsightsScope): Promise<ParticipationRow[]> {
  return rows<ParticipationRow>(
    db,
    sql`WITH m AS (${members(s)}),
        r AS (SELECT m.k, count(*)::int AS reservations, count(*) FILTER (WHERE er.checked_in_at IS NOT NULL)::int AS attended
                FROM event_reservations er JOIN event_sessions es ON es.id = er.session_id JOIN m ON m.id = er.user_id
               WHERE er.cancelled_at IS NULL AND es.start_at >= ${iso(s.fromAt)}::timestamptz AND es.start_at < ${iso(s.toAt)}::timestamptz
               GROUP BY m.k),
        q AS (SELECT m.k, count(DISTINCT qa.user_id)::int AS respondents
                FROM questionnaire_answers qa JOIN m ON m.id = qa.user_id
               WHERE qa.answered_at >= ${iso(s.fromAt)}::timestamptz AND qa.answered_at < ${iso(s.toAt)}::timestamptz
               GROUP BY m.k)
        SELECT coalesce(r.k, q.k) AS k, coalesce(r.reservations, 0) AS reservations, coalesce(r.attended, 0) AS attended,
               coalesce(q.respondents, 0) AS respondents
          FROM r FULL JOIN q ON q.k = r.k`,
  );
}

export interface TopArticleRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  readers: number;
}

/** The articles most read by the tenant's members in the period: distinct readers, at least `floor` of them. */
export async function topArticles(db: Db, s: InsightsScope, floor: number, limit: number): Promise<TopArticleRow[]> {
  return rows<TopArticleRow>(
    db,
    sql`SELECT a.id, a.title_ja, a.title_en, v.readers
          FROM (SELECT rv.report_article_id, count(DISTINCT rv.user_id)::int AS readers
                  FROM report_article_views rv JOIN users u ON u.id = rv.user_id AND u.tenant_id = ${s.tenantId}
                 WHERE rv.viewed_at >= ${iso(s.fromAt)}::timestamptz AND rv.viewed_at < ${iso(s.toAt)}::timestamptz
                 GROUP BY rv.report_article_id
                HAVING count(DISTINCT rv.user_id) >= ${floor}) v
          JOIN report_articles a ON a.id = v.report_article_id
         ORDER BY v.readers DESC, a.id LIMIT ${limit}`,
  );
}

export interface TenantRecord {
  id: number;
  name_ja: string;
  name_en: string | null;
  contract_ends_at: Date | string | null;
  purged_at: Date | string | null;
}

export async function tenantById(db: Db, id: number): Promise<TenantRecord | undefined> {
  const [row] = await rows<TenantRecord>(db, sql`SELECT id, name_ja, name_en, contract_ends_at, purged_at FROM tenants WHERE id = ${id}`);
  return row;
}

/* ------------------------------------------------------------------ end of contract */

/** pg_try_advisory_xact_lock key of the purge run ("hibipurg"). */
const PURGE_LOCK_KEY = 0x6869_6269_7075_7267n;

/** Takes the purge run's advisory lock for the transaction; false when another process holds it. */
export async function tryPurgeLock(tx: Db): Promise<boolean> {
  const [lock] = await rows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK_KEY.toString()}::bigint) AS locked`);
  return Boolean(lock?.locked);
}

/**
 * Tenants whose purge time (contract end + the grace period) has come and that are not purged yet, or that were but
 * have accounts again (made after the purge, which signup now refuses: issue 53, decision 175); locked.
 */
export async function tenantsDueForPurge(tx: Db, now: Date, graceMs: number): Promise<TenantRecord[]> {
  return rows<TenantRecord>(
    tx,
    sql`SELECT id, name_ja, name_en, contract_ends_at, purged_at FROM tenants
         WHERE contract_ends_at IS NOT NULL
           AND (purged_at IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = tenants.id))
           AND contract_ends_at <= ${iso(new Date(now.getTime() - graceMs))}::timestamptz
         ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
}

export interface PurgeCounts {
  members: number;
  sessions: number;
  dailySteps: number;
  healthLogs: number;
  reservations: number;
  surveyAnswers: number;
  friendships: number;
  mails: number;
}

/**
 * Deletes a tenant's members and with them (ON DELETE CASCADE) everything that is theirs: profiles, sessions, health
 * data, reservations with their answers, survey answers, friendships, matches, links; article views keep only the
 * count (user_id SET NULL). Mail still in the outbox to their addresses goes too. Returns what was deleted.
 */
export async function purgeTenantMembers(tx: Db, tenantId: number, now: Date): Promise<PurgeCounts> {
  const [counts] = await rows<PurgeCounts>(
    tx,
    sql`WITH m AS (SELECT id FROM users WHERE tenant_id = ${tenantId})
        SELECT (SELECT count(*) FROM m)::int AS members,
               (SELECT count(*) FROM sessions s JOIN m ON m.id = s.user_id)::int AS sessions,
               (SELECT count(*) FROM daily_steps d JOIN m ON m.id = d.user_id)::int AS "dailySteps",
               (SELECT count(*) FROM health_logs h JOIN m ON m.id = h.user_id)::int AS "healthLogs",
               (SELECT count(*) FROM event_reservations r JOIN m ON m.id = r.user_id)::int AS reservations,
               (SELECT count(*) FROM questionnaire_answers q JOIN m ON m.id = q.user_id)::int AS "surveyAnswers",
               (SELECT count(*) FROM friendships f WHERE f.user_low IN (SELECT id FROM m) OR f.user_high IN (SELECT id FROM m))::int AS friendships,
               (SELECT count(*) FROM mail_outbox o WHERE o.to_address IN (SELECT email FROM users WHERE tenant_id = ${tenantId} AND email IS NOT NULL))::int AS mails`,
  );
  await tx.execute(sql`DELETE FROM mail_outbox WHERE to_address IN (SELECT email FROM users WHERE tenant_id = ${tenantId} AND email IS NOT NULL)`);
  await tx.execute(sql`DELETE FROM users WHERE tenant_id = ${tenantId}`);
  await tx.execute(sql`UPDATE tenants SET purged_at = COALESCE(purged_at, ${iso(now)}::timestamptz) WHERE id = ${tenantId}`);
  return counts!;
}

/**
 * Adds the weekly cells' pending changes to them (migration 0810): the number folded, or -1 when another process is
 * folding. One statement of its own transaction.
 */
export async function foldWeekCells(db: Db): Promise<number> {
  const [row] = await rows<{ folded: number }>(db, sql`SELECT insights_week_cells_fold() AS folded`);
  return row!.folded;
}

export interface ProgramParticipationRow {
  kind: 'teamMatch' | 'individualMatch';
  id: number;
  name_ja: string;
  name_en: string | null;
  start_date: string;
  end_date: string;
  goal: number;
  days_finished: number;
  /** Null for a program none of the tenant's members entered. */
  g: InsightsGroupBy | null;
  k: string;
  entrants: number;
  active: number;
  completed: number;
}

/**
 * Participation per program the tenant takes part in and that overlaps the period (issue 57,
 * docs/requirements/programs.md#programs-insights), for every grouping at once: entrants, entrants with a day the program
 * holds, and entrants whose counted average (min(cap, steps), an excluded day 0, a missing day 0) over the days finished
 * by `today` reaches the goal. One statement: the programs, their entrants of the tenant, and each entrant's held days
 * summed by GROUP BY (programs-counting).
 */
export async function programParticipation(db: Db, s: InsightsScope, today: string, teamGoal: number): Promise<ProgramParticipationRow[]> {
  return rows<ProgramParticipationRow>(
    db,
    sql`WITH m AS (${membersBothKeys(s)}),
        progs AS (
          SELECT 'teamMatch'::text AS kind, t.id, t.name_ja, t.name_en, t.start_date, t.end_date, t.daily_cap AS cap, ${teamGoal}::int AS goal
            FROM team_matches t
           WHERE t.start_date <= ${s.to}::date AND t.end_date >= ${s.from}::date
             AND EXISTS (SELECT 1 FROM team_match_tenants tt WHERE tt.team_match_id = t.id AND tt.tenant_id = ${s.tenantId})
          UNION ALL
          SELECT 'individualMatch', i.id, i.name_ja, i.name_en, i.start_date, i.end_date, i.daily_cap, i.threshold_steps
            FROM individual_matches i
           WHERE i.start_date <= ${s.to}::date AND i.end_date >= ${s.from}::date
             AND (EXISTS (SELECT 1 FROM individual_match_tenants it WHERE it.individual_match_id = i.id AND it.tenant_id = ${s.tenantId})
                  OR (NOT EXISTS (SELECT 1 FROM individual_match_tenants it WHERE it.individual_match_id = i.id)
                      AND (i.tenant_id IS NULL OR i.tenant_id = ${s.tenantId})))),
        pf AS (SELECT p.*, greatest(0, least(p.end_date, ${today}::date - 1) - p.start_date + 1)::int AS days_finished FROM progs p),
        e AS (
          SELECT pf.kind, pf.id, m.id AS user_id, m.dept, m.age FROM pf
            JOIN team_match_entries te ON pf.kind = 'teamMatch' AND te.team_match_id = pf.id
            JOIN m ON m.id = te.user_id
          UNION ALL
          SELECT pf.kind, pf.id, m.id, m.dept, m.age FROM pf
            JOIN individual_match_entries ie ON pf.kind = 'individualMatch' AND ie.individual_match_id = pf.id
            JOIN m ON m.id = ie.user_id),
        d AS (
          SELECT pd.program_kind AS kind, pd.program_id AS id, pd.user_id,
                 count(*) FILTER (WHERE pd.steps > 0)::int AS up_days,
                 sum(CASE WHEN x.excluded THEN 0 ELSE least(pf.cap, pd.steps) END)::bigint AS counted
            FROM program_days pd
            JOIN pf ON pf.kind = pd.program_kind AND pf.id = pd.program_id
            LEFT JOIN LATERAL (SELECT true AS excluded FROM step_flags f
                                WHERE f.program_kind = pd.program_kind AND f.program_id = pd.program_id AND f.user_id = pd.user_id
                                  AND f.day = pd.day AND f.state = 'excluded' LIMIT 1) x ON true
           WHERE pd.day >= pf.start_date AND pd.day <= least(pf.end_date, ${today}::date - 1)
             AND pd.user_id IN (SELECT user_id FROM e WHERE e.kind = pd.program_kind AND e.id = pd.program_id)
           GROUP BY pd.program_kind, pd.program_id, pd.user_id),
        r AS (
          SELECT e.kind, e.id, e.dept, e.age, coalesce(d.up_days, 0) > 0 AS active,
                 pf.days_finished > 0 AND coalesce(d.counted, 0) >= pf.goal::bigint * pf.days_finished AS completed
            FROM e JOIN pf ON pf.kind = e.kind AND pf.id = e.id
            LEFT JOIN d ON d.kind = e.kind AND d.id = e.id AND d.user_id = e.user_id)
        SELECT pf.kind, pf.id, pf.name_ja, pf.name_en, pf.start_date::text, pf.end_date::text, pf.goal, pf.days_finished, x.g, x.k,
               coalesce(x.entrants, 0) AS entrants, coalesce(x.active, 0) AS active, coalesce(x.completed, 0) AS completed
          FROM pf
          LEFT JOIN (
            SELECT r.kind, r.id,
                   CASE WHEN grouping(r.dept) = 0 THEN 'department' WHEN grouping(r.age) = 0 THEN 'ageBand' ELSE 'none' END AS g,
                   CASE WHEN grouping(r.dept) = 0 THEN r.dept WHEN grouping(r.age) = 0 THEN r.age ELSE 'all' END AS k,
                   count(*)::int AS entrants, count(*) FILTER (WHERE r.active)::int AS active,
                   count(*) FILTER (WHERE r.completed)::int AS completed
              FROM r GROUP BY GROUPING SETS ((r.kind, r.id, r.dept), (r.kind, r.id, r.age), (r.kind, r.id))) x
            ON x.kind = pf.kind AND x.id = pf.id
         ORDER BY pf.start_date DESC, pf.kind, pf.id`,
  );
}
