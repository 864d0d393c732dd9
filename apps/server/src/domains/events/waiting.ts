import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import { normaliseLocale } from '@hibi/contract/protocol';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../db/client.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { renderEventMail } from './mails.ts';
import { booksInApp, sessionButton } from './rules.ts';
import { cancel, sessionColumns, sessionEntry, sessionEntryColumns, sessionStateOf, type SessionEntryRow } from './service.ts';
import { rows } from '../../db/query.ts';

/**
 * Waiting lists (docs/decisions/081-waiting-list-reminders-feed.md). Every change of a session's seats or list
 * happens under the session row's lock (FOR UPDATE), as reservations do: joins, cancellations and promotions of one
 * session run one after another, so the first in line is promoted first, nobody twice, and no seat is oversold.
 */

class Outcome extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

type Result<T> = ({ ok: true } & T) | { ok: false; code: string };

async function lockSession(t: Db, eventId: number, sessionId: number) {
  const [s] = await rows<Parameters<typeof sessionStateOf>[0] & { id: number }>(
    t,
    sql`SELECT ${sessionColumns('ja')} FROM event_sessions s WHERE s.id = ${sessionId} AND s.event_id = ${eventId} FOR UPDATE`,
  );
  return s ?? null;
}

/** Joins the waiting list of a full session whose booking window is open. */
export async function joinWaitingList(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
  answers: ReservationAnswer[],
  now: Date,
): Promise<Result<{ position: number }>> {
  try {
    const position = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const s = await lockSession(t, eventId, sessionId);
      if (!s) throw new Outcome('sessionNotFound');
      const [reserved] = await rows<{ session_id: number }>(
        t,
        sql`SELECT session_id FROM event_reservations WHERE event_id = ${eventId} AND user_id = ${userId} AND cancelled_at IS NULL`,
      );
      if (reserved) throw new Outcome(reserved.session_id === sessionId ? 'alreadyReserved' : 'reservedAnotherSession');
      const button = sessionButton(sessionStateOf(s), false, now.getTime());
      if (!booksInApp(s.reservation_type) || !button || button.kind === 'ended' || button.kind === 'notOpen')
        throw new Outcome('reservationNotAccepted');
      if (s.capacity === null || s.reserved_count < s.capacity) throw new Outcome('seatsAvailable');
      const [inserted] = await rows<{ id: number }>(
        t,
        sql`INSERT INTO event_waiting_list (event_id, session_id, user_id, answers, created_at)
            VALUES (${eventId}, ${sessionId}, ${userId}, ${JSON.stringify(answers)}::jsonb, ${now.toISOString()})
            ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
      );
      if (!inserted) throw new Outcome('alreadyWaiting');
      const [p] = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM event_waiting_list WHERE session_id = ${sessionId} AND id <= ${inserted.id}`,
      );
      return Number(p!.n);
    });
    return { ok: true, position };
  } catch (error) {
    if (error instanceof Outcome) return { ok: false, code: error.code };
    throw error;
  }
}

/** Leaves a session's waiting list. */
export async function leaveWaitingList(db: Db, userId: number, eventId: number, sessionId: number): Promise<boolean> {
  const deleted = await rows(
    db,
    sql`DELETE FROM event_waiting_list WHERE event_id = ${eventId} AND session_id = ${sessionId} AND user_id = ${userId} RETURNING id`,
  );
  return deleted.length > 0;
}

/**
 * Gives free seats of a session to the first in line, inside the caller's transaction, which holds the session's lock
 * (a cancellation). Stops when the booking window is closed (or not open), when the seats are taken, or when the
 * list is empty. Someone in line who booked another session of the event meanwhile loses their place instead.
 * Each promoted member gets a mail through the outbox, in the same transaction. Returns the promoted user ids.
 */
export async function promoteFromWaitingList(t: Db, eventId: number, sessionId: number, now: Date, appBaseUrl: string): Promise<number[]> {
  const promoted: number[] = [];
  for (;;) {
    const [s] = await rows<Parameters<typeof sessionStateOf>[0] & { id: number }>(
      t,
      sql`SELECT ${sessionColumns('ja')} FROM event_sessions s WHERE s.id = ${sessionId}`,
    );
    if (!s) return promoted;
    const button = sessionButton(sessionStateOf(s), false, now.getTime());
    if (!booksInApp(s.reservation_type) || !button || button.kind === 'ended' || button.kind === 'notOpen') return promoted;
    if (s.capacity !== null && s.reserved_count >= s.capacity) return promoted;
    const [next] = await rows<{ id: number; user_id: number; answers: ReservationAnswer[] }>(
      t,
      sql`DELETE FROM event_waiting_list WHERE id = (SELECT id FROM event_waiting_list WHERE session_id = ${sessionId} ORDER BY id LIMIT 1)
          RETURNING id, user_id, answers`,
    );
    if (!next) return promoted;
    const [reservation] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at, promoted_from)
          SELECT ${eventId}, ${sessionId}, ${next.user_id}, ${JSON.stringify(next.answers ?? [])}::jsonb, ${now.toISOString()}, ${next.id}
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = ${next.user_id} AND u.tenant_id IS NOT NULL)
          ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING RETURNING id`,
    );
    // Booked another session meanwhile, or no longer a member: the place goes, the next in line is asked.
    if (!reservation) continue;
    await t.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id = ${sessionId}`);
    promoted.push(next.user_id);
    await mailPromoted(t, next.user_id, eventId, sessionId, now, appBaseUrl);
  }
}

async function mailPromoted(t: Db, userId: number, eventId: number, sessionId: number, now: Date, appBaseUrl: string) {
  const [u] = await rows<{ email: string | null; nickname: string; locale: string }>(
    t,
    sql`SELECT email, nickname, locale FROM users WHERE id = ${userId}`,
  );
  if (!u?.email) return;
  const locale: Locale = normaliseLocale(u.locale);
  const d = await sessionMailData(t, eventId, sessionId, locale);
  if (!d) return;
  const rendered = renderEventMail('seatPromoted', locale, { ...d, name: u.nickname, link: `${appBaseUrl}/events/${eventId}` });
  await enqueueRenderedMail(t, { kind: 'seatPromoted', locale, to: u.email, rendered }, now);
}

/** Title, session, time and place of a session in a language, for its mails. */
export async function sessionMailData(t: Db, eventId: number, sessionId: number, locale: Locale) {
  const [row] = await rows<SessionEntryRow>(
    t,
    sql`SELECT ${sessionEntryColumns(locale)} FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${sessionId} AND e.id = ${eventId}`,
  );
  if (!row) return null;
  const { eventTitle, sessionTitle, startMs, endMs, place } = sessionEntry(row, locale);
  return { eventTitle, sessionTitle, startMs, endMs, place };
}

/**
 * A member leaves (withdrawal): their bookings of sessions that have not started go through the one cancellation
 * (`cancel`, a savepoint inside the caller's transaction), so the seats go to the first in line.
 */
export async function releaseSeatsOf(t: Db, userId: number, now: Date, appBaseUrl: string): Promise<void> {
  const held = await rows<{ event_id: number; session_id: number }>(
    t,
    sql`SELECT r.event_id, r.session_id FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id
        WHERE r.user_id = ${userId} AND r.cancelled_at IS NULL AND s.start_at > ${now.toISOString()}
        ORDER BY r.session_id`,
  );
  for (const r of held) {
    await cancel(t, userId, r.event_id, r.session_id, now, (inner) => promoteFromWaitingList(inner, r.event_id, r.session_id, now, appBaseUrl));
  }
}
