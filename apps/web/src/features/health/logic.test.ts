import { describe, expect, it } from 'vitest';
import {
  availableMonths,
  availableYears,
  canGoForward,
  fiveTicks,
  pickYear,
  previousMonth,
  ratingIcon,
  recommendedTags,
  stepsLevel,
  weekRange,
  weightAxisRange,
} from './logic.ts';

describe('weeks', () => {
  it('runs Monday to Sunday in Asia/Tokyo', () => {
    // Sunday 2026-11-22 23:30 in Tokyo = 14:30 UTC.
    const { from, to } = weekRange(Date.UTC(2026, 10, 22, 14, 30), 0);
    expect(from).toBe(Date.parse('2026-11-16T00:00:00+09:00'));
    expect(to).toBe(Date.parse('2026-11-23T00:00:00+09:00') - 1);
    // Monday 00:30 in Tokyo is still Sunday in UTC: the new week.
    expect(weekRange(Date.UTC(2026, 10, 22, 15, 30), 0).from).toBe(Date.parse('2026-11-23T00:00:00+09:00'));
    expect(weekRange(Date.UTC(2026, 10, 22, 14, 30), -1).from).toBe(Date.parse('2026-11-09T00:00:00+09:00'));
    expect(canGoForward(0)).toBe(false);
    expect(canGoForward(-1)).toBe(true);
  });
});

describe('constants', () => {
  it('maps steps to the emoticon level', () => {
    expect([12000, 11999, 8000, 7999, 4000, 3999, 0].map(stepsLevel)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
  it('gives five ticks around the latest value', () => {
    expect(fiveTicks(63.25)).toEqual([61.3, 62.3, 63.3, 64.3, 65.3]);
  });
  it('picks rating icons by floor((100 - score) / 25), 3 for 0', () => {
    expect([100, 80, 75.1, 50, 49.9, 1, 0, null].map(ratingIcon)).toEqual([0, 0, 0, 2, 2, 3, 3, 3]);
  });
});

describe('recommended tags', () => {
  it('uses the two lowest categories when close, 3 each', () => {
    expect(recommendedTags({ exercise: 40, meal: 55, drinking: 90, sleep: 70, stress: 80 })).toEqual({ tags: ['genre4', 'genre2'], perTag: 3 });
  });
  it('uses only the lowest when the gap is over 20', () => {
    expect(recommendedTags({ exercise: 20, meal: 60, drinking: 90, sleep: 70, stress: 80 })).toEqual({ tags: ['genre4'], perTag: 6 });
  });
  it('uses only the drinking tags when drinking is lowest', () => {
    expect(recommendedTags({ exercise: 40, meal: 45, drinking: 30, sleep: 70, stress: 80 })).toEqual({ tags: ['master9', 'master10'], perTag: 3 });
  });
});

describe('report month picker', () => {
  const latest = previousMonth(Date.UTC(2026, 0, 10));
  it('defaults to the previous month, across the new year', () => {
    expect(latest).toEqual({ year: 2025, month: 12 });
    expect(previousMonth(Date.UTC(2026, 10, 18))).toEqual({ year: 2026, month: 10 });
  });
  it('offers December 2021 to the previous month', () => {
    expect(availableYears(latest)).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(availableMonths(2021, latest)).toEqual([12]);
    expect(availableMonths(2023, latest)).toHaveLength(12);
  });
  it('falls back to the latest available month when a year lacks the chosen one', () => {
    const l = { year: 2026, month: 10 };
    expect(pickYear(2026, 12, l)).toEqual({ year: 2026, month: 10 });
    expect(pickYear(2021, 5, l)).toEqual({ year: 2021, month: 12 });
    expect(pickYear(2024, 5, l)).toEqual({ year: 2024, month: 5 });
  });
});

describe('weightAxisRange (issue 13, finding 8)', () => {
  it('runs from the lowest weight minus 1 to the highest plus 1, not rounded to whole kilograms', () => {
    expect(weightAxisRange([62.4, 61.7, 63.2])).toEqual({ min: 60.7, max: 64.2 });
    expect(weightAxisRange([70])).toEqual({ min: 69, max: 71 });
  });
  it('has a placeholder range without weights', () => {
    expect(weightAxisRange([])).toEqual({ min: 0, max: 1 });
  });
});
