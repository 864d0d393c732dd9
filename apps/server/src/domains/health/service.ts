// The health domain's service and public module: the rules of uploads, logs, target weights and reports. Writes keep
// the weekly and monthly aggregates up to date in the same transaction; reads are a handful of indexed SQL statements
// per call (no per-day or per-user loops), all in data.ts. See CONTEXT.md.
import type { z } from 'zod';
import type * as fns from '@hibi/contract/functions/health';
import { MIN_PEER_GROUP } from '@hibi/contract/constants';
import { addDays, addMonths, daysInMonth, mondayOf, monthOf, tokyoDayStart } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { retryConflicts, transaction } from '../../db/transaction.ts';
import { failure } from '../../core/handler.ts';
import { holdMemberDays } from '../programs/service.ts';
import * as data from './data.ts';

/** A day's weight (the rest of its log kept) with the aggregates brought up to date; inside the caller's transaction. */
export async function saveWeightOfDay(tx: Db, userId: number, day: string, weight: number): Promise<void> {
  await data.saveDayWeight(tx, userId, day, weight);
  await data.refreshUserAggregates(tx, userId, [day]);
}

/** Sets a target weight as it is (no rule: the developer tool's save); registerTarget is the member's way. */
export const saveTargetWeight = data.saveTargetWeight;

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** BMI from kg and height in cm, one decimal. */
export function bmi(weightKg: number, heightCm: number): number {
  const m = heightCm / 100;
  return round1(weightKg / (m * m));
}

/** Ideal weight: 22 x height(m)^2, one decimal (docs/requirements/health.md#health-ideal-weight). */
export function idealWeight(heightCm: number): number {
  const m = heightCm / 100;
  return round1(22 * m * m);
}

/** A weight or body fat of 0 means "not measured". */
export const measured = (v: number | null | undefined) => (v === undefined ? undefined : v === 0 || v === null ? null : v);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const MONTHLY_LOSS_LIMIT_KG = 2;

/** Steps of the last 14 days (today included) are merged across devices; older days are final (FAQ 3004). */
export const STEP_MERGE_WINDOW_DAYS = 14;

/** Stages a device's upload until it calls notifyHealthDataFixed (one statement, decision 164). */
export async function stageUpload(db: Db, userId: number, device: data.DeviceInfo, items: data.StagedDay[]): Promise<void> {
  await retryConflicts(db, () => data.stageUpload(db, userId, device, items));
}

/**
 * Applies what a source staged, in one statement (decision 164); returns the number of days applied. A step count
 * older than the merge window changes nothing on a day that already has one: that day is final. A day with no count
 * yet (a first sync of a device's history) is still filled.
 */
export async function applyStaged(db: Db, userId: number, source: string, today: string, now = new Date(tokyoDayStart(today))): Promise<number> {
  const firstMergeDay = addDays(today, -(STEP_MERGE_WINDOW_DAYS - 1));
  // Programs hold the day's figure in the same transaction, while its grace window is open by the app's clock
  // (docs/requirements/programs.md#programs-counting, decision 187).
  return retryConflicts(db, () =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const n = await data.applyStaged(tx, userId, source, firstMergeDay);
      if (n > 0) await holdMemberDays(tx, userId, today, now);
      return n;
    }),
  );
}

/** Records a day's interview (and weights) and answers the day's score. */
export async function recordDay(db: Db, userId: number, day: string, input: data.InterviewInput): Promise<number> {
  return transaction(db, async (tx) => {
    await data.upsertInterview(tx, userId, day, input);
    await data.refreshUserAggregates(tx, userId, [day]);
    return data.dailyScore(tx, userId, day);
  });
}

/** Below this BMI a member is underweight: no target weight for them, and no target below it. */
export const UNDERWEIGHT_BMI = 18.5;

/**
 * A member's target weight, after the product's rules (neither they nor the target underweight): stored with the
 * height and today's weight it was set with; answers the figures that go with it.
 */
export async function registerTarget(
  db: Db,
  userId: number,
  today: string,
  p: { targetWeight: number; currentWeight: number; currentHeight: number },
) {
  const currentBMI = bmi(p.currentWeight, p.currentHeight);
  const targetBMI = bmi(p.targetWeight, p.currentHeight);
  if (currentBMI < UNDERWEIGHT_BMI) return failure('underweight', { currentBMI });
  if (targetBMI < UNDERWEIGHT_BMI) return failure('targetBelowHealthyBMI', { targetBMI });
  await transaction(db, async (tx) => {
    await data.saveTargetWeight(tx, userId, p.targetWeight);
    await data.saveHeightTenths(tx, userId, Math.round(p.currentHeight * 10));
    await data.saveDayWeight(tx, userId, today, p.currentWeight);
    await data.refreshUserAggregates(tx, userId, [today]);
  });
  return {
    targetWeight: p.targetWeight,
    idealWeight: idealWeight(p.currentHeight),
    currentBMI,
    targetBMI,
    monthlyLossLimit: MONTHLY_LOSS_LIMIT_KG,
    monthsNeeded: Math.ceil(round1(Math.max(0, p.currentWeight - p.targetWeight)) / MONTHLY_LOSS_LIMIT_KG),
  };
}

type RangeFlags = Omit<z.output<(typeof fns.getHealthDataByRange)['payload']>, 'fromDateTime' | 'toDateTime'>;

/** The days, logs and weeks of a range (from <= to, within the range limit), with only what the flags ask for. */
export async function healthByRange(db: Db, userId: number, from: string, to: string, p: RangeFlags) {
  const needsHealth = p.needsDailyScore || p.needsInterview || p.needsWeight || p.needsBMI || p.needsBodyFatPercentage;
  const [stepRows, healthRows, weekRows, profile] = await Promise.all([
    data.stepsBetween(db, userId, from, to),
    needsHealth ? data.logsBetween(db, userId, from, to) : Promise.resolve([]),
    p.needsWeeklyAverage || p.needsStepStatistics
      ? data.weeksBetween(db, userId, mondayOf(from), mondayOf(to), Boolean(p.needsStepStatistics))
      : Promise.resolve([]),
    data.heightAndTarget(db, userId),
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
      day.note = r.note ?? null;
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
}

/** The streak of logged days ending today or yesterday, and whether today is logged. */
export async function logInputStatus(db: Db, userId: number, today: string) {
  const row = await data.logStreak(db, userId, today);
  const last = row?.last ?? null;
  const loggedToday = last === today;
  const continuousDays = last && last >= addDays(today, -1) ? Number(row!.n) : 0;
  return { continuousDays, loggedToday };
}

/** The monthly report of `month` (a first-of-month day): four months of scores, the tenant's histogram, the input rate. */
export async function monthlyReport(db: Db, userId: number, tenantId: number, month: string, today: string) {
  const firstShown = addMonths(month, -3);
  const [monthRows, buckets] = await Promise.all([data.monthsBetween(db, userId, firstShown, month), data.monthScoreBuckets(db, tenantId, month)]);
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
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

/** A member's daily steps, page by page (keyset on the day). */
export async function* stepsForExport(db: Db, userId: number, pageSize: number) {
  for (let after: string | null = null; ;) {
    const page = await data.stepsExportPage(db, userId, after, pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.day;
  }
}

/** A member's health logs (weights and lifestyle answers), page by page (keyset on the day). */
export async function* logsForExport(db: Db, userId: number, pageSize: number) {
  for (let after: string | null = null; ;) {
    const page = await data.logsExportPage(db, userId, after, pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.day;
  }
}
