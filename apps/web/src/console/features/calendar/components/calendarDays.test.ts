import { describe, expect, it } from 'vitest';
import { canStep, daysBetween, entriesByDay, rangeOf, readView, spansDays, stepView, viewSearch } from './calendarDays.ts';

/** A Tokyo wall time as epoch ms. */
const tokyo = (wall: string) => Date.parse(`${wall}:00+09:00`);

describe('the content calendar’s days', () => {
  it('a month shows its Monday-to-Sunday weeks; a week runs Monday to Sunday', () => {
    // May 2026 starts on a Friday and ends on a Sunday: five weeks from April 27.
    expect(rangeOf('month', '2026-05-14')).toEqual({ from: '2026-04-27', to: '2026-05-31' });
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(rangeOf('month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    // August 2027 starts on a Sunday: six weeks, 42 days, the server's longest range.
    const august = rangeOf('month', '2027-08-31');
    expect(august).toEqual({ from: '2027-07-26', to: '2027-09-05' });
    expect(daysBetween(august.from, august.to)).toHaveLength(42);
    expect(rangeOf('week', '2026-05-17')).toEqual({ from: '2026-05-11', to: '2026-05-17' });
    expect(rangeOf('week', '2026-05-11')).toEqual({ from: '2026-05-11', to: '2026-05-17' });
  });

  it('reads the view from the query string and falls back to this month', () => {
    const read = (search: string) => readView(new URLSearchParams(search), '2026-05-14');
    expect(read('?view=week&date=2026-06-03')).toEqual({ view: 'week', date: '2026-06-03' });
    expect(read('?date=2026-06-03')).toEqual({ view: 'month', date: '2026-06-03' });
    expect(read('?view=year&date=2026-02-30')).toEqual({ view: 'month', date: '2026-05-14' });
    expect(read('?view=month&date=1999-12-31')).toEqual({ view: 'month', date: '2026-05-14' });
    expect(read('?view=month&date=2999-12-01')).toEqual({ view: 'month', date: '2026-05-14' });
    expect(read('?view=week&date=2999-12-01')).toEqual({ view: 'week', date: '2999-12-01' });
    expect(read('')).toEqual({ view: 'month', date: '2026-05-14' });
    expect(viewSearch('week', '2026-06-03')).toBe('?view=week&date=2026-06-03');
  });

  it('steps a month to the first of the next or previous month, a week by seven days, never out of range', () => {
    expect(stepView('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepView('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepView('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(canStep('month', '2000-01-15', -1)).toBe(false);
    expect(canStep('month', '2999-11-15', 1)).toBe(false);
    expect(canStep('week', '2026-05-14', 1)).toBe(true);
  });

  it('puts a moment on its Tokyo day and a session on every day it runs, inside the range', () => {
    const late = { id: 'late', at: tokyo('2026-05-12T23:59'), endAt: null };
    const early = { id: 'early', at: tokyo('2026-05-13T00:00'), endAt: null };
    const overnight = { id: 'overnight', at: tokyo('2026-05-10T22:00'), endAt: tokyo('2026-05-12T02:00') };
    const toMidnight = { id: 'toMidnight', at: tokyo('2026-05-13T22:00'), endAt: tokyo('2026-05-14T00:00') };
    const byDay = entriesByDay([overnight, late, early, toMidnight], '2026-05-11', '2026-05-17');
    expect([...byDay.keys()]).toEqual(daysBetween('2026-05-11', '2026-05-17'));
    const ids = (day: string) => byDay.get(day)!.map((e) => e.id);
    expect(ids('2026-05-11')).toEqual(['overnight']);
    expect(ids('2026-05-12')).toEqual(['overnight', 'late']);
    expect(ids('2026-05-13')).toEqual(['early', 'toMidnight']);
    expect(ids('2026-05-14')).toEqual([]);
    expect(spansDays(overnight)).toBe(true);
    expect(spansDays(toMidnight)).toBe(false);
  });
});
