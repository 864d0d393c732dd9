import { z } from 'zod';
import { DAY_MS } from '../time.ts';
import { localizedOut, type PublishState } from './content.ts';
import { calendarDay } from './help.ts';
import { defineConsoleFunction } from './protocol.ts';
import type { SurveyState } from './surveys.ts';

/**
 * The content calendar (issue 36, item 3; docs/decisions/156-content-calendar.md): everything with a time in a range
 * of Asia/Tokyo days, for the console's month and week views. Each entry is one moment (or, for a session, one span)
 * of an item, and names the item so the page can link to its editor:
 *
 * - `announcement`, `article`: the publish time (announcements.from_at, report_articles.published_at);
 * - `eventPublish`: an event's publish time; `session`: a session's start to end;
 *   `bookingOpens`, `bookingCloses`: a session's reservation window (reservation_start_at, reservation_end_at);
 * - `surveyOpens`, `surveyCloses`: a survey's answer window (from_date_time, to_date_time).
 *
 * Items members cannot see are listed too, with their state, so the page marks them: an event's sessions and a
 * survey's window while it is a draft, an announcement or article (or an event's sessions) taken down. A draft
 * announcement, article or event has no publish time and so no publish entry.
 */
export const CALENDAR_ENTRY_KINDS = [
  'announcement',
  'article',
  'eventPublish',
  'session',
  'bookingOpens',
  'bookingCloses',
  'surveyOpens',
  'surveyCloses',
] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

/** The item an entry belongs to, which names its editor page (/console/<item>s/:id). */
export const CALENDAR_ITEM_TYPES = ['announcement', 'article', 'event', 'survey'] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];
export const CALENDAR_KIND_ITEM: Record<CalendarEntryKind, CalendarItemType> = {
  announcement: 'announcement',
  article: 'article',
  eventPublish: 'event',
  session: 'event',
  bookingOpens: 'event',
  bookingCloses: 'event',
  surveyOpens: 'survey',
  surveyCloses: 'survey',
};

/** The item's state at the time of the call: content's and events' publishing states, surveys' own. */
export const CALENDAR_STATES = ['draft', 'scheduled', 'published', 'unpublished', 'running', 'ended'] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];
// Every publishing and survey state is a calendar state (a compile-time check).
const _states: readonly CalendarState[] = [] as (PublishState | SurveyState)[];
void _states;

/** The longest range one call covers: the six weeks of a month's grid. */
export const CALENDAR_MAX_DAYS = 42;
/** The most entries one answer holds (the earliest first); `truncated` says when there were more. */
export const CALENDAR_MAX_ENTRIES = 1000;

/** How many days from `from` to `to`, both included (calendar days, YYYY-MM-DD). */
export function calendarRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const contentCalendarPayload = z
  .object({
    /** Tokyo days, both included; at most CALENDAR_MAX_DAYS of them. */
    from: calendarDay,
    to: calendarDay,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'msg:dateRangeInvalid' });
    else if (calendarRangeDays(v.from, v.to) > CALENDAR_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'msg:calendarRangeTooLong' });
  });

export const calendarEntrySchema = z.object({
  kind: z.enum(CALENDAR_ENTRY_KINDS),
  /** The announcement's, article's, event's or survey's id: its editor is /console/<item type>s/:itemId. */
  itemId: z.number().int(),
  /** A session's id (session and booking entries), else null. */
  sessionId: z.number().int().nullable(),
  title: localizedOut,
  /** The session's title (session and booking entries), else null. */
  sessionTitle: localizedOut.nullable(),
  /** The moment (epoch ms); a session's start. */
  at: z.number().int(),
  /** A session's end (epoch ms), else null. */
  endAt: z.number().int().nullable(),
  state: z.enum(CALENDAR_STATES),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const getContentCalendar = defineConsoleFunction({
  name: 'getContentCalendar',
  roles: ['owner', 'editor', 'support'],
  summary: 'Everything with a time in a range of Tokyo days (at most 42): publish times, sessions, booking and survey windows, earliest first.',
  payload: contentCalendarPayload,
  response: z.object({
    from: z.string(),
    to: z.string(),
    entries: z.array(calendarEntrySchema),
    /** More than CALENDAR_MAX_ENTRIES entries fell in the range: the latest ones are left out. */
    truncated: z.boolean(),
  }),
});

export const consoleCalendarFunctions = [getContentCalendar] as const;
