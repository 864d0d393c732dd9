import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';

/** A range of the content calendar: Tokyo days, both included. */
export interface CalendarRange {
  from: string;
  to: string;
}

/** Query keys of the content calendar, in one place. Titles come in both languages, so the key needs no language. */
export const calendarKeys = {
  all: ['console', 'calendar'] as const,
  range: (r: CalendarRange) => ['console', 'calendar', r.from, r.to] as const,
};

export const calendarQuery = (r: CalendarRange) =>
  queryOptions({
    queryKey: calendarKeys.range(r),
    queryFn: () => consoleCallOrThrow('getContentCalendar', { from: r.from, to: r.to }),
    // Scheduled items turn published by themselves: read again when the page is opened again.
    staleTime: 30_000,
  });

/** The entries of a range (the console's month or week on screen). */
export function useContentCalendar(r: CalendarRange) {
  return useQuery(calendarQuery(r));
}
