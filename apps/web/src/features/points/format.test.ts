import { describe, expect, it } from 'vitest';
import { POINTS_EXPIRY_NOTICE_DAYS, POINTS_VALID_YEARS as CONTRACT_VALID_YEARS } from '@hibi/contract/functions/points';
import { EXPIRY_WARNING_DAYS, POINTS_VALID_YEARS, daysUntil, estimateWords, formatAmount, formatMonth, monthParam, shiftMonth } from './format.ts';

describe("the points' formats", () => {
  it("repeats the contract's numbers", () => {
    expect(POINTS_VALID_YEARS).toBe(CONTRACT_VALID_YEARS);
    expect(EXPIRY_WARNING_DAYS).toBe(Math.max(...POINTS_EXPIRY_NOTICE_DAYS));
  });

  it('says a delivery estimate as the FAQ does, in both languages', () => {
    expect(estimateWords({ month: '2027-01', part: 'mid' }, 'en')).toEqual({ key: 'estimate.mid', month: 'January 2027' });
    expect(estimateWords({ month: '2027-01', part: 'late' }, 'ja')).toEqual({ key: 'estimate.late', month: '2027年1月' });
  });

  it('counts months and days in Tokyo terms, and signs amounts', () => {
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(formatMonth('2026-11', 'ja')).toBe('2026年11月');
    expect(daysUntil('2027-01-01', '2026-12-02')).toBe(30);
    expect(formatAmount(1200, 'en')).toBe('+1,200');
    expect(formatAmount(-300, 'ja')).toBe('\u2212300');
    expect(monthParam('2026-11')).toBe('2026-11');
    expect(monthParam('2026-13')).toBeNull();
    expect(monthParam(null)).toBeNull();
  });
});
