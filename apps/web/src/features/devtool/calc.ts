import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';

/** Midnight (Asia/Tokyo, no daylight saving) of the day `daysAgo` days before today, as epoch ms: how the health calls name a day. */
export function tokyoDay(daysAgo = 0, now = Date.now()): number {
  return startOfTokyoDay(now) - daysAgo * DAY_MS;
}

/** Ideal weight = 22 × height(m)², rounded to one decimal (docs/requirements/health.md#health-ideal-weight); null without a usable height. */
export function idealWeight(heightCm: number): number | null {
  if (!Number.isFinite(heightCm) || heightCm <= 0) return null;
  return Math.round(22 * (heightCm / 100) ** 2 * 10) / 10;
}
