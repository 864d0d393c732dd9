// The health domain's data module: every SQL statement on its tables (health_devices, health_upload_items,
// device_daily_steps, daily_steps, health_logs, target_weights, weekly_steps, health_monthly), with typed rows.
// Writes keep the weekly and monthly aggregates up to date; the service decides when, inside its transactions. A step
// upload's apply and one member's aggregates are functions in PostgreSQL (migration 0820, decision 164): one round
// trip each, called from here.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayParam, rows } from '../../db/query.ts';

/** One uploaded day as staged and merged (weights as the driver returns numerics: text). */
export interface StagedDay {
  day: string;
  steps: number | null;
  weight: string | number | null;
  body_fat_percentage: string | number | null;
}

export interface DeviceInfo {
  source: string;
  osType: string;
  osVersion: string;
  appVersion: string;
}

/**
 * Records the device's upload and stages its days (replacing what this source staged for the same days), in one
 * statement: its own transaction, one round trip (decision 164).
 */
export async function stageUpload(db: Db, userId: number, device: DeviceInfo, items: StagedDay[]): Promise<void> {
  const json = JSON.stringify(items);
  await db.execute(sql`
    WITH device AS (
      INSERT INTO health_devices (user_id, source, os_type, os_version, app_version, last_upload_at)
      VALUES (${userId}, ${device.source}, ${device.osType}, ${device.osVersion}, ${device.appVersion}, now())
      ON CONFLICT (user_id, source) DO UPDATE SET os_type = EXCLUDED.os_type, os_version = EXCLUDED.os_version,
        app_version = EXCLUDED.app_version, last_upload_at = EXCLUDED.last_upload_at)
    INSERT INTO health_upload_items (user_id, source, day, steps, weight, body_fat_percentage)
    SELECT ${userId}, ${device.source}, x.day, x.steps, x.weight, x.body_fat_percentage
    FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, steps int, weight numeric, body_fat_percentage numeric)
    ON CONFLICT (user_id, source, day) DO UPDATE SET steps = EXCLUDED.steps, weight = EXCLUDED.weight,
      body_fat_percentage = EXCLUDED.body_fat_percentage, uploaded_at = now()`);
}

/**
 * Applies what a source staged and brings the aggregates up to date, in one statement (migration 0820's
 * hibi_apply_staged, decision 164): step counts of days before `firstMergeDay` fill only days with none yet. Answers
 * the number of days applied (0 when nothing was staged).
 */
export async function applyStaged(db: Db, userId: number, source: string, firstMergeDay: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT hibi_apply_staged(${userId}, ${source}, ${firstMergeDay}::date) AS n`);
  return row?.n ?? 0;
}

/** A day's interview as recordHealthData writes it; weight and body fat `undefined` keep the stored value, null clears it. */
export interface InterviewInput {
  weight: number | null | undefined;
  bodyFat: number | null | undefined;
  exercise: number;
  breakfast: number;
  nightMeal: number;
  overeating: number;
  overdrinking: number;
  sleepness: number;
  feeling: number;
  note: string | null;
}

export async function upsertInterview(tx: Db, userId: number, day: string, p: InterviewInput): Promise<void> {
  const { weight, bodyFat } = p;
  await tx.execute(sql`
          INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating,
            overdrinking, sleepness, feeling, note)
          VALUES (${userId}, ${day}::date, ${weight ?? null}, ${bodyFat ?? null}, ${p.exercise}, ${p.breakfast}, ${p.nightMeal},
            ${p.overeating}, ${p.overdrinking}, ${p.sleepness}, ${p.feeling}, ${p.note})
          ON CONFLICT (user_id, day) DO UPDATE SET
            weight = CASE WHEN ${weight === undefined} THEN health_logs.weight ELSE EXCLUDED.weight END,
            body_fat_percentage = CASE WHEN ${bodyFat === undefined} THEN health_logs.body_fat_percentage
              ELSE EXCLUDED.body_fat_percentage END,
            exercise = EXCLUDED.exercise, breakfast = EXCLUDED.breakfast, night_meal = EXCLUDED.night_meal,
            overeating = EXCLUDED.overeating, overdrinking = EXCLUDED.overdrinking, sleepness = EXCLUDED.sleepness,
            feeling = EXCLUDED.feeling, note = EXCLUDED.note`);
}

/** The day's score from the view health_daily_scores (0 when the day has none). */
export async function dailyScore(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await rows<{ score: string }>(db, sql`SELECT score FROM health_daily_scores WHERE user_id = ${userId} AND day = ${day}::date`);
  return Number(row?.score ?? 0);
}

export async function saveTargetWeight(tx: Db, userId: number, weight: number): Promise<void> {
  await tx.execute(sql`
          INSERT INTO target_weights (user_id, weight, registered_at) VALUES (${userId}, ${weight}, now())
          ON CONFLICT (user_id) DO UPDATE SET weight = EXCLUDED.weight, registered_at = EXCLUDED.registered_at`);
}

export async function saveHeightTenths(tx: Db, userId: number, heightTenths: number): Promise<void> {
  await tx.execute(sql`UPDATE users SET height_tenths = ${heightTenths} WHERE id = ${userId}`);
}

/** A day's weight, keeping the rest of its log. */
export async function saveDayWeight(tx: Db, userId: number, day: string, weight: number): Promise<void> {
  await tx.execute(sql`
          INSERT INTO health_logs (user_id, day, weight) VALUES (${userId}, ${day}::date, ${weight})
          ON CONFLICT (user_id, day) DO UPDATE SET weight = EXCLUDED.weight`);
}

/* ------------------------------------------------------------------ reads */

export async function stepsBetween(db: Db, userId: number, from: string, to: string) {
  return rows<{ day: string; steps: number }>(
    db,
    sql`SELECT day::text AS day, steps FROM daily_steps
              WHERE user_id = ${userId} AND day BETWEEN ${from}::date AND ${to}::date ORDER BY day`,
  );
}

export interface LogRow {
  day: string;
  weight: number | null;
  body_fat: number | null;
  exercise: number | null;
  breakfast: number | null;
  night_meal: number | null;
  overeating: number | null;
  overdrinking: number | null;
  sleepness: number | null;
  feeling: number | null;
  note: string | null;
  score: number | null;
  comparison: number | null;
}

/** Health logs of a range with their score and the change from the day before. */
export async function logsBetween(db: Db, userId: number, from: string, to: string) {
  return rows<LogRow>(
    db,
    sql`SELECT l.day::text AS day, l.weight::float8 AS weight, l.body_fat_percentage::float8 AS body_fat,
                    l.exercise, l.breakfast, l.night_meal, l.overeating, l.overdrinking, l.sleepness, l.feeling, l.note,
                    h.score::float8 AS score, (h.score - p.score)::float8 AS comparison
                  FROM health_logs l
                  LEFT JOIN health_daily_scores h ON h.user_id = l.user_id AND h.day = l.day
                  LEFT JOIN health_daily_scores p ON p.user_id = l.user_id AND p.day = l.day - 1
                  WHERE l.user_id = ${userId} AND l.day BETWEEN ${from}::date AND ${to}::date ORDER BY l.day`,
  );
}

/** Weekly averages of the Monday weeks from `fromMonday` to `toMonday`; with `withRank`, the rank among the tenant's users. */
export async function weeksBetween(db: Db, userId: number, fromMonday: string, toMonday: string, withRank: boolean) {
  return rows<{ week: string; avg_steps: number; rank: number | null; max_rank: number | null }>(
    db,
    withRank
      ? sql`SELECT w.week_start::text AS week, w.avg_steps, r.rank, r.max_rank FROM weekly_steps w
                      CROSS JOIN LATERAL (
                        SELECT (1 + count(*) FILTER (WHERE o.avg_steps > w.avg_steps))::int AS rank, count(*)::int AS max_rank
                        FROM weekly_steps o WHERE o.tenant_id = w.tenant_id AND o.week_start = w.week_start) r
                      WHERE w.user_id = ${userId} AND w.week_start BETWEEN ${fromMonday}::date AND ${toMonday}::date`
      : sql`SELECT w.week_start::text AS week, w.avg_steps, NULL::int AS rank, NULL::int AS max_rank FROM weekly_steps w
                      WHERE w.user_id = ${userId} AND w.week_start BETWEEN ${fromMonday}::date AND ${toMonday}::date`,
  );
}

export async function heightAndTarget(db: Db, userId: number) {
  const [found] = await rows<{ height_tenths: number | null; target: number | null }>(
    db,
    sql`SELECT u.height_tenths, t.weight::float8 AS target FROM users u
              LEFT JOIN target_weights t ON t.user_id = u.id WHERE u.id = ${userId}`,
  );
  return found;
}

/** The last logged day up to `today` and how many days in a row end there. */
export async function logStreak(db: Db, userId: number, today: string) {
  const [row] = await rows<{ last: string | null; n: number }>(
    db,
    sql`WITH g AS (
              SELECT day, row_number() OVER (ORDER BY day DESC)::int AS rn FROM health_logs
              WHERE user_id = ${userId} AND exercise IS NOT NULL AND day <= ${today}::date),
            top AS (SELECT max(day) AS d FROM g)
            SELECT (SELECT d FROM top)::text AS last,
              (SELECT count(*) FROM g, top WHERE g.day = top.d - (g.rn - 1))::int AS n`,
  );
  return row;
}

export interface MonthRow {
  month: string;
  log_days: number;
  score: number | null;
  exercise: number | null;
  meal: number | null;
  drinking: number | null;
  sleep: number | null;
  stress: number | null;
  weight: number | null;
  steps_avg: number | null;
}

export async function monthsBetween(db: Db, userId: number, firstMonth: string, lastMonth: string) {
  return rows<MonthRow>(
    db,
    sql`SELECT month::text AS month, log_days, score::float8 AS score, exercise::float8 AS exercise, meal::float8 AS meal,
                drinking::float8 AS drinking, sleep::float8 AS sleep, stress::float8 AS stress, weight::float8 AS weight, steps_avg
              FROM health_monthly WHERE user_id = ${userId} AND month BETWEEN ${firstMonth}::date AND ${lastMonth}::date`,
  );
}

/** The tenant's scored users of a month by score bucket (0-9, tens); an index-only scan (score is null exactly without logs). */
export async function monthScoreBuckets(db: Db, tenantId: number, month: string) {
  return rows<{ b: number; n: number }>(
    db,
    sql`SELECT least(floor(score / 10), 9)::int AS b, count(*)::int AS n FROM health_monthly
              WHERE tenant_id = ${tenantId} AND month = ${month}::date AND score IS NOT NULL GROUP BY 1`,
  );
}

/* ------------------------------------------------------------------ aggregates */

// The aggregates of every member, rebuilt from the daily tables (seeds, benchmarks, repairs): the statements of
// migration 0820's hibi_refresh_user_aggregates, which keeps one member's up to date at every write, without its
// member and days. A change to one is a change to both (src/domains/insights/exact.test.ts compares what they write;
// decision 184 says why there are two).

/** Rebuilds every member's weekly step aggregates from daily_steps. */
async function refreshWeekly(db: Db) {
  await db.execute(sql`
    INSERT INTO weekly_steps (user_id, week_start, tenant_id, department, birth_year, total_steps, days, avg_steps)
    SELECT s.user_id, date_trunc('week', s.day)::date, u.tenant_id, u.attribution1, u.birth_year, sum(s.steps), count(*),
      round(avg(s.steps))::int
    FROM daily_steps s JOIN users u ON u.id = s.user_id
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, week_start) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, department = EXCLUDED.department,
      birth_year = EXCLUDED.birth_year, total_steps = EXCLUDED.total_steps, days = EXCLUDED.days, avg_steps = EXCLUDED.avg_steps
    WHERE (weekly_steps.total_steps, weekly_steps.days, weekly_steps.tenant_id, weekly_steps.department, weekly_steps.birth_year)
      IS DISTINCT FROM (EXCLUDED.total_steps, EXCLUDED.days, EXCLUDED.tenant_id, EXCLUDED.department, EXCLUDED.birth_year)`);
}

/** Rebuilds every member's monthly score aggregates. */
async function refreshMonthly(db: Db) {
  await db.execute(sql`
    WITH m AS (
      SELECT user_id, date_trunc('month', day)::date AS month, count(*)::int AS log_days, round(avg(score), 1) AS score,
        round(avg(exercise), 1) AS exercise, round(avg(meal), 1) AS meal, round(avg(drinking), 1) AS drinking,
        round(avg(sleep), 1) AS sleep, round(avg(stress), 1) AS stress
      FROM health_daily_scores GROUP BY 1, 2),
    w AS (
      SELECT user_id, date_trunc('month', day)::date AS month, round(avg(weight) FILTER (WHERE weight > 0), 1) AS weight
      FROM health_logs GROUP BY 1, 2),
    st AS (
      SELECT user_id, date_trunc('month', day)::date AS month, round(avg(steps))::int AS steps_avg
      FROM daily_steps GROUP BY 1, 2),
    k AS (SELECT user_id, month FROM m UNION SELECT user_id, month FROM w UNION SELECT user_id, month FROM st)
    INSERT INTO health_monthly (user_id, month, tenant_id, log_days, score, exercise, meal, drinking, sleep, stress, weight, steps_avg)
    SELECT k.user_id, k.month, u.tenant_id, coalesce(m.log_days, 0), m.score, m.exercise, m.meal, m.drinking, m.sleep,
      m.stress, w.weight, st.steps_avg
    FROM k JOIN users u ON u.id = k.user_id
    LEFT JOIN m ON m.user_id = k.user_id AND m.month = k.month
    LEFT JOIN w ON w.user_id = k.user_id AND w.month = k.month
    LEFT JOIN st ON st.user_id = k.user_id AND st.month = k.month
    ON CONFLICT (user_id, month) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, log_days = EXCLUDED.log_days,
      score = EXCLUDED.score, exercise = EXCLUDED.exercise, meal = EXCLUDED.meal, drinking = EXCLUDED.drinking,
      sleep = EXCLUDED.sleep, stress = EXCLUDED.stress, weight = EXCLUDED.weight, steps_avg = EXCLUDED.steps_avg`);
}

/**
 * Rebuilds every member's running totals (health_running_totals, migration 0780) from their first day: each day with
 * steps or a scored log, the running sums of recorded step days, steps, scored log days and the lifestyle dimensions
 * as integers (decision 030's definitions: exercise = 50 for the healthy answer + steps/160 up to 8,000, kept x 480;
 * meal = 100 per healthy answer of three / 3, kept x 3; drinking, sleep, stress = 100 per healthy answer, kept as days;
 * the day's score as health_daily_scores rounds it, x 10). Rows are written in day order, as days arrive in use, so
 * that one day's rows of a tenant's members lie together (insights read every member's row of two days).
 */
async function refreshRunning(db: Db) {
  await db.execute(sql`
    WITH s AS (SELECT x.user_id, x.day, x.steps FROM daily_steps x),
    l AS (
      SELECT h.user_id, h.day, (h.score * 10)::bigint AS score10,
        CASE WHEN g.exercise = 1 THEN 24000 ELSE 0 END + 3 * least(coalesce(ds.steps, 0), 8000) AS exercise480,
        100 * ((g.breakfast = 1)::int + (g.night_meal = 1)::int + (g.overeating = 1)::int) AS meal3,
        (g.overdrinking = 1)::int AS drinking, (g.sleepness = 1)::int AS sleep, (g.feeling = 1)::int AS stress
      FROM health_daily_scores h JOIN health_logs g ON g.user_id = h.user_id AND g.day = h.day
      LEFT JOIN daily_steps ds ON ds.user_id = h.user_id AND ds.day = h.day),
    d AS (
      SELECT coalesce(s.user_id, l.user_id) AS user_id, coalesce(s.day, l.day) AS day, (s.day IS NOT NULL)::int AS step_day,
        coalesce(s.steps, 0)::bigint AS steps, (l.day IS NOT NULL)::int AS log_day, coalesce(l.score10, 0) AS score10,
        coalesce(l.exercise480, 0) AS exercise480, coalesce(l.meal3, 0) AS meal3, coalesce(l.drinking, 0) AS drinking,
        coalesce(l.sleep, 0) AS sleep, coalesce(l.stress, 0) AS stress
      FROM s FULL JOIN l ON l.user_id = s.user_id AND l.day = s.day),
    run AS (
      SELECT d.user_id, d.day,
        sum(d.step_day) OVER w AS step_days, sum(d.steps) OVER w AS steps, sum(d.log_day) OVER w AS log_days,
        sum(d.score10) OVER w AS score10, sum(d.exercise480) OVER w AS exercise480, sum(d.meal3) OVER w AS meal3,
        sum(d.drinking) OVER w AS drinking, sum(d.sleep) OVER w AS sleep, sum(d.stress) OVER w AS stress
      FROM d
      WINDOW w AS (PARTITION BY d.user_id ORDER BY d.day))
    INSERT INTO health_running_totals AS r (user_id, day, step_days, steps, log_days, score10, exercise480, meal3, drinking, sleep, stress)
    SELECT * FROM run ORDER BY day, user_id
    ON CONFLICT (user_id, day) DO UPDATE SET step_days = EXCLUDED.step_days, steps = EXCLUDED.steps,
      log_days = EXCLUDED.log_days, score10 = EXCLUDED.score10, exercise480 = EXCLUDED.exercise480, meal3 = EXCLUDED.meal3,
      drinking = EXCLUDED.drinking, sleep = EXCLUDED.sleep, stress = EXCLUDED.stress
    WHERE (r.step_days, r.steps, r.log_days, r.score10, r.exercise480, r.meal3, r.drinking, r.sleep, r.stress)
      IS DISTINCT FROM (EXCLUDED.step_days, EXCLUDED.steps, EXCLUDED.log_days, EXCLUDED.score10, EXCLUDED.exercise480,
                        EXCLUDED.meal3, EXCLUDED.drinking, EXCLUDED.sleep, EXCLUDED.stress)`);
  // A day that no longer has steps or a scored log (its ratings cleared) leaves no row behind.
  await db.execute(sql`
    DELETE FROM health_running_totals r
     WHERE NOT EXISTS (SELECT 1 FROM daily_steps s WHERE s.user_id = r.user_id AND s.day = r.day)
       AND NOT EXISTS (SELECT 1 FROM health_logs g WHERE g.user_id = r.user_id AND g.day = r.day AND g.exercise IS NOT NULL)`);
}

/**
 * Brings one member's weekly, monthly and running aggregates up to date for the weeks and months that hold the given
 * days, in one statement (migration 0820's hibi_refresh_user_aggregates: generic plans, decisions 160 and 164).
 */
export async function refreshUserAggregates(db: Db, userId: number, days: readonly string[]) {
  if (days.length === 0) return;
  await db.execute(sql`SELECT hibi_refresh_user_aggregates(${userId}, ${arrayParam([...new Set(days)], 'date')})`);
}

/** Rebuilds every aggregate from the daily tables (seed, benchmark, repair). */
export async function refreshAllAggregates(db: Db) {
  await refreshWeekly(db);
  await refreshMonthly(db);
  await refreshRunning(db);
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

/** One page of a member's daily steps after `afterDay` (keyset: the export reads pages, never everything at once). */
export async function stepsExportPage(db: Db, userId: number, afterDay: string | null, limit: number) {
  return rows<{ day: string; steps: number }>(
    db,
    sql`SELECT day::text AS day, steps FROM daily_steps
        WHERE user_id = ${userId} ${afterDay === null ? sql`` : sql`AND day > ${afterDay}::date`} ORDER BY day LIMIT ${limit}`,
  );
}

/** One page of a member's health logs (weights, body fat, the lifestyle answers and the note) after `afterDay`. */
export async function logsExportPage(db: Db, userId: number, afterDay: string | null, limit: number) {
  return rows<Omit<LogRow, 'score' | 'comparison'>>(
    db,
    sql`SELECT day::text AS day, weight::float8 AS weight, body_fat_percentage::float8 AS body_fat, exercise, breakfast, night_meal,
               overeating, overdrinking, sleepness, feeling, note
        FROM health_logs WHERE user_id = ${userId} ${afterDay === null ? sql`` : sql`AND day > ${afterDay}::date`} ORDER BY day LIMIT ${limit}`,
  );
}
