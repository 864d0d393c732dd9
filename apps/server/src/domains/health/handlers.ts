import * as fns from '@hibi/contract/functions/health';
import { addDays, monthOf, tokyoDay, tokyoDayStart } from '@hibi/contract/time';
import type { Config } from '../../config.ts';
import { defineHandler, failure, type Handler } from '../../core/handler.ts';
import { memberAudience, stableKey, type CachePolicy } from '../../core/read-cache.ts';
import { applyStaged, healthByRange, logInputStatus, measured, monthlyReport, recordDay, registerTarget, stageUpload } from './service.ts';

const REPORT_FIRST_MONTH = '2021-12-01';

/**
 * A member's health data over a range is made of their own rows (decision 138): kept per member, renewed when a row of
 * theirs is written, shared by every call naming the same Tokyo days. Step statistics rank the member among their
 * tenant: with them, anyone's weekly steps renew it too.
 */
export const HEALTH_OWN_TABLES = ['daily_steps', 'weekly_steps', 'health_logs', 'target_weights', 'users'] as const;
const healthRange: CachePolicy = {
  tables: [],
  ownTables: HEALTH_OWN_TABLES,
  perMember: true,
  audience: memberAudience,
  keyOf: (p) => stableKey({ ...p, fromDateTime: tokyoDay(p.fromDateTime as number), toDateTime: tokyoDay(p.toDateTime as number) }),
  nextChange: async () => null,
  forPayload: (p) => (p.needsStepStatistics ? healthRangeRanked : healthRange),
};
const healthRangeRanked: CachePolicy = { ...healthRange, tables: ['weekly_steps'], forPayload: undefined };

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
      await stageUpload(ctx.db, ctx.user.id, payload, items);
      return { stagedCount: items.length };
    }),

    defineHandler(fns.notifyHealthDataFixed, async (payload, ctx) => {
      const now = ctx.now();
      const appliedDays = await applyStaged(ctx.db, ctx.user.id, payload.source, tokyoDay(now.getTime()), now);
      return { appliedDays };
    }),

    defineHandler(fns.recordHealthData, async (p, ctx) => {
      const day = tokyoDay(p.dateTime);
      if (day > tokyoDay(ctx.now().getTime())) return failure('futureDate');
      const score = await recordDay(ctx.db, ctx.user.id, day, {
        weight: measured(p.weight),
        bodyFat: measured(p.bodyFatPercentage),
        exercise: p.exercise,
        breakfast: p.breakfast,
        nightMeal: p.nightMeal,
        overeating: p.overeating,
        overdrinking: p.overdrinking,
        sleepness: p.sleepness,
        feeling: p.feeling,
        note: p.note ?? null,
      });
      return { dateTime: tokyoDayStart(day), score };
    }),

    defineHandler(fns.registerTargetWeight, async (p, ctx) => registerTarget(ctx.db, ctx.user.id, tokyoDay(ctx.now().getTime()), p)),

    defineHandler(
      fns.getHealthDataByRange,
      async (p, ctx) => {
        const from = tokyoDay(p.fromDateTime);
        const to = tokyoDay(p.toDateTime);
        if (from > to) return failure('invalidRange');
        if (addDays(from, fns.HEALTH_LIMITS.rangeDaysMax - 1) < to) return failure('rangeTooLong');
        return healthByRange(ctx.db, ctx.user.id, from, to, p);
      },
      { cache: healthRange },
    ),

    defineHandler(fns.getHealthLogInputStatus, async (_p, ctx) => logInputStatus(ctx.db, ctx.user.id, tokyoDay(ctx.now().getTime()))),

    defineHandler(fns.getHealthLogStats, async (p, ctx) => {
      const month = monthOf(tokyoDay(p.fromDateTime));
      const today = tokyoDay(ctx.now().getTime());
      if (month < REPORT_FIRST_MONTH || month > monthOf(today)) return failure('invalidMonth');
      return monthlyReport(ctx.db, ctx.user.id, ctx.user.tenantId, month, today);
    }),
  ];
}
