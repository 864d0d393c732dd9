// Health data: writes keep the weekly and monthly aggregates up to date in the same transaction; reads are
// a handful of indexed SQL statements per call (no per-day or per-user loops). See CONTEXT.md.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, addMonths, mondayOf, monthOf } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** BMI from kg and height in cm, one decimal. */
export function bmi(weightKg: number, heightCm: number): number {
  const m = heightCm / 100;
  return round1(weightKg / (m * m));
}

/** Ideal weight: 22 x height(m)^2, one decimal (spec 2 §9). */
export function idealWeight(heightCm: number): number {
  const m = heightCm / 100;
  return round1(22 * m * m);
}

const pgDateArray = (days: readonly string[]) => sql`${`{${[...new Set(days)].join(',')}}`}::date[]`;

/**
 * Rebuilds the weekly step aggregates of the (user, Monday week) pairs a filter selects from daily_steps.
 * The filter is a condition on `s.user_id` and `s.day`.
 */
async function refreshWeekly(db: Db, filter: SQL) {
  await db.execute(sql`
    INSERT INTO weekly_steps (user_id, week_start, tenant_id, total_steps, days, avg_steps)
    SELECT s.user_id, date_trunc('week', s.day)::date, u.tenant_id, sum(s.steps), count(*), round(avg(s.steps))::int
    FROM daily_steps s JOIN users u ON u.id = s.user_id
    WHERE ${filter}
    GROUP BY 1, 2, 3
    ON CONFLICT (user_id, week_start) DO UPDATE SET tenant_id = EXCLUDED.tenant_id,
      total_steps = EXCLUDED.total_steps, days = EXCLUDED.days, avg_steps = EXCLUDED.avg_steps`);
}

/**
 * Rebuilds the monthly score aggregates of the (user, month) pairs a filter selects.
 * The filter is a condition on `user_id` and `day` that holds for the three sources alike.
 */
async function refreshMonthly(db: Db, filter: SQL) {
  await db.execute(sql`
    WITH m AS (
      SELECT user_id, date_trunc('month', day)::date AS month, count(*)::int AS log_days, round(avg(score), 1) AS score,
        round(avg(exercise), 1) AS exercise, round(avg(meal), 1) AS meal, round(avg(drinking), 1) AS drinking,
        round(avg(sleep), 1) AS sleep, round(avg(stress), 1) AS stress
      FROM health_daily_scores WHERE ${filter} GROUP BY 1, 2),
    w AS (
      SELECT user_id, date_trunc('month', day)::date AS month, round(avg(weight) FILTER (WHERE weight > 0), 1) AS weight
      FROM health_logs WHERE ${filter} GROUP BY 1, 2),
    st AS (
      SELECT user_id, date_trunc('month', day)::date AS month, round(avg(steps))::int AS steps_avg
      FROM daily_steps WHERE ${filter} GROUP BY 1, 2),
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

/** Brings the aggregates of one user up to date for the weeks and months containing the given days. */
export async function refreshUserAggregates(db: Db, userId: number, days: readonly string[]) {
  if (days.length === 0) return;
  const sorted = [...days].sort();
  const weeks = sorted.map(mondayOf);
  const months = sorted.map(monthOf);
  const firstWeek = weeks[0]!;
  const lastWeekEnd = addDays(weeks.at(-1)!, 7);
  await refreshWeekly(
    db,
    sql`s.user_id = ${userId} AND s.day >= ${firstWeek}::date AND s.day < ${lastWeekEnd}::date
        AND date_trunc('week', s.day)::date = ANY(${pgDateArray(weeks)})`,
  );
  const firstMonth = months[0]!;
  const lastMonthEnd = addMonths(months.at(-1)!, 1);
  await refreshMonthly(
    db,
    sql`user_id = ${userId} AND day >= ${firstMonth}::date AND day < ${lastMonthEnd}::date
        AND date_trunc('month', day)::date = ANY(${pgDateArray(months)})`,
  );
}

/** Rebuilds every aggregate from the daily tables (seed, benchmark, repair). */
export async function refreshAllAggregates(db: Db) {
  await refreshWeekly(db, sql`true`);
  await refreshMonthly(db, sql`true`);
}
