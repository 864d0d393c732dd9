import type { Locale } from '@hibi/contract/protocol';
import type { SessionEntryRow } from './data/sql.ts';
import { hasDoorPass, joinUrlOf } from './rules.ts';

/** How an online session's place reads in a calendar entry or a mail. */
const ONLINE_PLACE: Record<Locale, string> = { ja: 'オンライン', en: 'Online' };

/**
 * A session as calendar files, the feed and mails name it: "Event (Session)" unless the titles match; "Online" as the
 * place of an online session; its join link (for the member who booked it: every caller of this does) and whether it
 * has a door pass (decision 178).
 */
export function sessionEntry(r: SessionEntryRow, locale: Locale) {
  return {
    eventId: Number(r.event_id),
    eventTitle: r.event_title,
    sessionTitle: r.session_title,
    summary: r.session_title && r.session_title !== r.event_title ? `${r.event_title} (${r.session_title})` : r.event_title,
    place: r.providing_type === 2 ? ONLINE_PLACE[locale] : r.place,
    startMs: Number(r.start_ms),
    endMs: Number(r.end_ms),
    joinUrl: joinUrlOf(r.providing_type, r.reservation_type, r.url),
    doorPass: hasDoorPass(r.providing_type),
  };
}
