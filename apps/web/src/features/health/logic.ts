// Pure rules of the health screens (docs/requirements/health.md), kept apart from React so they can be tested.

import { DAY_MS, mondayOf, tokyoDay, tokyoDayStart } from '@hibi/contract/time';

/** Midnight in Asia/Tokyo of the Monday of the week containing the instant. */
export function mondayStartMs(epochMs: number): number {
  return tokyoDayStart(mondayOf(tokyoDay(epochMs)));
}

/** The Monday-to-Sunday week `offset` weeks from the current one (0 = current, negative = earlier). */
export function weekRange(nowMs: number, offset: number): { from: number; to: number } {
  const from = mondayStartMs(nowMs) + offset * 7 * DAY_MS;
  return { from, to: from + 7 * DAY_MS - 1 };
}

/** Forward navigation stops at the current week; backwards is unlimited. */
export const canGoForward = (offset: number) => offset < 0;

/** Emoticon level of a step count: at least 12000 is 0, at least 8000 is 1, at least 4000 is 2, else 3. */
export function stepsLevel(steps: number): 0 | 1 | 2 | 3 {
  if (steps >= 12000) return 0;
  if (steps >= 8000) return 1;
  if (steps >= 4000) return 2;
  return 3;
}

/** Five ticks from the latest value minus 2 to plus 2, one decimal each. */
export function fiveTicks(latest: number): number[] {
  return [-2, -1, 0, 1, 2].map((d) => Math.round((latest + d) * 10) / 10);
}

/** Rating icon of a category score: 3 when the score is 0 (or missing), else floor((100 - score) / 25). */
/** The logging streak badge shows from 2 days in a row (docs/requirements/health.md#health-log-chart). */
export const MIN_STREAK_SHOWN = 2;

/** The report chart's weight axis: the lowest weight minus 1 kg to the highest plus 1 kg, unrounded (docs/requirements/health.md#health-report-charts). */
export function weightAxisRange(weights: number[]): { min: number; max: number } {
  if (!weights.length) return { min: 0, max: 1 };
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return { min: round1(Math.min(...weights) - 1), max: round1(Math.max(...weights) + 1) };
}

export function ratingIcon(score: number | null | undefined): 0 | 1 | 2 | 3 {
  if (!score) return 3;
  return Math.min(3, Math.max(0, Math.floor((100 - score) / 25))) as 0 | 1 | 2 | 3;
}

export type Category = 'exercise' | 'meal' | 'drinking' | 'sleep' | 'stress';
export const CATEGORIES: Category[] = ['exercise', 'meal', 'drinking', 'sleep', 'stress'];
export const CATEGORY_TAGS: Record<Category, string[]> = {
  exercise: ['genre4'],
  meal: ['genre2'],
  sleep: ['genre3'],
  stress: ['genre5'],
  drinking: ['master9', 'master10'],
};
export const RECOMMENDED_TOTAL = 6;

/**
 * Tags of the recommended articles and how many per tag: the lowest-scoring category; also the second lowest when
 * the gap is 20 or less; only the drinking tags when drinking is the lowest. 6 articles split evenly between tags.
 */
export function recommendedTags(scores: Record<Category, number | null>): { tags: string[]; perTag: number } {
  const ranked = CATEGORIES.map((c) => ({ c, s: scores[c] ?? 0 })).sort((a, b) => a.s - b.s);
  const first = ranked[0]!;
  const second = ranked[1]!;
  let chosen: Category[];
  if (first.c === 'drinking') chosen = ['drinking'];
  else if (second.s - first.s > 20) chosen = [first.c];
  else chosen = [first.c, second.c];
  const tags = chosen.flatMap((c) => CATEGORY_TAGS[c]);
  return { tags, perTag: Math.floor(RECOMMENDED_TOTAL / tags.length) };
}

export interface YearMonth {
  year: number;
  month: number;
}
export const REPORT_FIRST: YearMonth = { year: 2021, month: 12 };

/** The latest month the report offers: the previous month in Asia/Tokyo. */
export function previousMonth(nowMs: number): YearMonth {
  const [y, m] = tokyoDay(nowMs).split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

export function availableYears(latest: YearMonth): number[] {
  const years: number[] = [];
  for (let y = latest.year; y >= REPORT_FIRST.year; y -= 1) years.push(y);
  return years;
}

export function availableMonths(year: number, latest: YearMonth): number[] {
  const first = year === REPORT_FIRST.year ? REPORT_FIRST.month : 1;
  const last = year === latest.year ? latest.month : 12;
  const months: number[] = [];
  for (let m = first; m <= last; m += 1) months.push(m);
  return months;
}

/** Picking another year keeps the month when that year has it; otherwise the latest month that year offers. */
export function pickYear(year: number, month: number, latest: YearMonth): YearMonth {
  const months = availableMonths(year, latest);
  return { year, month: months.includes(month) ? month : months[months.length - 1]! };
}

export function monthStartMs({ year, month }: YearMonth): number {
  return tokyoDayStart(`${year}-${String(month).padStart(2, '0')}-01`);
}
