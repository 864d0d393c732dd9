import { sql } from 'drizzle-orm';
import * as fns from '@hibi/contract/functions/health';
import { MIN_PEER_GROUP } from '@hibi/contract/constants';
import type { Handler } from '../../functions/types.ts';
import { defineHandler, failure } from '../../functions/types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { addDays, addMonths, daysInMonth, mondayOf, monthOf, tokyoDay, tokyoDayStart } from '@hibi/contract/time';
import { bmi, idealWeight, refreshUserAggregates, round1 } from './service.ts';
import { rows } from '../../db/query.ts';

/** A weight or body fat of 0 means "not measured". */
const measured = (v: number | null | undefined) => (v === undefined ? undefined : v === 0 || v === null ? null : v);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const REPORT_FIRST_MONTH = '2021-12-01';
const MONTHLY_LOSS_LIMIT_KG = 2;
const UNDERWEIGHT_BMI = 18.5;

/** Steps of the last 14 days (today included) are merged across devices; older days are final (FAQ 3004). */
export const STEP_MERGE_WINDOW_DAYS = 14;

async function applyStaged(db: Db, userId: number, source: string, today: string): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const staged = await rows<{ day: string; steps: number | null; weight: string | null; body_fat_percentage: string | null }>(
      tx,
      sql`DELETE FROM health_upload_items WHERE user_id = ${userId} AND source = ${source}
          RETURNING day::text AS day, steps, weight, body_fat_percentage`,
    );
    if (staged.length === 0) return 0;
    // A step count older than the merge window changes nothing on a day that already has one: that day is final.
    // A day with no count yet (a first sync of a device's history) is still filled.
    const firstMergeDay = addDays(today, -(STEP_MERGE_WINDOW_DAYS - 1));
    const oldDaysWithSteps = new Set(
      (
        await rows<{ day: string }>(
          tx,
          sql`SELECT day::text AS day FROM daily_steps WHERE user_id = ${userId} AND day < ${firstMergeDay}::date
              AND day IN (SELECT x.day FROM jsonb_to_recordset(${JSON.stringify(staged)}::jsonb) AS x(day date))`,
        )
      ).map((r) => r.day),
    );
    const json = JSON.stringify(staged.map((s) => (oldDaysWithSteps.has(s.day) ? { ...s, steps: null } : s)));
    // This source's count replaces its earlier one; the day keeps the largest count any source reported.
    await tx.execute(sql`
      INSERT INTO device_daily_steps (user_id, source, day, steps)
      SELECT ${userId}, ${source}, x.day, x.steps FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, steps int)
      WHERE x.steps IS NOT NULL
      ON CONFLICT (user_id, source, day) DO UPDATE SET steps = EXCLUDED.steps`);
    await tx.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT d.user_id, d.day, max(d.steps) FROM device_daily_steps d
      WHERE d.user_id = ${userId}
        AND d.day IN (SELECT x.day FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, steps int) WHERE x.steps IS NOT NULL)
      GROUP BY d.user_id, d.day
      ON CONFLICT (user_id, day) DO UPDATE SET steps = EXCLUDED.steps`);
    await tx.execute(sql`
      INSERT INTO health_logs (user_id, day, weight, body_fat_percentage)
      SELECT ${userId}, x.day, x.weight, x.body_fat_percentage
      FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, weight numeric, body_fat_percentage numeric)
      WHERE x.weight IS NOT NULL OR x.body_fat_percentage IS NOT NULL
      ON CONFLICT (user_id, day) DO UPDATE SET
        weight = coalesce(EXCLUDED.weight, health_logs.weight),
        body_fat_percentage = coalesce(EXCLUDED.body_fat_percentage, health_logs.body_fat_percentage)`);
    await refreshUserAggregates(
      tx,
      userId,
      staged.map((s) => s.day),
    );
    await tx.execute(sql`UPDATE health_devices SET last_fixed_at = now() WHERE user_id = ${userId} AND source = ${source}`);
    return staged.length;
  });
}

/** Handlers of the health domain, one per function in the contract's functions/health.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function healthHandlers(config: Config): Handler[] {
  return [
    defineHandler(fns.uploadHealthData, async (payload, ctx) => {
      const today = tokyoDay(ctx.now().getTime());
      const items = payload.healthData.map((item) => ({
        day: tokyoDay(item.dateTime),
        steps: item.steps ?? null,
        weight: measured(item.weight) ?? null,
        body_fat_percentage: measured(item.bodyFatPercentage) ?? null,
      }));
      if (items.some((i) => i.day > today)) return failure('futureDate');
      if (new Set(items.map((i) => i.day)).size !== items.length) return failure('duplicateDate');
      const userId = ctx.user.id;
      const json = JSON.stringify(items);
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO health_devices (user_id, source, os_type, os_version, app_version, last_upload_at)
          VALUES (${userId}, ${payload.source}, ${payload.osType}, ${payload.osVersion}, ${payload.appVersion}, now())
          ON CONFLICT (user_id, source) DO UPDATE SET os_type = EXCLUDED.os_type, os_version = EXCLUDED.os_version,
            app_version = EXCLUDED.app_version, last_upload_at = EXCLUDED.last_upload_at`);
        await tx.execute(sql`
          INSERT INTO health_upload_items (user_id, source, day, steps, weight, body_fat_percentage)
          SELECT ${userId}, ${payload.source}, x.day, x.steps, x.weight, x.body_fat_percentage
          FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, steps int, weight numeric, body_fat_percentage numeric)
          ON CONFLICT (user_id, source, day) DO UPDATE SET steps = EXCLUDED.steps, weight = EXCLUDED.weight,
            body_fat_percentage = EXCLUDED.body_fat_percentage, uploaded_at = now()`);
      });
      return { stagedCount: items.length };
    }),

    defineHandler(fns.notifyHealthDataFixed, async (payload, ctx) => {
      const appliedDays = await applyStaged(ctx.db, ctx.user.id, payload.source, tokyoDay(ctx.now().getTime()));
      return { appliedDays };
    }),

    defineHandler(fns.recordHealthData, async (p, ctx) => {
      const day = tokyoDay(p.dateTime);
      if (day > tokyoDay(ctx.now().getTime())) return failure('futureDate');
      const userId = ctx.user.id;
      const weight = measured(p.weight);
      const bodyFat = measured(p.bodyFatPercentage);
      const score = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`
          INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating,
            overdrinking, sleepness, feeling, note)
          VALUES (${userId}, ${day}::date, ${weight ?? null}, ${bodyFat ?? null}, ${p.exercise}, ${p.breakfast}, ${p.nightMeal},
            ${p.overeating}, ${p.overdrinking}, ${p.sleepness}, ${p.feeling}, ${p.note ?? null})
          ON CONFLICT (user_id, day) DO UPDATE SET
            weight = CASE WHEN ${weight === undefined} THEN health_logs.weight ELSE EXCLUDED.weight END,
            body_fat_percentage = CASE WHEN ${bodyFat === undefined} THEN health_logs.body_fat_percentage
              ELSE EXCLUDED.body_fat_percentage END,
            exercise = EXCLUDED.exercise, breakfast = EXCLUDED.breakfast, night_meal = EXCLUDED.night_meal,
            overeating = EXCLUDED.overeating, overdrinking = EXCLUDED.overdrinking, sleepness = EXCLUDED.sleepness,
            feeling = EXCLUDED.feeling, note = EXCLUDED.note`);
        await refreshUserAggregates(tx, userId, [day]);
        const [row] = await rows<{ score: string }>(tx, sql`SELECT score FROM health_daily_scores WHERE user_id = ${userId} AND day = ${day}::date`);
        return Number(row?.score ?? 0);
      });
      return { dateTime: tokyoDayStart(day), score };
    }),

    defineHandler(fns.registerTargetWeight, async (p, ctx) => {
      const currentBMI = bmi(p.currentWeight, p.currentHeight);
      const targetBMI = bmi(p.targetWeight, p.currentHeight);
      if (currentBMI < UNDERWEIGHT_BMI) return failure('underweight', { currentBMI });
      if (targetBMI < UNDERWEIGHT_BMI) return failure('targetBelowHealthyBMI', { targetBMI });
      const userId = ctx.user.id;
      const today = tokyoDay(ctx.now().getTime());
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`
          INSERT INTO target_weights (user_id, weight, registered_at) VALUES (${userId}, ${p.targetWeight}, now())
          ON CONFLICT (user_id) DO UPDATE SET weight = EXCLUDED.weight, registered_at = EXCLUDED.registered_at`);
        await tx.execute(sql`UPDATE users SET height_tenths = ${Math.round(p.currentHeight * 10)} WHERE id = ${userId}`);
        await tx.execute(sql`
          INSERT INTO health_logs (user_id, day, weight) VALUES (${userId}, ${today}::date, ${p.currentWeight})
          ON CONFLICT (user_id, day) DO UPDATE SET weight = EXCLUDED.weight`);
        await refreshUserAggregates(tx, userId, [today]);
      });
      return {
        targetWeight: p.targetWeight,
        idealWeight: idealWeight(p.currentHeight),
        currentBMI,
        targetBMI,
        monthlyLossLimit: MONTHLY_LOSS_LIMIT_KG,
        monthsNeeded: Math.ceil(round1(Math.max(0, p.currentWeight - p.targetWeight)) / MONTHLY_LOSS_LIMIT_KG),
      };
    }),

    defineHandler(fns.getHealthDataByRange, async (p, ctx) => {
      const from = tokyoDay(p.fromDateTime);
      const to = tokyoDay(p.toDateTime);
      if (from > to) return failure('invalidRange');
      if (addDays(from, fns.HEALTH_LIMITS.rangeDaysMax - 1) < to) return failure('rangeTooLong');
      const userId = ctx.user.id;
      const needsHealth = p.needsDailyScore || p.needsInterview || p.needsWeight || p.needsBMI || p.needsBodyFatPercentage;

      const [stepRows, healthRows, weekRows, [profile]] = await Promise.all([
        rows<{ day: string; steps: number }>(
          ctx.db,
          sql`SELECT day::text AS day, steps FROM daily_steps
              WHERE user_id = ${userId} AND day BETWEEN ${from}::date AND ${to}::date ORDER BY day`,
        ),
        needsHealth
          ? rows<Record<string, unknown> & { day: string }>(
              ctx.db,
              sql`SELECT l.day::text AS day, l.weight::float8 AS weight, l.body_fat_percentage::float8 AS body_fat,
                    l.exercise, l.breakfast, l.night_meal, l.overeating, l.overdrinking, l.sleepness, l.feeling, l.note,
                    h.score::float8 AS score, (h.score - p.score)::float8 AS comparison
                  FROM health_logs l
                  LEFT JOIN health_daily_scores h ON h.user_id = l.user_id AND h.day = l.day
                  LEFT JOIN health_daily_scores p ON p.user_id = l.user_id AND p.day = l.day - 1
                  WHERE l.user_id = ${userId} AND l.day BETWEEN ${from}::date AND ${to}::date ORDER BY l.day`,
            )
          : Promise.resolve([]),
        p.needsWeeklyAverage || p.needsStepStatistics
          ? rows<{ week: string; avg_steps: number; rank: number | null; max_rank: number | null }>(
              ctx.db,
              p.needsStepStatistics
                ? sql`SELECT w.week_start::text AS week, w.avg_steps, r.rank, r.max_rank FROM weekly_steps w
                      CROSS JOIN LATERAL (
                        SELECT (1 + count(*) FILTER (WHERE o.avg_steps > w.avg_steps))::int AS rank, count(*)::int AS max_rank
                        FROM weekly_steps o WHERE o.tenant_id = w.tenant_id AND o.week_start = w.week_start) r
                      WHERE w.user_id = ${userId} AND w.week_start BETWEEN ${mondayOf(from)}::date AND ${mondayOf(to)}::date`
                : sql`SELECT w.week_start::text AS week, w.avg_steps, NULL::int AS rank, NULL::int AS max_rank FROM weekly_steps w
                      WHERE w.user_id = ${userId} AND w.week_start BETWEEN ${mondayOf(from)}::date AND ${mondayOf(to)}::date`,
            )
          : Promise.resolve([]),
        rows<{ height_tenths: number | null; target: number | null }>(
          ctx.db,
          sql`SELECT u.height_tenths, t.weight::float8 AS target FROM users u
              LEFT JOIN target_weights t ON t.user_id = u.id WHERE u.id = ${userId}`,
        ),
      ]);

      const heightCm = profile?.height_tenths ? profile.height_tenths / 10 : null;
      const healthData = healthRows.map((r) => {
        const weight = num(r.weight);
        const day: fns.HealthDay = { dateTime: tokyoDayStart(r.day) };
        if (p.needsWeight) day.weight = weight;
        if (p.needsBodyFatPercentage) day.bodyFatPercentage = num(r.body_fat);
        if (p.needsBMI) day.BMI = weight && heightCm ? bmi(weight, heightCm) : null;
        if (p.needsDailyScore) {
          day.score = num(r.score);
          day.comparisonScore = r.comparison === null ? null : round1(Number(r.comparison));
        }
        if (p.needsInterview) {
          day.exercise = num(r.exercise);
          day.breakfast = num(r.breakfast);
          day.nightMeal = num(r.night_meal);
          day.overeating = num(r.overeating);
          day.overdrinking = num(r.overdrinking);
          day.sleepness = num(r.sleepness);
          day.feeling = num(r.feeling);
          day.note = (r.note as string | null) ?? null;
        }
        return day;
      });

      const weeklyStepsData = [];
      if (p.needsWeeklyAverage || p.needsStepStatistics) {
        const byWeek = new Map(weekRows.map((w) => [w.week, w]));
        for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) {
          const w = byWeek.get(week);
          weeklyStepsData.push({
            fromDateTime: tokyoDayStart(week),
            toDateTime: tokyoDayStart(addDays(week, 7)) - 1,
            steps: w ? Number(w.avg_steps) : null,
            ...(p.needsStepStatistics ? { stepStatistics: w && w.rank !== null ? { rank: Number(w.rank), maxRank: Number(w.max_rank) } : null } : {}),
          });
        }
      }

      return {
        stepsData: stepRows.map((s) => ({ dateTime: tokyoDayStart(s.day), steps: Number(s.steps) })),
        healthData,
        weeklyStepsData,
        targetWeight: profile?.target !== null && profile?.target !== undefined ? { weight: Number(profile.target) } : null,
        height: heightCm,
      };
    }),

    defineHandler(fns.getHealthLogInputStatus, async (_p, ctx) => {
      const today = tokyoDay(ctx.now().getTime());
      const [row] = await rows<{ last: string | null; n: number }>(
        ctx.db,
        sql`WITH g AS (
              SELECT day, row_number() OVER (ORDER BY day DESC)::int AS rn FROM health_logs
              WHERE user_id = ${ctx.user.id} AND exercise IS NOT NULL AND day <= ${today}::date),
            top AS (SELECT max(day) AS d FROM g)
            SELECT (SELECT d FROM top)::text AS last,
              (SELECT count(*) FROM g, top WHERE g.day = top.d - (g.rn - 1))::int AS n`,
      );
      const last = row?.last ?? null;
      const loggedToday = last === today;
      const continuousDays = last && last >= addDays(today, -1) ? Number(row!.n) : 0;
      return { continuousDays, loggedToday };
    }),

    defineHandler(fns.getHealthLogStats, async (p, ctx) => {
      const month = monthOf(tokyoDay(p.fromDateTime));
      const today = tokyoDay(ctx.now().getTime());
      if (month < REPORT_FIRST_MONTH || month > monthOf(today)) return failure('invalidMonth');
      const firstShown = addMonths(month, -3);
      const userId = ctx.user.id;
      type MonthRow = {
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
      };
      const [monthRows, buckets] = await Promise.all([
        rows<MonthRow>(
          ctx.db,
          sql`SELECT month::text AS month, log_days, score::float8 AS score, exercise::float8 AS exercise, meal::float8 AS meal,
                drinking::float8 AS drinking, sleep::float8 AS sleep, stress::float8 AS stress, weight::float8 AS weight, steps_avg
              FROM health_monthly WHERE user_id = ${userId} AND month BETWEEN ${firstShown}::date AND ${month}::date`,
        ),
        rows<{ b: number; n: number }>(
          ctx.db,
          sql`SELECT least(floor(score / 10), 9)::int AS b, count(*)::int AS n FROM health_monthly
              WHERE tenant_id = ${ctx.user.tenantId} AND month = ${month}::date AND score IS NOT NULL GROUP BY 1`,
        ),
      ]);
      // score is null exactly when the month has no logged day, so the histogram is an index-only scan.
      const byMonth = new Map(monthRows.map((r) => [r.month, r]));
      const scoreData = [0, 1, 2, 3].map((i) => {
        const m = addMonths(firstShown, i);
        const r = byMonth.get(m);
        const has = r && Number(r.log_days) > 0;
        return {
          month: m.slice(0, 7),
          fromDateTime: tokyoDayStart(m),
          score: has ? num(r.score) : null,
          weight: r ? num(r.weight) : null,
          steps: r ? num(r.steps_avg) : null,
          exercise: has ? num(r.exercise) : null,
          meal: has ? num(r.meal) : null,
          drinking: has ? num(r.drinking) : null,
          sleep: has ? num(r.sleep) : null,
          stress: has ? num(r.stress) : null,
        };
      });
      const current = scoreData[3]!;
      const counts = new Map(buckets.map((b) => [Number(b.b), Number(b.n)]));
      const userCount = [...counts.values()].reduce((a, b) => a + b, 0);
      // In a tiny company the buckets would tell colleagues' scores: below MIN_PEER_GROUP nothing is shown.
      const withheld = userCount < MIN_PEER_GROUP;
      const histogramBuckets = withheld
        ? []
        : [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((b) => ({
            from: b * 10,
            to: b * 10 + 10,
            count: counts.get(b) ?? 0,
          }));
      let userBucketIndex: number | null = null;
      let peerPosition: number | null = null;
      if (!withheld && current.score !== null && userCount > 0) {
        const own = Math.min(Math.floor(current.score / 10), 9);
        userBucketIndex = 9 - own;
        const atOrAbove = histogramBuckets.slice(0, userBucketIndex + 1).reduce((a, b) => a + b.count, 0);
        peerPosition = round1((atOrAbove / userCount) * 100);
      }
      const inputDays = Number(byMonth.get(month)?.log_days ?? 0);
      const days = month === monthOf(today) ? Number(today.slice(8, 10)) : daysInMonth(month);
      return {
        month: month.slice(0, 7),
        scoreData,
        average: {
          score: current.score,
          exercise: current.exercise,
          meal: current.meal,
          drinking: current.drinking,
          sleep: current.sleep,
          stress: current.stress,
        },
        histogram: { buckets: histogramBuckets, userCount, userBucketIndex, peerPosition, withheld },
        inputRate: round1((inputDays / days) * 100),
        inputDays,
        daysInMonth: days,
      };
    }),
  ];
}
