import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysInMonth, mondayOf, monthOf, startOfTokyoDay, tokyoDay, tokyoDayStart, tokyoWeek } from './time.ts';

describe('Asia/Tokyo calendar (issue 14, item 3)', () => {
  it('a Tokyo day runs from 15:00 UTC the day before to 14:59:59.999 UTC', () => {
    expect(tokyoDay(Date.UTC(2026, 10, 22, 14, 59, 59, 999))).toBe('2026-11-22');
    expect(tokyoDay(Date.UTC(2026, 10, 22, 15))).toBe('2026-11-23');
    expect(tokyoDay(new Date(Date.UTC(2026, 10, 22, 15)))).toBe('2026-11-23');
    expect(tokyoDayStart('2026-11-23')).toBe(Date.UTC(2026, 10, 22, 15));
    expect(startOfTokyoDay(Date.UTC(2026, 10, 23, 14, 59))).toBe(Date.UTC(2026, 10, 22, 15));
    expect(startOfTokyoDay(Date.UTC(2026, 10, 23, 15))).toBe(Date.UTC(2026, 10, 23, 15));
  });

  it('weeks run Monday to Sunday: Sunday 23:59 and Monday 00:00 in Tokyo fall in different weeks', () => {
    const sundayLate = tokyoDayStart('2026-11-29') + 24 * 3600_000 - 60_000;
    const mondayEarly = tokyoDayStart('2026-11-30');
    expect(tokyoWeek(sundayLate)).toEqual({
      monday: '2026-11-23',
      sunday: '2026-11-29',
      fromDateTime: tokyoDayStart('2026-11-23'),
      toDateTime: tokyoDayStart('2026-11-30') - 1,
    });
    expect(tokyoWeek(mondayEarly).monday).toBe('2026-11-30');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
  });

  it('adds days and months across month, year and leap-year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(monthOf('2026-11-23')).toBe('2026-11-01');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
    expect(daysInMonth('2028-02-01')).toBe(29);
    expect(daysInMonth('2026-02-01')).toBe(28);
    expect(daysInMonth('2026-11-01')).toBe(30);
  });
});
