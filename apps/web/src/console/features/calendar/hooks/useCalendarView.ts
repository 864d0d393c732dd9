import { useSearchParams } from 'react-router';
import { tokyoDay } from '@hibi/contract/time';
import { canStep, rangeOf, readView, stepView, viewSearch, type CalendarView } from '../components/calendarDays.ts';

/**
 * The calendar's view and day from the query string (`?view=month|week&date=YYYY-MM-DD`), so that every move is a
 * history entry (the back button goes back a month or a week) and a link keeps the place. Today is Tokyo's.
 */
export function useCalendarView() {
  const [params] = useSearchParams();
  const today = tokyoDay(Date.now());
  const { view, date } = readView(params, today);
  const range = rangeOf(view, date);
  const link = (v: CalendarView, d: string) => viewSearch(v, d);
  return {
    view,
    date,
    today,
    range,
    /** Query strings of the moves (null: the step would leave the days the server takes). */
    previous: canStep(view, date, -1) ? link(view, stepView(view, date, -1)) : null,
    next: canStep(view, date, 1) ? link(view, stepView(view, date, 1)) : null,
    todayLink: link(view, today),
    /** The same day in the other view. */
    viewLink: (v: CalendarView) => link(v, date),
    /** A day's week (from a month's "more" link) or a chosen day. */
    weekOf: (day: string) => link('week', day),
    dayIn: (v: CalendarView, day: string) => link(v, day),
  };
}
