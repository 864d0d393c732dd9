// Who comes to a session: its reservations for the console (a page, the count, the export), a member's pass, and
// check-in at the door (issue 33, decision 147).
import { sql } from 'drizzle-orm';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { ms } from './sql.ts';

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

/** The pass_id of a member's active reservation of a session, and how the session is held; null without one. */
export async function activePassId(
  db: Db,
  eventId: number,
  sessionId: number,
  userId: number,
): Promise<{ pass_id: string; providing_type: number } | null> {
  const [row] = await rows<{ pass_id: string; providing_type: number }>(
    db,
    sql`SELECT r.pass_id::text AS pass_id, s.providing_type FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id
        WHERE r.event_id = ${eventId} AND r.session_id = ${sessionId} AND r.user_id = ${userId} AND r.cancelled_at IS NULL`,
  );
  return row ?? null;
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
  session_end_ms: number;
  pass_id: string;
}

const passColumns = sql`r.id, r.event_id, r.session_id, r.cancelled_at IS NOT NULL AS cancelled, u.nickname,
  e.title_ja AS event_title_ja, e.title_en AS event_title_en, s.title_ja AS session_title_ja,
  s.title_en AS session_title_en, ${ms('s', 'start_at')} AS session_start_ms, ${ms('s', 'end_at')} AS session_end_ms,
  r.pass_id::text AS pass_id`;

/** The reservation a pass names, with what the door shows of it; undefined when no reservation has it. */
export async function reservationOfPass(db: Db, passId: bigint): Promise<PassRow | undefined> {
  const [row] = await rows<PassRow>(
    db,
    sql`SELECT ${passColumns}
        FROM event_reservations r JOIN users u ON u.id = r.user_id JOIN events e ON e.id = r.event_id
        JOIN event_sessions s ON s.id = r.session_id
        WHERE r.pass_id = ${passId.toString()}::bigint`,
  );
  return row;
}

/**
 * The reservations of the event of session `sessionId` whose pass_id ends in `idBits` (a typed short code's 30 bits,
 * decision 178): usually one, rarely two; the caller keeps the one whose MAC holds. Read through the reservations'
 * event index, so the lookup stays one statement over one event's rows.
 */
export async function reservationsOfCode(db: Db, sessionId: number, idBits: number): Promise<PassRow[]> {
  return rows<PassRow>(
    db,
    sql`SELECT ${passColumns}
        FROM event_reservations r JOIN users u ON u.id = r.user_id JOIN events e ON e.id = r.event_id
        JOIN event_sessions s ON s.id = r.session_id
        WHERE (r.pass_id & 1073741823) = ${idBits}::bigint
          AND r.event_id = (SELECT event_id FROM event_sessions WHERE id = ${sessionId})
        ORDER BY r.cancelled_at IS NULL DESC, r.id DESC LIMIT 20`,
  );
}

/** A session's times and who is in: its active reservations and how many of them are checked in. */
export async function checkInCounts(db: Db, sessionId: number) {
  const [row] = await rows<{ start_ms: number; end_ms: number; booked: number; checked_in: number }>(
    db,
    sql`SELECT ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms,
          (SELECT count(*)::int FROM event_reservations r WHERE r.session_id = s.id AND r.cancelled_at IS NULL) AS booked,
          (SELECT count(*)::int FROM event_reservations r
            WHERE r.session_id = s.id AND r.cancelled_at IS NULL AND r.checked_in_at IS NOT NULL) AS checked_in
        FROM event_sessions s WHERE s.id = ${sessionId}`,
  );
  return row ? { startMs: Number(row.start_ms), endMs: Number(row.end_ms), booked: Number(row.booked), checkedIn: Number(row.checked_in) } : null;
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
