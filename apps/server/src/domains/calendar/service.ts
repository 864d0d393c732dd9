// The calendar domain's service and public module (issue 36, item 3; decision 156): the console's content calendar
// for a range of Asia/Tokyo days, read in one statement and shaped for the contract.
import { CALENDAR_MAX_ENTRIES, type CalendarEntry } from '@hibi/contract/console/calendar';
import { addDays, tokyoDayStart } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import * as data from './data.ts';

export interface ContentCalendar {
  from: string;
  to: string;
  entries: CalendarEntry[];
  truncated: boolean;
}

/**
 * The entries from the start of Tokyo day `from` to the end of Tokyo day `to` (the contract bounds the range), earliest
 * first; at most CALENDAR_MAX_ENTRIES, `truncated` when there were more.
 */
export async function contentCalendar(db: Db, range: { from: string; to: string }, now: Date, max = CALENDAR_MAX_ENTRIES): Promise<ContentCalendar> {
  const { entries, truncated } = await calendarBetween(
    db,
    new Date(tokyoDayStart(range.from)),
    new Date(tokyoDayStart(addDays(range.to, 1))),
    now,
    max,
  );
  return { from: range.from, to: range.to, entries, truncated };
}

/**
 * The entries between two instants [fromAt, toAt), earliest first, at most `max` (`truncated` when there were more):
 * the calendar's one statement, for other domains too (the console home's week, decision 181).
 */
export async function calendarBetween(
  db: Db,
  fromAt: Date,
  toAt: Date,
  now: Date,
  max: number,
): Promise<{ entries: CalendarEntry[]; truncated: boolean }> {
  const found = await data.calendarEntries(db, { fromAt, toAt, now, limit: max + 1 });
  const entries = found.slice(0, max).map((r): CalendarEntry => ({
    kind: r.kind,
    itemId: r.item_id,
    sessionId: r.session_id,
    title: { ja: r.title_ja, en: r.title_en },
    sessionTitle: r.session_title_ja === null ? null : { ja: r.session_title_ja, en: r.session_title_en },
    at: r.at,
    endAt: r.end_at,
    state: r.state,
  }));
  return { entries, truncated: found.length > max };
}
