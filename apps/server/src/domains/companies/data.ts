// The companies domain's data module (issue 32, decision 146): company insights, every figure aggregated in SQL with
// GROUP BY over the tenant's members (never a query per member), and the end-of-contract purge. It reads the health
// domain's weekly_steps (kept exact as data arrives) for the period's whole weeks and daily_steps for its edge days,
// events' reservations, surveys' answers and content's article views.
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

/**
 * Steps per member and week in the period: the health domain's weekly totals for whole weeks, the days themselves for
 * the period's partial first and last weeks (each member's days read by its primary key), so the sums are exact.
 */
const stepSource = (s: InsightsScope) => sql`
  SELECT w.user_id, m.k, w.week_start AS week, w.total_steps::bigint AS total, w.days::int AS days
    FROM weekly_steps w JOIN m ON m.id = w.user_id
   WHERE w.tenant_id = ${s.tenantId} AND w.week_start >= ${s.firstMonday}::date AND w.week_start < ${s.endMonday}::date
  UNION ALL
  SELECT m.id, m.k, date_trunc('week', d.day)::date, d.steps::bigint, 1
    FROM m CROSS JOIN LATERAL (
      SELECT dd.day, dd.steps FROM daily_steps dd
       WHERE dd.user_id = m.id AND dd.day BETWEEN ${s.from}::date AND ${s.to}::date
         AND NOT (dd.day >= ${s.firstMonday}::date AND dd.day < ${s.endMonday}::date)) d`;

export interface GroupBaseRow {
  k: string;
  members: number;
  active: number;
  participants: number;
  avg_daily: number | null;
  bands: number[];
}

/** Members, active members, step participants, their mean daily steps and the bands, per group. */
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
  return rows<GroupBaseRow>(
    db,
    sql`WITH m AS (${members(s)}),
        src AS (${stepSource(s)}),
        p AS (SELECT user_id, sum(total)::float8 / nullif(sum(days), 0) AS daily FROM src GROUP BY user_id)
        SELECT m.k, count(*)::int AS members,
               count(*) FILTER (WHERE p.user_id IS NOT NULL OR m.last_login_at >= ${iso(s.fromAt)}::timestamptz AND m.last_login_at < ${iso(s.toAt)}::timestamptz
                 OR EXISTS (SELECT 1 FROM sessions se WHERE se.user_id = m.id AND se.last_used_at >= ${iso(s.fromAt)}::timestamptz
                            AND se.created_at < ${iso(s.toAt)}::timestamptz)
                 OR EXISTS (SELECT 1 FROM health_devices hd WHERE hd.user_id = m.id AND hd.last_upload_at >= ${iso(s.fromAt)}::timestamptz
                            AND hd.last_upload_at < ${iso(s.toAt)}::timestamptz))::int AS active,
               count(p.user_id)::int AS participants,
               round(avg(p.daily))::int AS avg_daily,
               ARRAY[${bandCase}] AS bands
          FROM m LEFT JOIN p ON p.user_id = m.id
         GROUP BY m.k`,
  );
}

export interface WeekRow {
  k: string;
  week: string;
  avg_daily: number | null;
  people: number;
}

/** Each week's mean steps of the recorded days and how many members recorded any, per group. */
export async function weeklySteps(db: Db, s: InsightsScope): Promise<WeekRow[]> {
  return rows<WeekRow>(
    db,
    sql`WITH m AS (${members(s)}), src AS (${stepSource(s)})
        SELECT src.k, src.week::text AS week, round(sum(src.total)::numeric / nullif(sum(src.days), 0))::int AS avg_daily,
               count(DISTINCT src.user_id)::int AS people
          FROM src
         GROUP BY src.k, src.week ORDER BY src.week`,
  );
}

export interface LifestyleRow {
  k: string;
  people: number;
  score: number | null;
  exercise: number | null;
  meal: number | null;
  drinking: number | null;
  sleep: number | null;
  stress: number | null;
}

/** The lifestyle score's dimensions averaged over the days logged in the period, and how many members logged. */
export async function lifestyle(db: Db, s: InsightsScope): Promise<LifestyleRow[]> {
  return rows<LifestyleRow>(
    db,
    sql`WITH m AS (${members(s)})
        SELECT m.k, count(DISTINCT h.user_id)::int AS people,
               round(avg(h.score), 1)::float8 AS score, round(avg(h.exercise), 1)::float8 AS exercise,
               round(avg(h.meal), 1)::float8 AS meal, round(avg(h.drinking), 1)::float8 AS drinking,
               round(avg(h.sleep), 1)::float8 AS sleep, round(avg(h.stress), 1)::float8 AS stress
          FROM health_daily_scores h JOIN m ON m.id = h.user_id
         WHERE h.day BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY m.k`,
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

/** Tenants whose purge time (contract end + the grace period) has come and that are not purged yet; locked. */
export async function tenantsDueForPurge(tx: Db, now: Date, graceMs: number): Promise<TenantRecord[]> {
  return rows<TenantRecord>(
    tx,
    sql`SELECT id, name_ja, name_en, contract_ends_at, purged_at FROM tenants
         WHERE contract_ends_at IS NOT NULL AND purged_at IS NULL
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
  await tx.execute(sql`UPDATE tenants SET purged_at = ${iso(now)}::timestamptz WHERE id = ${tenantId}`);
  return counts!;
}
