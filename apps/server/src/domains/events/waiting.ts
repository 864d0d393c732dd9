import type { Locale } from '@hibi/contract/protocol';
import { normaliseLocale } from '@hibi/contract/protocol';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/outbox.ts';
import { renderEventMail } from './mails.ts';
import { passCode, passToken } from '../../lib/pass-token.ts';
import type { AuthUser } from '../../core/handler.ts';
import { cancel, findVisibleEventId, Outcome, takesBookings } from './bookings.ts';
import { sessionEntry } from './session-entry.ts';
import { activePassId } from './data/attendance.ts';
import { activeReservationSession, addSeatTaken, lockSession, sessionSeats, upcomingReservations } from './data/bookings.ts';
import { sessionEntryRow } from './data/calendar.ts';
import { deleteWaiting, insertPromotedReservation, insertWaiting, mailRecipient, takeFirstWaiting, waitingPosition } from './data/waiting.ts';

/**
 * Waiting lists (docs/decisions/081-waiting-list-reminders-feed.md). Every change of a session's seats or list
 * happens under the session row's lock (FOR UPDATE), as reservations do: joins, cancellations and promotions of one
 * session run one after another, so the first in line is promoted first, nobody twice, and no seat is oversold.
 */

type Result<T> = ({ ok: true } & T) | { ok: false; code: string };

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
    const position = await transaction(db, async (t) => {
      const s = await lockSession(t, eventId, sessionId);
      if (!s) throw new Outcome('sessionNotFound');
      const reserved = await activeReservationSession(t, eventId, userId);
      if (reserved !== null) throw new Outcome(reserved === sessionId ? 'alreadyReserved' : 'reservedAnotherSession');
      if (!takesBookings(s, now)) throw new Outcome('reservationNotAccepted');
      if (s.capacity === null || s.reserved_count < s.capacity) throw new Outcome('seatsAvailable');
      const inserted = await insertWaiting(t, eventId, sessionId, userId, answers, now);
      if (inserted === null) throw new Outcome('alreadyWaiting');
      return waitingPosition(t, sessionId, inserted);
    });
    return { ok: true, position };
  } catch (error) {
    if (error instanceof Outcome) return { ok: false, code: error.code };
    throw error;
  }
}

/** Leaves a session's waiting list. */
export async function leaveWaitingList(db: Db, userId: number, eventId: number, sessionId: number): Promise<boolean> {
  return deleteWaiting(db, eventId, sessionId, userId);
}

/**
 * A member cancels their booking of a session of an event they can see; the freed seat goes to the first in line, in
 * the same transaction (docs/decisions/081).
 */
export async function cancelBooking(
  db: Db,
  user: AuthUser,
  eventId: number,
  sessionId: number,
  now: Date,
  appBaseUrl: string,
): Promise<{ ok: true } | { ok: false; code: string }> {
  if (!(await findVisibleEventId(db, user, now, eventId))) return { ok: false, code: 'eventNotFound' };
  return cancel(db, user.id, eventId, sessionId, now, (t) => promoteFromWaitingList(t, eventId, sessionId, now, appBaseUrl));
}

/**
 * Gives free seats of a session to the first in line, inside the caller's transaction, which holds the session's lock
 * (a cancellation). Stops when the booking window is closed (or not open), when the seats are taken, or when the
 * list is empty. Someone in line who booked another session of the event meanwhile loses their place instead.
 * Each promoted member gets a mail through the outbox and a push notice on their devices, in the same transaction. Returns the promoted user ids.
 */
export async function promoteFromWaitingList(t: Db, eventId: number, sessionId: number, now: Date, appBaseUrl: string): Promise<number[]> {
  const promoted: number[] = [];
  for (;;) {
    const s = await sessionSeats(t, sessionId);
    if (!s) return promoted;
    if (!takesBookings(s, now)) return promoted;
    if (s.capacity !== null && s.reserved_count >= s.capacity) return promoted;
    const next = await takeFirstWaiting(t, sessionId);
    if (!next) return promoted;
    const reservation = await insertPromotedReservation(t, eventId, sessionId, next, now);
    // Booked another session meanwhile, or no longer a member: the place goes, the next in line is asked.
    if (reservation === null) continue;
    await addSeatTaken(t, sessionId);
    promoted.push(next.user_id);
    await mailPromoted(t, next.user_id, eventId, sessionId, now, appBaseUrl);
    await pushPromoted(t, next.user_id, eventId, sessionId, now);
  }
}

/** The seat on the member's devices that take waiting-list seats (issue 34), in the promotion's transaction. */
async function pushPromoted(t: Db, userId: number, eventId: number, sessionId: number, now: Date) {
  const ja = await sessionMailData(t, eventId, sessionId, 'ja');
  if (!ja) return;
  const en = await sessionMailData(t, eventId, sessionId, 'en');
  await enqueuePush(
    t,
    {
      kind: 'waitingListSeat',
      userIds: [userId],
      title: { ja: ja.eventTitle, en: en?.eventTitle ?? ja.eventTitle },
      url: `/events/${eventId}`,
      dedupeKey: `seat:${sessionId}:${userId}:${now.getTime()}`,
      ttlSeconds: 24 * 3600,
    },
    now,
  );
}

async function mailPromoted(t: Db, userId: number, eventId: number, sessionId: number, now: Date, appBaseUrl: string) {
  const u = await mailRecipient(t, userId);
  if (!u?.email) return;
  const locale: Locale = normaliseLocale(u.locale);
  const d = await sessionMailData(t, eventId, sessionId, locale);
  if (!d) return;
  // The seat is a booking: the mail carries its entry pass (issue 33), or an online session's join link (decision 178).
  const pass = await activePassId(t, eventId, sessionId, userId);
  const rendered = renderEventMail('seatPromoted', locale, {
    ...d,
    name: u.nickname,
    link: `${appBaseUrl}/events/${eventId}`,
    pass: pass === null || !d.doorPass ? null : { token: passToken(pass.pass_id), code: passCode(pass.pass_id) },
  });
  await enqueueRenderedMail(t, { kind: 'seatPromoted', locale, to: u.email, rendered }, now);
}

/** Title, session, time and place of a session in a language, for its mails. */
export async function sessionMailData(t: Db, eventId: number, sessionId: number, locale: Locale) {
  const row = await sessionEntryRow(t, eventId, sessionId, locale);
  if (!row) return null;
  const { eventTitle, sessionTitle, startMs, endMs, place, joinUrl, doorPass } = sessionEntry(row, locale);
  return { eventTitle, sessionTitle, startMs, endMs, place, joinUrl, doorPass };
}

/**
 * A member leaves (withdrawal): their bookings of sessions that have not started go through the one cancellation
 * (`cancel`, a savepoint inside the caller's transaction), so the seats go to the first in line.
 */
export async function releaseSeatsOf(t: Db, userId: number, now: Date, appBaseUrl: string): Promise<void> {
  const held = await upcomingReservations(t, userId, now);
  for (const r of held) {
    await cancel(t, userId, r.event_id, r.session_id, now, (inner) => promoteFromWaitingList(inner, r.event_id, r.session_id, now, appBaseUrl));
  }
}
