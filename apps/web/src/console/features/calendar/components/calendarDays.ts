import type { CalendarEntry } from '@hibi/contract/console/calendar';
import { addDays, addMonths, mondayOf, monthOf, tokyoDay } from '@hibi/contract/time';

/**
 * The content calendar's days (issue 36): which days a month or week view shows, how the page moves, and which entries
 * fall on each day, all in Asia/Tokyo calendar days (YYYY-MM-DD) whatever the operator's computer says.
 */
export const CALENDAR_VIEWS = ['month', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The days the server takes (its calendarDay): the views stay inside them. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';

function isDay(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The days of a view: a month's Monday-to-Sunday weeks (4 to 6 of them), or one Monday-to-Sunday week. */
export function rangeOf(view: CalendarView, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = mondayOf(date);
    return { from, to: addDays(from, 6) };
  }
  const first = monthOf(date);
  const last = addDays(addMonths(first, 1), -1);
  return { from: mondayOf(first), to: addDays(mondayOf(last), 6) };
}

/** The view and day the query string asks for (`?view=week&date=2026-05-14`); anything else: the month of today. */
export function readView(params: URLSearchParams, today: string): { view: CalendarView; date: string } {
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const asked = params.get('date');
  if (isDay(asked)) {
    const { from, to } = rangeOf(view, asked);
    if (from >= FIRST_DAY && to <= LAST_DAY) return { view, date: asked };
  }
  return { view, date: today };
}

/** The query string of a view and day. */
export function viewSearch(view: CalendarView, date: string): string {
  return `?${new URLSearchParams({ view, date }).toString()}`;
}

/** The day `n` views away: months move to the first of the month, weeks by seven days. */
export function stepView(view: CalendarView, date: string, n: number): string {
  return view === 'month' ? addMonths(monthOf(date), n) : addDays(date, 7 * n);
}

/** Whether a step stays inside the days the server takes. */
export function canStep(view: CalendarView, date: string, n: number): boolean {
  const { from, to } = rangeOf(view, stepView(view, date, n));
  return from >= FIRST_DAY && to <= LAST_DAY;
}

/** The ranges of the previous and next views (those inside the days the server takes), to read ahead. */
export function neighbourRanges(view: CalendarView, date: string): { from: string; to: string }[] {
  return [-1, 1].filter((n) => canStep(view, date, n)).map((n) => rangeOf(view, stepView(view, date, n)));
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The Tokyo days an entry is on: its moment's day, or every day a session runs on (its end itself excluded). */
export function daysOf(entry: Pick<CalendarEntry, 'at' | 'endAt'>): { first: string; last: string } {
  const first = tokyoDay(entry.at);
  const last = entry.endAt !== null && entry.endAt > entry.at ? tokyoDay(entry.endAt - 1) : first;
  return { first, last };
}

/** The entries of each day of the range (the server's order kept: earliest first). */
export function entriesByDay<E extends Pick<CalendarEntry, 'at' | 'endAt'>>(entries: readonly E[], from: string, to: string): Map<string, E[]> {
  const byDay = new Map<string, E[]>(daysBetween(from, to).map((day) => [day, []]));
  for (const entry of entries) {
    const { first, last } = daysOf(entry);
    const start = first < from ? from : first;
    const end = last > to ? to : last;
    for (let day = start; day <= end; day = addDays(day, 1)) byDay.get(day)?.push(entry);
  }
  return byDay;
}

/** Whether an entry runs over more than one Tokyo day (its times then show their dates). */
export function spansDays(entry: Pick<CalendarEntry, 'at' | 'endAt'>): boolean {
  const { first, last } = daysOf(entry);
  return first !== last;
}
