// Waiting lists: joining and leaving a session's line, a place in it, and promoting the first in line to a
// reservation (inside the service's transaction, `tx`); and where to mail a member.
import { sql } from 'drizzle-orm';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';

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
