// Reservations: booking a seat (one statement, or a batch of them) with its confirmation mail, cancelling, and the
// statements that run inside the service's transactions under a session's lock (`tx`); the service decides the
// order and the rules.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../../db/client.ts';
import { arrayParam, rows } from '../../../db/query.ts';
import { ms, type SessionRow, sessionColumns } from './sql.ts';

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

/** The sessions of these users' active reservations of an event, by user (one statement for a batch's refusals). */
export async function activeReservationSessions(db: Db, eventId: number, userIds: number[]): Promise<Map<number, number>> {
  const found = await rows<{ user_id: number; session_id: number }>(
    db,
    sql`SELECT user_id, session_id FROM event_reservations
        WHERE event_id = ${eventId} AND user_id = ANY(${arrayParam(userIds, 'int')}) AND cancelled_at IS NULL`,
  );
  return new Map(found.map((r) => [Number(r.user_id), Number(r.session_id)]));
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
