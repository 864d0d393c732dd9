import type { Locale } from '@hibi/contract/protocol';
import type { SessionEntryRow } from './data/sql.ts';

/** How an online session's place reads in a calendar entry or a mail. */
const ONLINE_PLACE: Record<Locale, string> = { ja: 'オンライン', en: 'Online' };

/** A session as calendar files, the feed and mails name it: "Event (Session)" unless the titles match; "Online" as the place of an online session. */
export function sessionEntry(r: SessionEntryRow, locale: Locale) {
  return {
    eventId: Number(r.event_id),
    eventTitle: r.event_title,
    sessionTitle: r.session_title,
    summary: r.session_title && r.session_title !== r.event_title ? `${r.event_title} (${r.session_title})` : r.event_title,
    place: r.providing_type === 2 ? ONLINE_PLACE[locale] : r.place,
    startMs: Number(r.start_ms),
    endMs: Number(r.end_ms),
  };
}
