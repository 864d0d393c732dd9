// The events domain's data module: every SQL statement on events, sessions, questions, reservations, favourites, the
// waiting list, reminders, calendar keys and feeds, with typed rows. Statements that must run under a session's lock
// take the transaction the service opened (`tx`); the service decides the order and the rules.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { EventQuestion, ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';
import { eventImages, eventQuestions, events, eventSessions } from '../../db/schema/events.ts';

/** Who asks, as far as visibility and their own flags go: a guest (null), or a member with or without a corporate contract. */
export type Caller = { id: number; corporate: boolean } | null;

/** A content text column in the caller's language: English falls back to Japanese. */
export function loc(alias: string, column: string, locale: Locale): SQL {
  return sql.raw(locale === 'en' ? `COALESCE(NULLIF(${alias}.${column}_en, ''), ${alias}.${column}_ja)` : `${alias}.${column}_ja`);
}

const ms = (alias: string, column: string) => sql.raw(`(extract(epoch FROM ${alias}.${column}) * 1000)::float8`);

/** What a calendar entry or an event mail shows of a session (aliases e and s), in a language. */
const sessionEntryColumns = (locale: Locale) =>
  sql`e.id AS event_id, ${loc('e', 'title', locale)} AS event_title, ${loc('s', 'title', locale)} AS session_title,
    ${loc('e', 'place', locale)} AS place, s.providing_type, ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms`;

export interface SessionEntryRow {
  event_id: number;
  event_title: string;
  session_title: string;
  place: string | null;
  providing_type: number;
  start_ms: number;
  end_ms: number;
}

/** Who may see an event: published, and contract-only events only for callers with a corporate contract. */
function visibleTo(caller: Caller, now: Date): SQL {
  const corporate = caller?.corporate ?? false;
  return sql`e.published_at <= ${now.toISOString()} AND (NOT e.contract_only OR ${corporate})`;
}

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
  const [row] = await rows<{ favorited: boolean; sessions: { id: number; r: number | null; w: number | null }[] | string | null }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = ${eventId} AND f.user_id = ${userId}) AS favorited,
          (SELECT json_agg(json_build_object('id', s.id, 'r', r.id,
                    'w', CASE WHEN mine.id IS NULL THEN NULL
                              ELSE (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id AND w.id <= mine.id) END))
             FROM event_sessions s
             LEFT JOIN event_reservations r ON r.session_id = s.id AND r.user_id = ${userId} AND r.cancelled_at IS NULL
             LEFT JOIN event_waiting_list mine ON mine.session_id = s.id AND mine.user_id = ${userId}
            WHERE s.event_id = ${eventId}) AS sessions`,
  );
  const sessions = typeof row?.sessions === 'string' ? JSON.parse(row.sessions) : (row?.sessions ?? []);
  return { favorited: row?.favorited ?? false, sessions: sessions as { id: number; r: number | null; w: number | null }[] };
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
      ? sql`e.start_at >= ${tomorrowIso}`
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

export interface SessionRow {
  id: number;
  title: string;
  providing_type: number;
  reservation_type: number;
  start_ms: number;
  end_ms: number;
  capacity: number | null;
  entry_unit_type: number;
  reserved_count: number;
  rstart_ms: number | null;
  rend_ms: number | null;
  url: string | null;
  external_full: boolean;
}

const sessionColumns = (locale: Locale) =>
  sql`s.id, ${loc('s', 'title', locale)} AS title, s.providing_type, s.reservation_type,
    ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms, s.capacity, s.entry_unit_type, s.reserved_count,
    ${ms('s', 'reservation_start_at')} AS rstart_ms, ${ms('s', 'reservation_end_at')} AS rend_ms, s.url, s.external_full`;

interface QuestionRow {
  type: EventQuestion['type'];
  questionnaire_index: number;
  question: string;
  required: boolean;
  choices: string[];
  choice_images: { id: number; url: string }[];
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

/* ------------------------------------------------------------------ reservations (inside the service's transactions) */

/** Locks a session of an event (FOR UPDATE): its bookings, cancellations and promotions run one after another. */
export async function lockSession(tx: Db, eventId: number, sessionId: number): Promise<SessionRow | null> {
  const [s] = await rows<SessionRow>(
    tx,
    sql`SELECT ${sessionColumns('ja')} FROM event_sessions s WHERE s.id = ${sessionId} AND s.event_id = ${eventId} FOR UPDATE`,
  );
  return s ?? null;
}

/** A session of an event as it is now (no lock). */
export async function sessionOfEvent(db: Db, eventId: number, sessionId: number): Promise<SessionRow | null> {
  const [s] = await rows<SessionRow>(
    db,
    sql`SELECT ${sessionColumns('ja')} FROM event_sessions s WHERE s.id = ${sessionId} AND s.event_id = ${eventId}`,
  );
  return s ?? null;
}

/** A session's current seats (no lock: the caller holds it already). */
export async function sessionSeats(tx: Db, sessionId: number): Promise<SessionRow | null> {
  const [s] = await rows<SessionRow>(tx, sql`SELECT ${sessionColumns('ja')} FROM event_sessions s WHERE s.id = ${sessionId}`);
  return s ?? null;
}

/** The session of the user's active reservation of an event, if any. */
export async function activeReservationSession(tx: Db, eventId: number, userId: number): Promise<number | null> {
  const [existing] = await rows<{ session_id: number }>(
    tx,
    sql`SELECT session_id FROM event_reservations WHERE event_id = ${eventId} AND user_id = ${userId} AND cancelled_at IS NULL`,
  );
  return existing?.session_id ?? null;
}

/**
 * A booking's confirmation mail (decision 150), rendered before the statement with the pass it carries: the statement
 * that writes the reservation writes the mail into the outbox too, so the mail exists exactly when the booking does.
 */
export interface BookingMail {
  kind: string;
  locale: Locale;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** The new reservation's pass_id (chosen by the caller, so its mail can carry the pass) and its mail, if any. */
export interface NewSeat {
  /** A random signed 64-bit integer, as text. */
  passId: string;
  mail: BookingMail | null;
}

/**
 * The outbox row of a booking's mail, written by the statement that books (a CTE `booked` that returns the
 * reservation's `confirmation_mail_id` and a `mail` jsonb): the row's id was drawn from the outbox's sequence for the
 * reservation, which keeps it so a cancellation can withdraw the mail while it is still waiting (markCancelled).
 */
function insertBookingMails(from: SQL): SQL {
  return sql`INSERT INTO mail_outbox (id, kind, locale, to_address, subject, text_body, html_body, message_id, next_attempt_at, created_at)
          SELECT m.mail_id, m.mail->>'kind', m.mail->>'locale', m.mail->>'to', m.mail->>'subject', m.mail->>'text', m.mail->>'html',
                 m.mail->>'messageId', m.at, m.at
          FROM ${from} m WHERE m.mail_id IS NOT NULL`;
}

/** A new outbox id for a reservation that has a mail (the CASE keeps the sequence for those that do). */
const mailIdFor = (mail: SQL) => sql`CASE WHEN ${mail} IS NOT NULL THEN nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int END`;

/**
 * A reservation as one statement (issue 18; docs/decisions/021 and 111): the reservation row goes in only when the
 * session belongs to the event, is booked in the app, its window is open, it has not ended and had a free seat in
 * the statement's snapshot; the seat count goes up on the locked session row, where the CHECK (reserved_count <=
 * capacity) refuses the seat a faster booking took (the statement fails as a whole: SQLSTATE 23514); the member
 * leaves the event's waiting lists; the booking's mail goes into the outbox (decision 150). The id of the
 * reservation, or null when nothing was written (the caller asks why).
 */
export async function reserveSeat(
  db: Db,
  eventId: number,
  sessionId: number,
  userId: number,
  answers: ReservationAnswer[],
  now: Date,
  seat?: NewSeat,
): Promise<number | null> {
  const at = now.toISOString();
  const mail = seat?.mail ? JSON.stringify(seat.mail) : null;
  const [row] = await rows<{ id: number | null }>(
    db,
    sql`WITH m AS (
          SELECT ${mail}::jsonb AS mail
        ), open AS (
          SELECT s.id FROM event_sessions s
          WHERE s.id = ${sessionId} AND s.event_id = ${eventId} AND s.reservation_type NOT IN (0, 2)
            AND ${at}::timestamptz < s.end_at
            AND (s.reservation_start_at IS NULL OR s.reservation_start_at <= ${at}::timestamptz)
            AND ${at}::timestamptz < COALESCE(s.reservation_end_at, s.start_at)
            AND (s.capacity IS NULL OR s.reserved_count < s.capacity)
        ), booked AS (
          INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at, pass_id, confirmation_mail_id)
          SELECT ${eventId}, open.id, ${userId}, ${JSON.stringify(answers)}::jsonb, ${at}::timestamptz,
                 COALESCE(${seat?.passId ?? null}::bigint, ${PASS_ID_DEFAULT}), ${mailIdFor(sql`m.mail`)} FROM open, m
          ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING
          RETURNING id, session_id, confirmation_mail_id
        ), seat AS (
          UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id IN (SELECT session_id FROM booked) RETURNING id
        ), unqueued AS (
          DELETE FROM event_waiting_list WHERE event_id = ${eventId} AND user_id = ${userId} AND EXISTS (SELECT 1 FROM seat)
        ), mailed AS (
          ${insertBookingMails(sql`(SELECT b.confirmation_mail_id AS mail_id, m.mail, ${at}::timestamptz AS at FROM booked b, m)`)}
        )
        SELECT (SELECT id FROM booked) AS id`,
  );
  return row?.id ?? null;
}

/** The column's own default (migration 0760), for a reservation written without a pass chosen beforehand. */
const PASS_ID_DEFAULT = sql.raw(`(('x' || substr(md5(gen_random_uuid()::text), 1, 16))::bit(64)::bigint)`);

/** One member's request in a batch of reservations (reserveSeats): who, their answers, and when the call arrived. */
export interface SeatRequest {
  userId: number;
  answers: ReservationAnswer[];
  at: Date;
  /** The pass and the mail of the reservation, should it be written (decision 150). */
  seat?: NewSeat;
}

/**
 * Reservations of one session for several members in one statement and one commit (decision 139): the requests in
 * arrival order, each judged by the booking window at its own arrival time, the first of them up to the free seats
 * (the session row locked, read as last committed). A member who holds a reservation of the event, or appears twice,
 * is skipped. Answers the reservation id per member booked; the others are for `reserveSeat` to book or explain one
 * by one. The same guards as reserveSeat hold: the CHECK on the seat count fails the statement as a whole. Each
 * booking's mail goes into the outbox in the same statement (decision 150).
 */
export async function reserveSeats(db: Db, eventId: number, sessionId: number, requests: SeatRequest[]): Promise<Map<number, number>> {
  const batch = JSON.stringify(
    requests.map((r, ord) => ({
      ord,
      user_id: r.userId,
      answers: r.answers,
      at: r.at.toISOString(),
      ...(r.seat ? { pass_id: r.seat.passId } : {}),
      ...(r.seat?.mail ? { mail: r.seat.mail } : {}),
    })),
  );
  const booked = await rows<{ id: number; user_id: number }>(
    db,
    sql`WITH req AS (
          SELECT * FROM jsonb_to_recordset(${batch}::jsonb) AS r(ord int, user_id int, answers jsonb, at timestamptz, pass_id bigint, mail jsonb)
        ), s AS (
          SELECT id, capacity, reserved_count, start_at, end_at, reservation_start_at, reservation_end_at FROM event_sessions
          WHERE id = ${sessionId} AND event_id = ${eventId} AND reservation_type NOT IN (0, 2)
          FOR UPDATE
        ), eligible AS (
          SELECT req.ord, req.user_id, req.answers, req.at, req.pass_id, req.mail FROM req, s
          WHERE req.at < s.end_at
            AND (s.reservation_start_at IS NULL OR s.reservation_start_at <= req.at)
            AND req.at < COALESCE(s.reservation_end_at, s.start_at)
            AND req.ord = (SELECT min(o.ord) FROM req o WHERE o.user_id = req.user_id)
            AND NOT EXISTS (SELECT 1 FROM event_reservations x WHERE x.event_id = ${eventId} AND x.user_id = req.user_id AND x.cancelled_at IS NULL)
          ORDER BY req.ord
          LIMIT (SELECT CASE WHEN capacity IS NULL THEN NULL ELSE greatest(capacity - reserved_count, 0) END FROM s)
        ), booked AS (
          INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at, pass_id, confirmation_mail_id)
          SELECT ${eventId}, ${sessionId}, user_id, answers, at, COALESCE(pass_id, ${PASS_ID_DEFAULT}), ${mailIdFor(sql`mail`)}
          FROM eligible ORDER BY ord
          ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING
          RETURNING id, user_id, pass_id, confirmation_mail_id
        ), seat AS (
          UPDATE event_sessions SET reserved_count = reserved_count + (SELECT count(*) FROM booked)
          WHERE id = ${sessionId} AND EXISTS (SELECT 1 FROM booked) RETURNING id
        ), unqueued AS (
          DELETE FROM event_waiting_list w USING booked b WHERE w.event_id = ${eventId} AND w.user_id = b.user_id AND EXISTS (SELECT 1 FROM seat)
        ), mailed AS (
          ${insertBookingMails(sql`(SELECT b.confirmation_mail_id AS mail_id, e.mail, e.at FROM booked b JOIN eligible e ON e.user_id = b.user_id)`)}
        )
        SELECT id, user_id FROM booked`,
  );
  return new Map(booked.map((b) => [Number(b.user_id), Number(b.id)]));
}

/** A new reservation; null when the user has an active one for the event already (the partial unique index). */
export async function insertReservation(
  tx: Db,
  eventId: number,
  sessionId: number,
  userId: number,
  answers: ReservationAnswer[],
  now: Date,
): Promise<number | null> {
  const inserted = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at)
            VALUES (${eventId}, ${sessionId}, ${userId}, ${JSON.stringify(answers)}::jsonb, ${now.toISOString()})
            ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

export async function addSeatTaken(tx: Db, sessionId: number): Promise<void> {
  await tx.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id = ${sessionId}`);
}

export async function removeSeatTaken(tx: Db, sessionId: number): Promise<void> {
  await tx.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count - 1 WHERE id = ${sessionId}`);
}

/** Removes the user from every waiting list of the event. */
export async function leaveEventWaitingLists(tx: Db, eventId: number, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM event_waiting_list WHERE event_id = ${eventId} AND user_id = ${userId}`);
}

/** A session's start, locked. */
export async function lockSessionStart(tx: Db, eventId: number, sessionId: number): Promise<{ start_ms: number } | null> {
  const [s] = await rows<{ start_ms: number }>(
    tx,
    sql`SELECT ${ms('s', 'start_at')} AS start_ms FROM event_sessions s WHERE s.id = ${sessionId} AND s.event_id = ${eventId} FOR UPDATE`,
  );
  return s ?? null;
}

/** The user's active reservation of a session, locked. */
export async function lockActiveReservation(tx: Db, sessionId: number, userId: number): Promise<number | null> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM event_reservations WHERE session_id = ${sessionId} AND user_id = ${userId} AND cancelled_at IS NULL FOR UPDATE`,
  );
  return r?.id ?? null;
}

/**
 * Marks a reservation cancelled. Its booking mail (decision 150) is withdrawn when it has not left: `pending` (also
 * after a failed attempt, which delivered nothing) or `failed` (which the console could queue again). A cancelled
 * booking gets no confirmation later.
 */
export async function markCancelled(tx: Db, reservationId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`WITH r AS (
          UPDATE event_reservations SET cancelled_at = ${now.toISOString()} WHERE id = ${reservationId} RETURNING confirmation_mail_id
        )
        DELETE FROM mail_outbox WHERE id = (SELECT confirmation_mail_id FROM r) AND status IN ('pending', 'failed')`,
  );
}

/** The user's reservations of sessions that start after `now`, in session order. */
export async function upcomingReservations(tx: Db, userId: number, now: Date) {
  return rows<{ event_id: number; session_id: number }>(
    tx,
    sql`SELECT r.event_id, r.session_id FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id
        WHERE r.user_id = ${userId} AND r.cancelled_at IS NULL AND s.start_at > ${now.toISOString()}
        ORDER BY r.session_id`,
  );
}

/** Whether the user holds an active reservation of the session (of a visible or invisible event alike). */
export async function hasActiveReservation(db: Db, eventId: number, sessionId: number, userId: number): Promise<boolean> {
  const [reservation] = await rows(
    db,
    sql`SELECT r.id FROM event_reservations r JOIN events e ON e.id = r.event_id
            WHERE r.event_id = ${eventId} AND r.session_id = ${sessionId} AND r.user_id = ${userId} AND r.cancelled_at IS NULL`,
  );
  return Boolean(reservation);
}

export async function addFavorite(db: Db, userId: number, eventId: number): Promise<void> {
  await db.execute(sql`INSERT INTO event_favorites (user_id, event_id) VALUES (${userId}, ${eventId}) ON CONFLICT DO NOTHING`);
}

export async function removeFavorite(db: Db, userId: number, eventId: number): Promise<void> {
  await db.execute(sql`DELETE FROM event_favorites WHERE user_id = ${userId} AND event_id = ${eventId}`);
}

/* ------------------------------------------------------------------ waiting lists */

/** A place in a session's line; null when the user waits for a session of the event already. */
export async function insertWaiting(
  tx: Db,
  eventId: number,
  sessionId: number,
  userId: number,
  answers: ReservationAnswer[],
  now: Date,
): Promise<number | null> {
  const [inserted] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO event_waiting_list (event_id, session_id, user_id, answers, created_at)
            VALUES (${eventId}, ${sessionId}, ${userId}, ${JSON.stringify(answers)}::jsonb, ${now.toISOString()})
            ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
  );
  return inserted?.id ?? null;
}

/** The 1-based place of a waiting-list row in its session's line. */
export async function waitingPosition(tx: Db, sessionId: number, waitingId: number): Promise<number> {
  const [p] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM event_waiting_list WHERE session_id = ${sessionId} AND id <= ${waitingId}`,
  );
  return Number(p!.n);
}

export async function deleteWaiting(db: Db, eventId: number, sessionId: number, userId: number): Promise<boolean> {
  const deleted = await rows(
    db,
    sql`DELETE FROM event_waiting_list WHERE event_id = ${eventId} AND session_id = ${sessionId} AND user_id = ${userId} RETURNING id`,
  );
  return deleted.length > 0;
}

/** Takes the first in a session's line off it. */
export async function takeFirstWaiting(tx: Db, sessionId: number) {
  const [next] = await rows<{ id: number; user_id: number; answers: ReservationAnswer[] }>(
    tx,
    sql`DELETE FROM event_waiting_list WHERE id = (SELECT id FROM event_waiting_list WHERE session_id = ${sessionId} ORDER BY id LIMIT 1)
          RETURNING id, user_id, answers`,
  );
  return next ?? null;
}

/** A reservation for someone promoted from the line; null when they booked the event meanwhile or are no member any more. */
export async function insertPromotedReservation(
  tx: Db,
  eventId: number,
  sessionId: number,
  waiting: { id: number; user_id: number; answers: ReservationAnswer[] },
  now: Date,
): Promise<number | null> {
  const [reservation] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at, promoted_from)
          SELECT ${eventId}, ${sessionId}, ${waiting.user_id}, ${JSON.stringify(waiting.answers ?? [])}::jsonb, ${now.toISOString()}, ${waiting.id}
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = ${waiting.user_id} AND u.tenant_id IS NOT NULL)
          ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING RETURNING id`,
  );
  return reservation?.id ?? null;
}

/** Where and how to mail a member. */
export async function mailRecipient(tx: Db, userId: number) {
  const [u] = await rows<{ email: string | null; nickname: string; locale: string }>(
    tx,
    sql`SELECT email, nickname, locale FROM users WHERE id = ${userId}`,
  );
  return u ?? null;
}

/* ------------------------------------------------------------------ calendar entries */

/** A session of an event as its mails name it. */
export async function sessionEntryRow(tx: Db, eventId: number, sessionId: number, locale: Locale): Promise<SessionEntryRow | null> {
  const [row] = await rows<SessionEntryRow>(
    tx,
    sql`SELECT ${sessionEntryColumns(locale)} FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${sessionId} AND e.id = ${eventId}`,
  );
  return row ?? null;
}

/** The session a user holds an active reservation of, as a calendar file names it. */
export async function reservedSessionEntry(db: Db, sessionId: number, userId: number, locale: Locale): Promise<SessionEntryRow | null> {
  const [row] = await rows<SessionEntryRow>(
    db,
    sql`SELECT ${sessionEntryColumns(locale)}
            FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = r.event_id
            WHERE r.session_id = ${sessionId} AND r.user_id = ${userId} AND r.cancelled_at IS NULL`,
  );
  return row ?? null;
}

export interface FeedRow extends SessionEntryRow {
  reservation_id: number;
  created_ms: number;
}

/** A member's active reservations of sessions that ended after `since`, in start order. */
export async function feedEntries(db: Db, userId: number, locale: Locale, since: string, limit: number) {
  return rows<FeedRow>(
    db,
    sql`SELECT r.id AS reservation_id, ${sessionEntryColumns(locale)}, (extract(epoch FROM r.created_at) * 1000)::float8 AS created_ms
        FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = r.event_id
        WHERE r.user_id = ${userId} AND r.cancelled_at IS NULL AND s.end_at >= ${since}
        ORDER BY s.start_at, r.id LIMIT ${limit}`,
  );
}

/** The HMAC key of calendar links and feeds. */
export async function calendarKey(db: Db): Promise<string | null> {
  const [row] = await rows<{ secret: string }>(db, sql`SELECT secret FROM event_calendar_keys WHERE id`);
  return row?.secret ?? null;
}

/** The member's feed generation; the first call makes the feed. */
export async function feedGeneration(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ generation: number }>(
    db,
    sql`INSERT INTO event_calendar_feeds (user_id, generation, created_at) VALUES (${userId}, 1, ${now.toISOString()})
        ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING generation`,
  );
  return Number(row!.generation);
}

/** Moves the member's feed to its next generation. */
export async function nextFeedGeneration(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ generation: number }>(
    db,
    sql`INSERT INTO event_calendar_feeds (user_id, generation, created_at) VALUES (${userId}, 2, ${now.toISOString()})
        ON CONFLICT (user_id) DO UPDATE SET generation = event_calendar_feeds.generation + 1 RETURNING generation`,
  );
  return Number(row!.generation);
}

/** The locale of a member whose current feed generation this is; null otherwise. */
/**
 * The locale of a feed's owner while the feed may answer: its current generation, of a member of a tenant who is not
 * deactivated (issue 30, finding 5). Null otherwise. (A tenant's contract end belongs here too once tenants have one.)
 */
export async function feedOwnerLocale(db: Db, userId: number, generation: number, now: Date): Promise<string | null> {
  const [row] = await rows<{ locale: string }>(
    db,
    // A deactivated member's feed, and the feeds of a tenant whose contract has ended, answer nothing (issue 30).
    sql`SELECT u.locale FROM event_calendar_feeds f JOIN users u ON u.id = f.user_id JOIN tenants t ON t.id = u.tenant_id
        WHERE f.user_id = ${userId} AND f.generation = ${generation} AND u.deactivated_at IS NULL
          AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${now.toISOString()}::timestamptz)`,
  );
  return row?.locale ?? null;
}

/* ------------------------------------------------------------------ reminders */

/** pg_try_advisory_xact_lock key of the reminder run ("hibiremd"). */
const REMINDER_LOCK_KEY = 0x6869_6269_7265_6d64n;

/** Takes the reminder run's advisory lock for the transaction; false when another process holds it. */
export async function tryReminderLock(tx: Db): Promise<boolean> {
  const [lock] = await rows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY.toString()}::bigint) AS locked`);
  return Boolean(lock?.locked);
}

export interface DueReminderRow {
  kind: 'day' | 'hour';
  event_id: number;
  reservation_id: number;
  user_id: number;
  /** Null for a member without an address who takes reminders on a device (push, decision 153). */
  email: string | null;
  nickname: string;
  locale: string;
  event_title_ja: string;
  event_title_en: string | null;
  session_title_ja: string;
  session_title_en: string | null;
  place_ja: string | null;
  place_en: string | null;
  providing_type: number;
  start_ms: number;
  end_ms: number;
  /** The reservation's pass (issue 33), for the reminder to carry. */
  pass_id: string;
}

/**
 * Marks (event_reminders_sent) and returns up to `batch` reminders due at `at`: the day reminder from 24 hours before
 * the start for bookings made before then, unless less than an hour is left; the hour reminder from 60 minutes before;
 * each only to members who have it on, never for a cancelled booking or a session that has begun. Members without
 * an address are reminded too when a device of theirs takes reminders (push, decision 153).
 */
export async function markDueReminders(tx: Db, at: string, batch: number) {
  return rows<DueReminderRow>(
    tx,
    sql`WITH candidates AS (
            SELECT r.id AS reservation_id, k.kind
            FROM event_reservations r
            JOIN event_sessions s ON s.id = r.session_id
            JOIN users u ON u.id = r.user_id
            CROSS JOIN (VALUES ('day'), ('hour')) AS k(kind)
            WHERE r.cancelled_at IS NULL AND u.tenant_id IS NOT NULL
              AND (u.email IS NOT NULL
                   OR EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id AND 'eventReminder' = ANY(ps.kinds)))
              AND s.start_at > ${at}::timestamptz
              AND ((k.kind = 'day' AND u.reminder_day_before
                    AND s.start_at <= ${at}::timestamptz + interval '24 hours' AND s.start_at > ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '24 hours')
                OR (k.kind = 'hour' AND u.reminder_hour_before
                    AND s.start_at <= ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '1 hour'))
              AND NOT EXISTS (SELECT 1 FROM event_reminders_sent x WHERE x.reservation_id = r.id AND x.kind = k.kind)
            ORDER BY s.start_at, r.id
            LIMIT ${batch}
          ), marked AS (
            INSERT INTO event_reminders_sent (reservation_id, kind, sent_at)
            SELECT reservation_id, kind, ${at}::timestamptz FROM candidates
            ON CONFLICT DO NOTHING RETURNING reservation_id, kind
          )
          SELECT m.kind, e.id AS event_id, r.id AS reservation_id, u.id AS user_id, u.email, u.nickname, u.locale,
                 e.title_ja AS event_title_ja, e.title_en AS event_title_en, s.title_ja AS session_title_ja, s.title_en AS session_title_en,
                 e.place_ja, e.place_en, s.providing_type,
                 (extract(epoch FROM s.start_at) * 1000)::float8 AS start_ms, (extract(epoch FROM s.end_at) * 1000)::float8 AS end_ms,
                 r.pass_id::text AS pass_id
          FROM marked m JOIN event_reservations r ON r.id = m.reservation_id JOIN event_sessions s ON s.id = r.session_id
          JOIN events e ON e.id = r.event_id JOIN users u ON u.id = r.user_id`,
  );
}

/* ------------------------------------------------------------------ authoring */

export type NewEvent = typeof events.$inferInsert;
export type NewSession = Omit<typeof eventSessions.$inferInsert, 'eventId'>;
export type NewQuestion = Omit<typeof eventQuestions.$inferInsert, 'eventId'>;

/** A new event with its sessions (in the order given) and questions; its id and its sessions' ids. */
export async function insertEvent(db: Db, event: NewEvent, sessions: NewSession[], questions: NewQuestion[] = []) {
  const [row] = await db.insert(events).values(event).returning({ id: events.id });
  const eventId = row!.id;
  const sessionIds = sessions.length
    ? (
        await db
          .insert(eventSessions)
          .values(sessions.map((s) => ({ ...s, eventId })))
          .returning({ id: eventSessions.id })
      ).map((s) => s.id)
    : [];
  if (questions.length) await db.insert(eventQuestions).values(questions.map((q) => ({ ...q, eventId })));
  return { eventId, sessionIds };
}

/** Moves a session's booking window. */
export async function setBookingWindow(db: Db, sessionId: number, opensAt: Date, closesAt: Date): Promise<void> {
  await db.update(eventSessions).set({ reservationStartAt: opensAt, reservationEndAt: closesAt }).where(eq(eventSessions.id, sessionId));
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

export interface ReservationExportRow {
  id: number;
  event_id: number;
  event_title: string;
  session_title: string;
  start_ms: number;
  end_ms: number;
  reserved_ms: number;
  cancelled_ms: number | null;
  answers: unknown;
}

/** One page of a member's reservations, cancelled ones too, after reservation `afterId` (keyset on the id). */
export async function reservationsExportPage(db: Db, userId: number, locale: Locale, afterId: number, limit: number) {
  const title = (alias: string) => (locale === 'en' ? sql.raw(`COALESCE(${alias}.title_en, ${alias}.title_ja)`) : sql.raw(`${alias}.title_ja`));
  return rows<ReservationExportRow>(
    db,
    sql`SELECT r.id, r.event_id, ${title('e')} AS event_title, ${title('s')} AS session_title,
               (extract(epoch FROM s.start_at) * 1000)::float8 AS start_ms, (extract(epoch FROM s.end_at) * 1000)::float8 AS end_ms,
               (extract(epoch FROM r.created_at) * 1000)::float8 AS reserved_ms,
               (extract(epoch FROM r.cancelled_at) * 1000)::float8 AS cancelled_ms, r.answers
        FROM event_reservations r JOIN events e ON e.id = r.event_id JOIN event_sessions s ON s.id = r.session_id
        WHERE r.user_id = ${userId} AND r.id > ${afterId} ORDER BY r.id LIMIT ${limit}`,
  );
}

/* ------------------------------------------------------------------ console authoring (issue 16; decision 112) */

export type EventPublishState = 'draft' | 'scheduled' | 'published' | 'unpublished';
export type EventSort = 'startAtDesc' | 'startAtAsc' | 'updatedAtDesc' | 'titleAsc';

/** The publishing state of event `e` against `now` (an unpublished event has no publish time left). */
const eventStateSql = (now: Date) =>
  sql`CASE WHEN e.unpublished_at IS NOT NULL THEN 'unpublished' WHEN e.published_at IS NULL THEN 'draft'
    WHEN e.published_at > ${now.toISOString()}::timestamptz THEN 'scheduled' ELSE 'published' END`;

function eventStateFilter(state: EventPublishState, now: Date): SQL {
  const at = now.toISOString();
  switch (state) {
    case 'unpublished':
      return sql`e.unpublished_at IS NOT NULL`;
    case 'draft':
      return sql`e.unpublished_at IS NULL AND e.published_at IS NULL`;
    case 'scheduled':
      return sql`e.unpublished_at IS NULL AND e.published_at > ${at}::timestamptz`;
    case 'published':
      return sql`e.unpublished_at IS NULL AND e.published_at <= ${at}::timestamptz`;
  }
}

const EVENT_ORDER: Record<EventSort, string> = {
  startAtDesc: 'e.start_at DESC, e.id DESC',
  startAtAsc: 'e.start_at ASC, e.id ASC',
  updatedAtDesc: 'e.updated_at DESC, e.id DESC',
  titleAsc: 'e.title_ja ASC, e.id ASC',
};

export interface ConsoleEventQuery {
  query?: string;
  state?: EventPublishState;
  offset: number;
  perPage: number;
  sort: EventSort;
  now: Date;
}

export interface ConsoleEventListRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  state: EventPublishState;
  publish_ms: number | null;
  start_ms: number;
  end_ms: number;
  contract_only: boolean;
  session_count: number;
  reserved_count: number;
  checked_in_count: number;
  updated_ms: number;
  updated_by: string | null;
  total: number;
}

/** One page of events in every state, with their session and seat counts and the total (one query). */
export async function consoleEventPage(db: Db, q: ConsoleEventQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.query) {
    const pattern = `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(e.title_ja ILIKE ${pattern} OR e.title_en ILIKE ${pattern})`);
  }
  if (q.state) where.push(eventStateFilter(q.state, q.now));
  return rows<ConsoleEventListRow>(
    db,
    sql`SELECT e.id, e.title_ja, e.title_en, ${eventStateSql(q.now)} AS state, ${ms('e', 'published_at')} AS publish_ms,
          ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms, e.contract_only,
          COALESCE(s.n, 0)::int AS session_count, COALESCE(s.seats, 0)::int AS reserved_count,
          (SELECT count(*)::int FROM event_reservations c
            WHERE c.event_id = e.id AND c.cancelled_at IS NULL AND c.checked_in_at IS NOT NULL) AS checked_in_count,
          ${ms('e', 'updated_at')} AS updated_ms, e.updated_by, count(*) OVER ()::int AS total
        FROM events e
        LEFT JOIN LATERAL (SELECT count(*) AS n, sum(x.reserved_count) AS seats FROM event_sessions x WHERE x.event_id = e.id) s ON TRUE
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${sql.raw(EVENT_ORDER[q.sort])} LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export interface ConsoleEventRecord {
  id: number;
  title_ja: string;
  title_en: string | null;
  start_ms: number;
  end_ms: number;
  date_remarks_ja: string | null;
  date_remarks_en: string | null;
  providing_type: number;
  place_ja: string | null;
  place_en: string | null;
  price: number;
  capacity: number | null;
  extra_label_ja: string | null;
  extra_label_en: string | null;
  extra_text_ja: string | null;
  extra_text_en: string | null;
  advertising: boolean;
  thumbnail_url: string | null;
  images: { url: string; alt: { ja: string; en: string | null } }[] | string;
  report_article_id: number | null;
  contract_only: boolean;
  publish_ms: number | null;
  state: EventPublishState;
  created_ms: number;
  updated_ms: number;
  updated_by: string | null;
  reservation_count: number;
  has_answers: boolean;
}

/** Whether any reservation (cancelled ones too) or waiting-list place of an event holds answers. */
const hasAnswersSql = (eventId: SQL | number) =>
  sql`(EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = ${eventId} AND jsonb_array_length(r.answers) > 0)
    OR EXISTS (SELECT 1 FROM event_waiting_list w WHERE w.event_id = ${eventId} AND jsonb_array_length(w.answers) > 0))`;

/** One event with every language, for the console's editor. */
export async function consoleEventRecord(db: Db, id: number, now: Date): Promise<ConsoleEventRecord | undefined> {
  const [row] = await rows<ConsoleEventRecord>(
    db,
    sql`SELECT e.id, e.title_ja, e.title_en, ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms,
          e.date_remarks_ja, e.date_remarks_en, e.providing_type, e.place_ja, e.place_en, e.price, e.capacity,
          e.extra_label_ja, e.extra_label_en, e.extra_text_ja, e.extra_text_en, e.advertising, e.thumbnail_url,
          COALESCE((SELECT json_agg(json_build_object('url', i.url, 'alt', json_build_object('ja', COALESCE(i.alt_ja, ''), 'en', i.alt_en))
                     ORDER BY i.sort, i.id) FROM event_images i WHERE i.event_id = e.id), '[]'::json) AS images,
          e.report_article_id, e.contract_only, ${ms('e', 'published_at')} AS publish_ms, ${eventStateSql(now)} AS state,
          ${ms('e', 'created_at')} AS created_ms, ${ms('e', 'updated_at')} AS updated_ms, e.updated_by,
          (SELECT count(*)::int FROM event_reservations r WHERE r.event_id = e.id) AS reservation_count,
          ${hasAnswersSql(sql`e.id`)} AS has_answers
        FROM events e WHERE e.id = ${id}`,
  );
  return row;
}

export interface ConsoleSessionRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  providing_type: number;
  reservation_type: number;
  start_ms: number;
  end_ms: number;
  capacity: number | null;
  entry_unit_type: number;
  reserved_count: number;
  waiting_count: number;
  rstart_ms: number | null;
  rend_ms: number | null;
  url: string | null;
  external_full: boolean;
  sort: number;
}

const consoleSessionColumns = sql`s.id, s.title_ja, s.title_en, s.providing_type, s.reservation_type,
  ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms, s.capacity, s.entry_unit_type, s.reserved_count,
  (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id) AS waiting_count,
  ${ms('s', 'reservation_start_at')} AS rstart_ms, ${ms('s', 'reservation_end_at')} AS rend_ms, s.url, s.external_full, s.sort`;

/** An event's sessions with every language, their seats taken and their waiting lists' length. */
export async function consoleSessions(db: Db, eventId: number) {
  return rows<ConsoleSessionRow>(
    db,
    sql`SELECT ${consoleSessionColumns} FROM event_sessions s WHERE s.event_id = ${eventId} ORDER BY s.sort, s.start_at, s.id`,
  );
}

export async function consoleSession(db: Db, eventId: number, sessionId: number) {
  const [row] = await rows<ConsoleSessionRow & { event_title_ja: string; event_title_en: string | null }>(
    db,
    sql`SELECT ${consoleSessionColumns}, e.title_ja AS event_title_ja, e.title_en AS event_title_en
        FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${sessionId} AND s.event_id = ${eventId}`,
  );
  return row;
}

export interface ConsoleQuestionRow {
  type: EventQuestion['type'];
  question_ja: string;
  question_en: string | null;
  required: boolean;
  choices_ja: string[] | string;
  choices_en: string[] | string | null;
  choice_images: { id: number; url: string; alt?: string | null; altEn?: string | null }[] | string;
  images: { id: number; url: string; alt?: string | null; altEn?: string | null }[] | string;
}

/** An event's questions with every language, in order. */
export async function consoleQuestions(db: Db, eventId: number) {
  return rows<ConsoleQuestionRow>(
    db,
    sql`SELECT q.type, q.question_ja, q.question_en, q.required, q.choices_ja, q.choices_en, q.choice_images, q.images
        FROM event_questions q WHERE q.event_id = ${eventId} ORDER BY q.questionnaire_index`,
  );
}

export interface EventWrite {
  titleJa: string;
  titleEn: string | null;
  startAt: Date;
  endAt: Date;
  dateRemarksJa: string | null;
  dateRemarksEn: string | null;
  providingType: number;
  placeJa: string | null;
  placeEn: string | null;
  price: number;
  capacity: number | null;
  extraLabelJa: string | null;
  extraLabelEn: string | null;
  extraTextJa: string | null;
  extraTextEn: string | null;
  advertising: boolean;
  thumbnailUrl: string | null;
  reportArticleId: number | null;
  contractOnly: boolean;
  publishedAt: Date | null;
}

/** A new event row written by an operator; its id. */
export async function insertConsoleEvent(tx: Db, w: EventWrite, by: string, now: Date): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({ ...w, unpublishedAt: null, createdAt: now, updatedAt: now, updatedBy: by })
    .returning({ id: events.id });
  return row!.id;
}

/** Replaces an event row's fields (a save clears a take-down); false when absent. */
export async function updateConsoleEvent(tx: Db, id: number, w: EventWrite, by: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(events)
    .set({ ...w, unpublishedAt: null, updatedAt: now, updatedBy: by })
    .where(eq(events.id, id))
    .returning({ id: events.id });
  return updated.length > 0;
}

/** Replaces an event's images (in order, with alt text). */
export async function replaceEventImages(tx: Db, eventId: number, images: { url: string; altJa: string; altEn: string | null }[]) {
  await tx.execute(sql`DELETE FROM event_images WHERE event_id = ${eventId}`);
  if (images.length) await tx.insert(eventImages).values(images.map((i, sort) => ({ eventId, sort, ...i })));
}

/** Marks an event as changed by an operator (a session or the questionnaire was saved); false when absent. */
export async function touchEvent(tx: Db, eventId: number, by: string, now: Date): Promise<boolean> {
  const updated = await rows(tx, sql`UPDATE events SET updated_at = ${now.toISOString()}, updated_by = ${by} WHERE id = ${eventId} RETURNING id`);
  return updated.length > 0;
}

/** Takes an event down now: no publish time any more, so every member read hides it; false when absent. */
export async function unpublishEventRow(db: Db, id: number, by: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const updated = await rows(
    db,
    sql`UPDATE events SET unpublished_at = COALESCE(unpublished_at, ${at}::timestamptz), published_at = NULL,
          updated_at = ${at}::timestamptz, updated_by = ${by} WHERE id = ${id} RETURNING id`,
  );
  return updated.length > 0;
}

/** Deletes an event no one ever reserved (sessions, questions, images, favourites cascade): 'deleted', 'reserved' or 'absent'. */
export async function deleteEventRow(tx: Db, id: number): Promise<'deleted' | 'reserved' | 'absent'> {
  const [row] = await rows<{ found: boolean; reserved: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM events WHERE id = ${id}) AS found,
          EXISTS (SELECT 1 FROM event_reservations WHERE event_id = ${id}) OR EXISTS (SELECT 1 FROM event_waiting_list WHERE event_id = ${id}) AS reserved`,
  );
  if (!row?.found) return 'absent';
  if (row.reserved) return 'reserved';
  const deleted = await rows(
    tx,
    sql`DELETE FROM events e WHERE e.id = ${id} AND NOT EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id) RETURNING id`,
  );
  return deleted.length ? 'deleted' : 'reserved';
}

export async function eventExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT id FROM events WHERE id = ${id}`)).length > 0;
}

/** Whether a library article of this id exists (the event's report article). */
export async function reportArticleExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT id FROM report_articles WHERE id = ${id}`)).length > 0;
}

export interface SessionWrite {
  titleJa: string;
  titleEn: string | null;
  providingType: number;
  reservationType: number;
  startAt: Date;
  endAt: Date;
  capacity: number | null;
  entryUnitType: number;
  reservationStartAt: Date | null;
  reservationEndAt: Date | null;
  url: string | null;
  externalFull: boolean;
  sort: number;
}

export async function insertConsoleSession(tx: Db, eventId: number, w: SessionWrite): Promise<number> {
  const [row] = await tx
    .insert(eventSessions)
    .values({ ...w, eventId })
    .returning({ id: eventSessions.id });
  return row!.id;
}

/**
 * Replaces a session's fields in one conditional statement: only when the new capacity still holds the seats taken
 * (checked on the locked row, so a booking in between is counted). 'saved', 'capacity' or 'absent'.
 */
export async function updateConsoleSession(tx: Db, eventId: number, id: number, w: SessionWrite): Promise<'saved' | 'capacity' | 'absent'> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const updated = await rows(
    tx,
    sql`UPDATE event_sessions SET title_ja = ${w.titleJa}, title_en = ${w.titleEn}, providing_type = ${w.providingType},
          reservation_type = ${w.reservationType}, start_at = ${iso(w.startAt)}::timestamptz, end_at = ${iso(w.endAt)}::timestamptz,
          capacity = ${w.capacity}::int, entry_unit_type = ${w.entryUnitType},
          reservation_start_at = ${iso(w.reservationStartAt)}::timestamptz, reservation_end_at = ${iso(w.reservationEndAt)}::timestamptz,
          url = ${w.url}, external_full = ${w.externalFull}, sort = ${w.sort}
        WHERE id = ${id} AND event_id = ${eventId} AND (${w.capacity}::int IS NULL OR reserved_count <= ${w.capacity}::int)
        RETURNING id`,
  );
  if (updated.length) return 'saved';
  return (await sessionBelongsToEvent(tx, eventId, id)) ? 'capacity' : 'absent';
}

/** Deletes a session nobody reserved (ever) or waits for: 'deleted', 'reserved' or 'absent'. */
export async function deleteSessionRow(tx: Db, eventId: number, id: number): Promise<'deleted' | 'reserved' | 'absent'> {
  const deleted = await rows(
    tx,
    sql`DELETE FROM event_sessions s WHERE s.id = ${id} AND s.event_id = ${eventId}
          AND NOT EXISTS (SELECT 1 FROM event_reservations r WHERE r.session_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM event_waiting_list w WHERE w.session_id = s.id) RETURNING id`,
  );
  if (deleted.length) return 'deleted';
  return (await sessionBelongsToEvent(tx, eventId, id)) ? 'reserved' : 'absent';
}

/** Whether members' answers to an event's questionnaire exist (reservations, cancelled too, and waiting lists). */
export async function eventHasAnswers(db: Db, eventId: number): Promise<boolean> {
  const [row] = await rows<{ has: boolean }>(db, sql`SELECT ${hasAnswersSql(eventId)} AS has`);
  return Boolean(row?.has);
}

/** Replaces an event's questions (questionnaire_index = position). */
export async function replaceQuestions(tx: Db, eventId: number, questions: NewQuestion[]): Promise<void> {
  await tx.execute(sql`DELETE FROM event_questions WHERE event_id = ${eventId}`);
  if (questions.length) await tx.insert(eventQuestions).values(questions.map((q) => ({ ...q, eventId })));
}

export interface ReservationListRow {
  id: number;
  user_name: string;
  nickname: string;
  email: string | null;
  company: string | null;
  answers: ReservationAnswer[] | string;
  reserved_ms: number;
  promoted: boolean;
  checked_in_ms: number | null;
  total: number;
}

const reservationColumns = sql`r.id, u.user_name, u.nickname, u.email, t.name_ja AS company, r.answers,
  ${ms('r', 'created_at')} AS reserved_ms, r.promoted_from IS NOT NULL AS promoted, ${ms('r', 'checked_in_at')} AS checked_in_ms`;

/** One page of a session's active reservations, oldest first, with the total. */
export async function sessionReservationPage(db: Db, sessionId: number, offset: number, perPage: number) {
  return rows<ReservationListRow>(
    db,
    sql`SELECT ${reservationColumns}, count(*) OVER ()::int AS total
        FROM event_reservations r JOIN users u ON u.id = r.user_id LEFT JOIN tenants t ON t.id = u.tenant_id
        WHERE r.session_id = ${sessionId} AND r.cancelled_at IS NULL
        ORDER BY r.created_at, r.id LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** The count of a session's active reservations (a page past the end came back empty). */
export async function sessionReservationCount(db: Db, sessionId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM event_reservations WHERE session_id = ${sessionId} AND cancelled_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** An active reservation's event, session and member; null when unknown or cancelled. */
export async function activeReservation(db: Db, reservationId: number) {
  const [row] = await rows<{ event_id: number; session_id: number; user_id: number }>(
    db,
    sql`SELECT event_id, session_id, user_id FROM event_reservations WHERE id = ${reservationId} AND cancelled_at IS NULL`,
  );
  return row ?? null;
}

/** One page of an event's active reservations for the export, after reservation `afterId` (keyset on the id). */
export async function eventReservationExportPage(db: Db, eventId: number, afterId: number, limit: number) {
  return rows<Omit<ReservationListRow, 'total'> & { session_title: string; start_ms: number }>(
    db,
    sql`SELECT ${reservationColumns}, s.title_ja AS session_title, ${ms('s', 'start_at')} AS start_ms
        FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id JOIN users u ON u.id = r.user_id
        LEFT JOIN tenants t ON t.id = u.tenant_id
        WHERE r.event_id = ${eventId} AND r.cancelled_at IS NULL AND r.id > ${afterId}
        ORDER BY r.id LIMIT ${limit}`,
  );
}

/* ------------------------------------------------------------------ passes and check-in (issue 33, decision 147) */

/** The pass_id of a member's active reservation of a session; null without one. */
export async function activePassId(db: Db, eventId: number, sessionId: number, userId: number): Promise<string | null> {
  const [row] = await rows<{ pass_id: string }>(
    db,
    sql`SELECT pass_id::text AS pass_id FROM event_reservations
        WHERE event_id = ${eventId} AND session_id = ${sessionId} AND user_id = ${userId} AND cancelled_at IS NULL`,
  );
  return row?.pass_id ?? null;
}

export interface PassRow {
  id: number;
  event_id: number;
  session_id: number;
  cancelled: boolean;
  nickname: string;
  event_title_ja: string;
  event_title_en: string | null;
  session_title_ja: string;
  session_title_en: string | null;
  session_start_ms: number;
}

/** The reservation a pass names, with what the door shows of it; undefined when no reservation has it. */
export async function reservationOfPass(db: Db, passId: bigint): Promise<PassRow | undefined> {
  const [row] = await rows<PassRow>(
    db,
    sql`SELECT r.id, r.event_id, r.session_id, r.cancelled_at IS NOT NULL AS cancelled, u.nickname,
          e.title_ja AS event_title_ja, e.title_en AS event_title_en, s.title_ja AS session_title_ja,
          s.title_en AS session_title_en, ${ms('s', 'start_at')} AS session_start_ms
        FROM event_reservations r JOIN users u ON u.id = r.user_id JOIN events e ON e.id = r.event_id
        JOIN event_sessions s ON s.id = r.session_id
        WHERE r.pass_id = ${passId.toString()}::bigint`,
  );
  return row;
}

/**
 * Checks an active reservation in once: the first call sets the time and answers it with `first` true; a later call
 * answers the time already kept. One statement, so two phones scanning the same pass agree on who was first.
 */
export async function checkIn(db: Db, reservationId: number, now: Date): Promise<{ checked_in_ms: number; first: boolean } | undefined> {
  const [row] = await rows<{ checked_in_ms: number; first: boolean }>(
    db,
    sql`WITH set AS (
          UPDATE event_reservations SET checked_in_at = ${now.toISOString()}
          WHERE id = ${reservationId} AND cancelled_at IS NULL AND checked_in_at IS NULL
          RETURNING checked_in_at)
        SELECT ${ms('set', 'checked_in_at')} AS checked_in_ms, TRUE AS first FROM set
        UNION ALL
        SELECT ${ms('r', 'checked_in_at')}, FALSE FROM event_reservations r
        WHERE r.id = ${reservationId} AND r.cancelled_at IS NULL AND r.checked_in_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM set)`,
  );
  return row;
}

/** Takes a check-in back when it happened after `since`; whether it did. */
export async function undoCheckIn(db: Db, reservationId: number, since: Date): Promise<{ session_id: number } | undefined> {
  const [row] = await rows<{ session_id: number }>(
    db,
    sql`UPDATE event_reservations SET checked_in_at = NULL
        WHERE id = ${reservationId} AND checked_in_at IS NOT NULL AND checked_in_at > ${since.toISOString()}
        RETURNING session_id`,
  );
  return row;
}

export async function sessionExists(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`SELECT TRUE AS ok FROM event_sessions WHERE id = ${sessionId}`);
  return row !== undefined;
}
