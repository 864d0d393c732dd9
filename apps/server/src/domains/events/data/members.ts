// Events as members read them: lists, the detail page with its sessions and questions, a member's own marks
// (reserved, favourite, place in a line) and favourites, and when lists change by the clock alone.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { EventQuestion } from '@hibi/contract/functions/events';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { type Caller, loc, ms, sessionEntryColumns, type SessionEntryRow, visibleTo, type SessionRow, sessionColumns } from './sql.ts';

/** The next moment after `now` (epoch ms) at which an event or session time passes: publish, start, end, booking window. */
export async function nextEventTimeMs(db: Db, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const [row] = await rows<{ at: string | number | null }>(
    db,
    sql`SELECT (extract(epoch FROM least(
          (SELECT min(t) FROM events e CROSS JOIN LATERAL (VALUES (e.published_at), (e.start_at), (e.end_at)) v(t) WHERE t > ${at}::timestamptz),
          (SELECT min(t) FROM event_sessions s
             CROSS JOIN LATERAL (VALUES (s.start_at), (s.end_at), (s.reservation_start_at), (s.reservation_end_at)) v(t)
             WHERE t > ${at}::timestamptz))) * 1000)::bigint AS at`,
  );
  return row?.at == null ? null : Number(row.at);
}

/* ------------------------------------------------------------------ lists and details */

/** A member's own marks on some events: which they hold an active reservation of, which are favourites. */
export async function memberEventMarks(db: Db, userId: number, eventIds: number[]) {
  if (eventIds.length === 0) return { reserved: new Set<number>(), favorited: new Set<number>() };
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await rows<{ event_id: number; kind: 'r' | 'f' }>(
    db,
    sql`SELECT event_id, 'r' AS kind FROM event_reservations WHERE user_id = ${userId} AND cancelled_at IS NULL AND event_id IN (${ids})
        UNION ALL
        SELECT event_id, 'f' AS kind FROM event_favorites WHERE user_id = ${userId} AND event_id IN (${ids})`,
  );
  return {
    reserved: new Set(found.filter((r) => r.kind === 'r').map((r) => r.event_id)),
    favorited: new Set(found.filter((r) => r.kind === 'f').map((r) => r.event_id)),
  };
}

/** A member's own marks on one event's sessions: their reservation, their place in each line, and the favourite. */
export async function memberSessionMarks(db: Db, userId: number, eventId: number) {
  const [row] = await rows<{ favorited: boolean; sessions: SessionMark[] | string | null }>(
    db,
    // u: the session's url for the member who booked it (an online session's join link, decision 178), else null.
    sql`SELECT EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = ${eventId} AND f.user_id = ${userId}) AS favorited,
          (SELECT json_agg(json_build_object('id', s.id, 'r', r.id, 'u', CASE WHEN r.id IS NOT NULL THEN s.url END,
                    'w', CASE WHEN mine.id IS NULL THEN NULL
                              ELSE (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id AND w.id <= mine.id) END))
             FROM event_sessions s
             LEFT JOIN event_reservations r ON r.session_id = s.id AND r.user_id = ${userId} AND r.cancelled_at IS NULL
             LEFT JOIN event_waiting_list mine ON mine.session_id = s.id AND mine.user_id = ${userId}
            WHERE s.event_id = ${eventId}) AS sessions`,
  );
  const sessions = typeof row?.sessions === 'string' ? JSON.parse(row.sessions) : (row?.sessions ?? []);
  return { favorited: row?.favorited ?? false, sessions: sessions as SessionMark[] };
}

/** A member's marks on one session: their reservation, the url they may see with it, their place in line. */
export interface SessionMark {
  id: number;
  r: number | null;
  u: string | null;
  w: number | null;
}

export interface SessionJson {
  t: number;
  s: number;
  e: number;
  c: number | null;
  n: number;
  rs: number | null;
  re: number | null;
  x: boolean;
}

export interface EventRow {
  id: number;
  title: string;
  thumbnail_url: string | null;
  advertising: boolean;
  start_ms: number;
  end_ms: number;
  date_remarks: string | null;
  providing_type: number;
  place: string | null;
  price: number;
  is_reserved: boolean;
  is_favorited: boolean;
  rsessions: SessionJson[] | null;
}

/** The list columns of events `e`, with the caller's reserved/favourite flags and the sessions that need a reservation. */
function listColumns(caller: Caller, locale: Locale): SQL {
  const uid = caller?.id ?? 0;
  return sql`e.id, ${loc('e', 'title', locale)} AS title, e.thumbnail_url, e.advertising,
    ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms,
    ${loc('e', 'date_remarks', locale)} AS date_remarks, e.providing_type, ${loc('e', 'place', locale)} AS place, e.price,
    EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id AND r.user_id = ${uid} AND r.cancelled_at IS NULL) AS is_reserved,
    EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = e.id AND f.user_id = ${uid}) AS is_favorited,
    (SELECT json_agg(json_build_object(
        't', s.reservation_type, 's', ${ms('s', 'start_at')}, 'e', ${ms('s', 'end_at')}, 'c', s.capacity, 'n', s.reserved_count,
        'rs', ${ms('s', 'reservation_start_at')}, 're', ${ms('s', 'reservation_end_at')}, 'x', s.external_full))
      FROM event_sessions s WHERE s.event_id = e.id AND s.reservation_type <> 0) AS rsessions`;
}

export interface ListFilter {
  scheduleType: 1 | 2 | 3;
  onlyFree: boolean;
  onlyOnline: boolean;
  onlyReservation: boolean;
  offset: number;
  perPage: number;
}

/** Visible events of a schedule type, given the Tokyo day's start and the next day's start (ISO). */
export async function eventList(db: Db, caller: Caller, locale: Locale, now: Date, todayIso: string, tomorrowIso: string, f: ListFilter) {
  const schedule =
    f.scheduleType === 1
      ? // Upcoming and running (decision 178, amending 023): every event not over yet, a walking week under way too.
        sql`e.end_at > ${now.toISOString()}`
      : f.scheduleType === 3
        ? sql`e.start_at < ${tomorrowIso} AND e.end_at > ${todayIso}`
        : sql`e.end_at <= ${todayIso}`;
  const order = f.scheduleType === 2 ? sql`e.start_at DESC, e.id DESC` : sql`e.start_at ASC, e.id ASC`;
  const filters: SQL[] = [visibleTo(caller, now), schedule];
  if (f.onlyFree) filters.push(sql`e.price = 0`);
  if (f.onlyOnline) filters.push(sql`e.providing_type IN (2, 3)`);
  if (f.onlyReservation) filters.push(sql`EXISTS (SELECT 1 FROM event_sessions rs WHERE rs.event_id = e.id AND rs.reservation_type <> 0)`);
  return rows<EventRow>(
    db,
    sql`SELECT ${listColumns(caller, locale)} FROM events e WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${order} LIMIT ${f.perPage} OFFSET ${f.offset}`,
  );
}

/** The caller's reserved and favourite events: upcoming ones first (soonest first), then finished ones (latest first). */
export async function reservingEventList(
  db: Db,
  caller: { id: number; corporate: boolean },
  locale: Locale,
  now: Date,
  offset: number,
  perPage: number,
) {
  const nowIso = now.toISOString();
  return rows<EventRow>(
    db,
    sql`SELECT ${listColumns(caller, locale)} FROM events e
        WHERE ${visibleTo(caller, now)} AND (
          EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id AND r.user_id = ${caller.id} AND r.cancelled_at IS NULL)
          OR EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = e.id AND f.user_id = ${caller.id}))
        ORDER BY (e.end_at <= ${nowIso}), CASE WHEN e.end_at > ${nowIso} THEN e.start_at END ASC, e.start_at DESC, e.id
        LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function isEventVisible(db: Db, caller: Caller, now: Date, eventId: number): Promise<boolean> {
  const found = await rows(db, sql`SELECT e.id FROM events e WHERE e.id = ${eventId} AND ${visibleTo(caller, now)}`);
  return found.length > 0;
}

/**
 * Whether the caller sees the event (undefined when not), and with it the session as mails name it, in a language
 * (null when the event has no such session): one query where a booking needs both (decision 150).
 */
export async function visibleSessionEntry(
  db: Db,
  caller: Caller,
  now: Date,
  eventId: number,
  sessionId: number,
  locale: Locale,
): Promise<{ entry: SessionEntryRow | null } | undefined> {
  const [row] = await rows<SessionEntryRow & { session_id: number | null }>(
    db,
    sql`SELECT s.id AS session_id, ${sessionEntryColumns(locale)}
          FROM events e LEFT JOIN event_sessions s ON s.id = ${sessionId} AND s.event_id = e.id
         WHERE e.id = ${eventId} AND ${visibleTo(caller, now)}`,
  );
  if (!row) return undefined;
  if (row.session_id === null) return { entry: null };
  const { session_id: _, ...entry } = row;
  return { entry };
}

export async function sessionBelongsToEvent(db: Db, eventId: number, sessionId: number): Promise<boolean> {
  const [session] = await rows(db, sql`SELECT id FROM event_sessions WHERE id = ${sessionId} AND event_id = ${eventId}`);
  return Boolean(session);
}

interface QuestionRow {
  type: EventQuestion['type'];
  questionnaire_index: number;
  question: string;
  required: boolean;
  choices: string[];
  choice_images: { id: number; url: string; alt?: string | null; altEn?: string | null }[];
  images: { id: number; url: string }[];
}

export async function questionsOf(db: Db, eventId: number, locale: Locale) {
  return rows<QuestionRow>(
    db,
    sql`SELECT q.type, q.questionnaire_index, ${loc('q', 'question', locale)} AS question, q.required,
          ${sql.raw(locale === 'en' ? 'COALESCE(q.choices_en, q.choices_ja)' : 'q.choices_ja')} AS choices, q.choice_images, q.images
        FROM event_questions q WHERE q.event_id = ${eventId} ORDER BY q.questionnaire_index`,
  );
}

export type EventDetailRow = EventRow & {
  capacity: number | null;
  extra_label: string | null;
  extra_text: string | null;
  report_article_id: number | null;
};

export async function eventDetail(db: Db, caller: Caller, locale: Locale, now: Date, eventId: number): Promise<EventDetailRow | undefined> {
  const [row] = await rows<EventDetailRow>(
    db,
    sql`SELECT ${listColumns(caller, locale)}, e.capacity, ${loc('e', 'extra_label', locale)} AS extra_label,
          ${loc('e', 'extra_text', locale)} AS extra_text, e.report_article_id
        FROM events e WHERE e.id = ${eventId} AND ${visibleTo(caller, now)}`,
  );
  return row;
}

export async function imagesOfEvent(db: Db, eventId: number) {
  return rows<{ id: number; url: string }>(db, sql`SELECT id, url FROM event_images WHERE event_id = ${eventId} ORDER BY sort, id`);
}

/** An event's sessions with the caller's reservation, the waiting list's length and the caller's place in it. */
export async function sessionsOfEvent(db: Db, caller: Caller, locale: Locale, eventId: number) {
  return rows<SessionRow & { reservation_id: number | null; waiting_count: number; waiting_position: number | null }>(
    db,
    sql`SELECT ${sessionColumns(locale)}, r.id AS reservation_id,
            (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id) AS waiting_count,
            (SELECT (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id AND w.id <= mine.id)
               FROM event_waiting_list mine WHERE mine.session_id = s.id AND mine.user_id = ${caller?.id ?? 0}) AS waiting_position
          FROM event_sessions s
          LEFT JOIN event_reservations r ON r.session_id = s.id AND r.user_id = ${caller?.id ?? 0} AND r.cancelled_at IS NULL
          WHERE s.event_id = ${eventId} ORDER BY s.sort, s.start_at, s.id`,
  );
}

export async function addFavorite(db: Db, userId: number, eventId: number): Promise<void> {
  await db.execute(sql`INSERT INTO event_favorites (user_id, event_id) VALUES (${userId}, ${eventId}) ON CONFLICT DO NOTHING`);
}

export async function removeFavorite(db: Db, userId: number, eventId: number): Promise<void> {
  await db.execute(sql`DELETE FROM event_favorites WHERE user_id = ${userId} AND event_id = ${eventId}`);
}
