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
  const found = await data.calendarEntries(db, {
    fromAt: new Date(tokyoDayStart(range.from)),
    toAt: new Date(tokyoDayStart(addDays(range.to, 1))),
    now,
    limit: max + 1,
  });
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
  return { from: range.from, to: range.to, entries, truncated: found.length > max };
}
