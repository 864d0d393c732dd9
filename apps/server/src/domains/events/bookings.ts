// Events as members see and book them: lists, the detail page, reservations and cancellations (under the session's
// lock), favourites, calendar links. SQL is in data/ (members.ts, bookings.ts); rules are in rules.ts.
import crypto from 'node:crypto';
import type { Locale } from '@hibi/contract/protocol';
import type { EventDetail, EventListItem, EventQuestion, EventSession, ReservationAnswer } from '@hibi/contract/functions/events';
import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { AuthUser } from '../../core/handler.ts';
import { marksPolicy, type Answer } from '../../core/read-cache.ts';
import { loadSections } from '../content/service.ts';
import { booksInApp, checkAnswers, isFullyReserved, isOneDay, joinUrlOf, reserveStatus, sessionButton, type SessionState } from './rules.ts';
import { CALENDAR_LINK_LIFETIME_MS, CALENDAR_ROUTE, signCalendarLink } from './calendar.ts';
import { renderEventMail } from './mails.ts';
import { sessionEntry } from './session-entry.ts';
import { passCode, passToken } from '../../lib/pass-token.ts';
import {
  activeReservationSession,
  activeReservationSessions,
  hasActiveReservation,
  lockActiveReservation,
  lockSessionStart,
  markCancelled,
  type NewSeat,
  removeSeatTaken,
  reserveSeat,
  reserveSeats,
  type SeatRequest,
  sessionOfEvent,
} from './data/bookings.ts';
import {
  addFavorite,
  eventDetail,
  eventList,
  type EventRow,
  imagesOfEvent,
  isEventVisible,
  type ListFilter,
  memberEventMarks,
  memberSessionMarks,
  nextEventTimeMs,
  questionsOf,
  removeFavorite,
  reservingEventList,
  type SessionJson,
  sessionsOfEvent,
  visibleSessionEntry,
} from './data/members.ts';
import type { Caller, SessionEntryRow, SessionRow } from './data/sql.ts';
export type { ListFilter } from './data/members.ts';

/** The tables event lists and details are made of: a write to any of them renews their kept answers (issue 18). */
export const EVENT_TABLES = [
  'events',
  'event_images',
  'event_sessions',
  'event_reservations',
  'event_waiting_list',
  'event_questions',
  'sections',
  'section_images',
  'section_videos',
  'section_attachments',
] as const;

type EventMarks = Awaited<ReturnType<typeof memberEventMarks>>;
const listedIds = (answer: Answer) => (answer.events as EventListItem[]).map((e) => e.id);
const marked = (list: EventListItem[], marks: EventMarks): EventListItem[] =>
  list.map((e) => ({ ...e, isReserved: marks.reserved.has(e.id), isFavorited: marks.favorited.has(e.id) }));

/**
 * A kept events list's reservation and favourite marks for one member (core/read-cache.ts), kept apart from the list
 * (decision 169): every booking changes the list's counts and so renews the kept list, while a member's own marks
 * change only with their own rows. Reused for a list of the same events.
 */
export const eventListMarks = marksPolicy<EventMarks>({
  keyOf: (answer) => listedIds(answer).join(','),
  read: (answer, user, db) => memberEventMarks(db, user.id, listedIds(answer)),
  apply: (answer, marks) => ({ ...answer, events: marked(answer.events as EventListItem[], marks) }),
});

/** A kept event as this member sees it: their reservation, session buttons and places in line, and the favourite. */
export async function withSessionMarks(event: EventDetail, userId: number, db: Db, now: Date): Promise<EventDetail> {
  const marks = await memberSessionMarks(db, userId, event.id);
  const bySession = new Map(marks.sessions.map((m) => [m.id, m]));
  const sessions = event.sessions.map((s) => {
    const mine = bySession.get(s.id);
    const reservationID = mine?.r ?? null;
    const state: SessionState = {
      reservationType: s.reservationType,
      startMs: s.startDateTime,
      endMs: s.endDateTime,
      capacity: s.capacity ?? null,
      reservedCount: s.reservedCount ?? 0,
      reservationStartMs: s.reservationStartDateTime ?? null,
      reservationEndMs: s.reservationEndDateTime ?? null,
      externalFull: s.reservationType === 2 && s.isFullyReserved === true,
    };
    return {
      ...s,
      // The kept event may hold the join link of the member it was read for: each member gets only their own (decision 178).
      url: s.reservationType === 2 ? (s.url ?? null) : reservationID !== null ? joinUrlOf(s.providingType, s.reservationType, mine?.u) : null,
      participant: reservationID !== null ? { reservationID } : null,
      button: sessionButton(state, reservationID !== null, now.getTime()),
      waitingPosition: mine?.w ?? null,
    };
  });
  return { ...event, sessions, isReserved: sessions.some((s) => s.participant !== null), isFavorited: marks.favorited };
}

/**
 * The next moment event answers change by the clock alone: a publish, start or end time, a booking window opening or
 * closing, or the Tokyo day turning (the schedule types are Tokyo days).
 */
export async function nextEventChange(db: Db, now: Date): Promise<number> {
  const next = await nextEventTimeMs(db, now);
  return Math.min(next ?? Number.POSITIVE_INFINITY, startOfTokyoDay(now.getTime()) + DAY_MS);
}

/** The caller as the data module sees them. */
export const callerOf = (user: AuthUser | null): Caller => (user ? { id: user.id, corporate: user.contract.corporateContract } : null);

const toState = (j: SessionJson): SessionState => ({
  reservationType: j.t,
  startMs: j.s,
  endMs: j.e,
  capacity: j.c,
  reservedCount: j.n,
  reservationStartMs: j.rs,
  reservationEndMs: j.re,
  externalFull: j.x,
});

function toListItem(r: EventRow, now: number, locale: Locale): EventListItem {
  const sessions = (r.rsessions ?? []).map(toState);
  return {
    id: r.id,
    title: r.title,
    thumbnailUrl: r.thumbnail_url,
    advertising: r.advertising,
    reserveStatus: reserveStatus(sessions, now, locale),
    isReserved: r.is_reserved,
    isFavorited: r.is_favorited,
    reservableFlag: sessions.length > 0,
    startDateTime: r.start_ms,
    endDateTime: r.end_ms,
    isOneDay: isOneDay(r.start_ms, r.end_ms),
    dateRemarks: r.date_remarks,
    providingType: r.providing_type,
    place: r.place,
    price: r.price,
  };
}

/**
 * Events by schedule type in Asia/Tokyo days: before (1) starts after today; today (3) is held at some point
 * today; finished (2) ended before today (docs/decisions/023-schedule-types.md).
 */
export async function listEvents(db: Db, user: AuthUser | null, locale: Locale, now: Date, f: ListFilter): Promise<EventListItem[]> {
  const today = startOfTokyoDay(now.getTime());
  const todayIso = new Date(today).toISOString();
  const tomorrowIso = new Date(today + DAY_MS).toISOString();
  const result = await eventList(db, callerOf(user), locale, now, todayIso, tomorrowIso, f);
  return result.map((r) => toListItem(r, now.getTime(), locale));
}

/** The caller's reserved and favourite events: upcoming ones first (soonest first), then finished ones (latest first). */
export async function listReservingEvents(db: Db, user: AuthUser, locale: Locale, now: Date, offset: number, perPage: number) {
  const result = await reservingEventList(db, callerOf(user)!, locale, now, offset, perPage);
  return result.map((r) => toListItem(r, now.getTime(), locale));
}

export async function findVisibleEventId(db: Db, user: AuthUser | null, now: Date, eventId: number): Promise<boolean> {
  return isEventVisible(db, callerOf(user), now, eventId);
}

export function sessionStateOf(
  r: Pick<SessionRow, 'reservation_type' | 'start_ms' | 'end_ms' | 'capacity' | 'reserved_count' | 'rstart_ms' | 'rend_ms' | 'external_full'>,
): SessionState {
  return {
    reservationType: r.reservation_type,
    startMs: r.start_ms,
    endMs: r.end_ms,
    capacity: r.capacity,
    reservedCount: r.reserved_count,
    reservationStartMs: r.rstart_ms,
    reservationEndMs: r.rend_ms,
    externalFull: r.external_full,
  };
}

/** Whether a session takes a booking (or a place in line) now: booked in the app, its window open, not ended. */
export function takesBookings(s: SessionRow, now: Date): boolean {
  const button = sessionButton(sessionStateOf(s), false, now.getTime());
  return !(!booksInApp(s.reservation_type) || !button || button.kind === 'ended' || button.kind === 'notOpen');
}

export async function loadQuestions(db: Db, eventId: number, locale: Locale): Promise<EventQuestion[]> {
  const result = await questionsOf(db, eventId, locale);
  return result.map((q) => ({
    type: q.type,
    questionnaireIndex: q.questionnaire_index,
    question: q.question,
    required: q.required,
    // An images question's pictures are named by their alt text (the console authors no separate choice texts).
    choices:
      q.type === 'images' && !q.choices?.length
        ? (q.choice_images ?? []).map((image, n) => (locale === 'en' ? image.altEn || image.alt : image.alt) || `${n + 1}`)
        : (q.choices ?? []),
    choiceImages: (q.choice_images ?? []).map(({ id, url }) => ({ id, url })),
    images: q.images ?? [],
  }));
}

/**
 * The checks a booking and a place in line share: the event is visible to the caller, and the answers fit its
 * questions. An unknown session is reported before the answers: the answers could not fit it anyway. The session as
 * the member's mails name it (in their language) comes with the visibility, in the same query: a booking's mail
 * needs it (decision 150).
 */
export async function visibleEventAnswers(db: Db, user: AuthUser, now: Date, eventID: number, sessionID: number, body: ReservationAnswer[]) {
  const visible = await visibleSessionEntry(db, callerOf(user), now, eventID, sessionID, user.locale);
  if (!visible) return { ok: false as const, code: 'eventNotFound' as const };
  const checked = checkAnswers(await loadQuestions(db, eventID, 'ja'), body);
  if (checked.ok) return { ok: true as const, answers: checked.answers, entry: visible.entry };
  return { ok: false as const, code: visible.entry ? checked.problem : ('sessionNotFound' as const) };
}

/** One event as its detail page shows it; guests get the head only (docs/requirements/platform.md#platform-visibility). */
export async function getEventDetail(db: Db, user: AuthUser | null, locale: Locale, now: Date, eventId: number): Promise<EventDetail | null> {
  const caller = callerOf(user);
  const row = await eventDetail(db, caller, locale, now, eventId);
  if (!row) return null;
  const nowMs = now.getTime();
  const [images, sessionRows] = await Promise.all([imagesOfEvent(db, eventId), sessionsOfEvent(db, caller, locale, eventId)]);
  const sessions: EventSession[] = sessionRows.map((s) => {
    const head = {
      id: s.id,
      title: s.title,
      providingType: s.providing_type,
      reservationType: s.reservation_type,
      startDateTime: s.start_ms,
      endDateTime: s.end_ms,
      entryUnitType: s.entry_unit_type,
    };
    if (!user) return head;
    const state = sessionStateOf(s);
    return {
      ...head,
      capacity: s.capacity,
      reservedCount: s.reserved_count,
      reservationStartDateTime: s.rstart_ms,
      reservationEndDateTime: s.rend_ms,
      isFullyReserved: isFullyReserved(state),
      // The external booking site for everyone signed in; an online session's join link only for the member who booked it (decision 178).
      url: s.reservation_type === 2 ? s.url : s.reservation_id !== null ? joinUrlOf(s.providing_type, s.reservation_type, s.url) : null,
      participant: s.reservation_id !== null ? { reservationID: s.reservation_id } : null,
      button: sessionButton(state, s.reservation_id !== null, nowMs),
      waitingListCount: Number(s.waiting_count ?? 0),
      waitingPosition: s.waiting_position === null || s.waiting_position === undefined ? null : Number(s.waiting_position),
    };
  });
  const base: EventDetail = {
    ...toListItem(row, nowMs, locale),
    images,
    thumbnailImages: row.thumbnail_url ? [{ id: 0, url: row.thumbnail_url }] : [],
    sessions,
  };
  if (!user) return base;
  const questions = await loadQuestions(db, eventId, locale);
  const sections = (await loadSections(db, 'event', [eventId], locale)).get(eventId) ?? [];
  return {
    ...base,
    capacity: row.capacity ?? capacityOfSessions(sessions),
    extraLabel: row.extra_label,
    extraText: row.extra_text,
    reportArticleID: row.report_article_id,
    sections,
    hasQuestions: questions.length > 0,
    questions,
  };
}

/**
 * The overview's capacity when the event names none (decision 178): the seats of its sessions booked in the app, when
 * each has a limit; null ("no limit") only when one of them has none, or none books in the app.
 */
export function capacityOfSessions(sessions: EventSession[]): number | null {
  const booked = sessions.filter((s) => booksInApp(s.reservationType));
  if (booked.length === 0 || booked.some((s) => s.capacity === null || s.capacity === undefined)) return null;
  return booked.reduce((sum, s) => sum + (s.capacity ?? 0), 0);
}

/** Rolls a transaction back with a business outcome. */
export class Outcome extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export type ReserveResult = { ok: true; reservationID: number } | { ok: false; code: string };

/** Whom a booking's confirmation mail goes to, and the session it names (decision 150). */
export interface Confirmation {
  to: string;
  locale: Locale;
  name: string;
  entry: SessionEntryRow;
  /** The event's page. */
  link: string;
}

/** What a member's booking mail needs, from the caller and the session read with the event's visibility; null without an address. */
export function confirmationOf(user: AuthUser, entry: SessionEntryRow | null, appBaseUrl: string): Confirmation | null {
  if (!user.email || !entry) return null;
  return { to: user.email, locale: user.locale, name: user.nickname, entry, link: `${appBaseUrl}/events/${Number(entry.event_id)}` };
}

/**
 * A new reservation's pass and its confirmation mail (decision 150): the pass_id is chosen here, not by the column's
 * default, so the mail that the booking statement writes can carry the pass. Rendered before the statement, outside
 * the session's lock, without the QR code (the sender draws it); a request that is not booked wastes under a tenth of a
 * millisecond.
 */
export function newSeat(confirm: Confirmation | null): NewSeat {
  const passId = crypto.randomBytes(8).readBigInt64BE().toString();
  if (!confirm) return { passId, mail: null };
  const { eventTitle, sessionTitle, startMs, endMs, place, joinUrl, doorPass } = sessionEntry(confirm.entry, confirm.locale);
  const rendered = renderEventMail('reservationConfirmed', confirm.locale, {
    name: confirm.name,
    eventTitle,
    sessionTitle,
    startMs,
    endMs,
    place,
    link: confirm.link,
    // An online session: its join link instead of a door pass (decision 178).
    pass: doorPass ? { token: passToken(passId), code: passCode(passId) } : null,
    joinUrl,
  });
  return {
    passId,
    mail: {
      kind: 'reservationConfirmed',
      locale: confirm.locale,
      to: confirm.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      messageId: `<${crypto.randomUUID()}@hibi.mail>`,
    },
  };
}

/**
 * Reserves a session in one statement (reserveSeat; docs/decisions/021-reservation-concurrency.md and 111): no
 * transaction held open across round trips, so a crowd booking one session goes through at the speed of one short
 * row lock each. The partial unique index (event_id, user_id) keeps one active reservation per member and event even
 * across sessions; the CHECK on reserved_count <= capacity refuses an oversold seat. When nothing was written, the
 * reason is read afterwards, in the order of the rules (the session, the member's own reservation, the window, the
 * seats); a reason that has gone by then (a seat freed meanwhile) means the statement runs again. With `confirm`, the
 * same statement writes the booking's mail into the outbox (decision 150).
 */
export async function reserve(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
  answers: ReservationAnswer[],
  now: Date,
  confirm: Confirmation | null = null,
  seat: NewSeat = newSeat(confirm),
): Promise<ReserveResult> {
  for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
    try {
      // A new pass on a second try: the unique pass_id index could (once in 2^64) have been what refused the first.
      const reservationID = await reserveSeat(db, eventId, sessionId, userId, answers, now, attempt === 0 ? seat : newSeat(confirm));
      if (reservationID !== null) return { ok: true, reservationID };
    } catch (error) {
      // The CHECK (reserved_count <= capacity) or the unique index fired: someone else was faster.
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23514') return { ok: false, code: 'reservationCapacityOver' };
      if (code !== '23505') throw error;
    }
    const reason = await whyNotReserved(db, userId, eventId, sessionId, now);
    if (reason) return { ok: false, code: reason };
  }
  return { ok: false, code: 'reservationCapacityOver' };
}

/**
 * Reservations of one session that arrive while another is being written wait for it and are then written together,
 * in one statement and one commit (decision 139): the session row is locked until a commit is on disk, so one
 * reservation at a time capped a storm at about one commit per seat. A batch's members who were not booked (no seat
 * left, a reservation already, a window closed) go through `reserve` one by one, which says why. Each request brings
 * its pass and mail (decision 150), so a batch writes one mail per booking in its one statement.
 */
export class SeatQueue {
  #byDb = new WeakMap<Db, Map<string, QueuedSeat[]>>();

  reserve(
    db: Db,
    userId: number,
    eventId: number,
    sessionId: number,
    answers: ReservationAnswer[],
    now: Date,
    confirm: Confirmation | null = null,
  ): Promise<ReserveResult> {
    let queues = this.#byDb.get(db);
    if (!queues) this.#byDb.set(db, (queues = new Map()));
    const key = `${eventId}:${sessionId}`;
    return new Promise<ReserveResult>((resolve, reject) => {
      const waiting = queues.get(key);
      const request: QueuedSeat = { userId, answers, at: now, confirm, resolve, reject };
      if (waiting) {
        waiting.push(request);
        return;
      }
      queues.set(key, []);
      void this.#drain(db, queues, key, eventId, sessionId, [request]);
    });
  }

  async #drain(db: Db, queues: Map<string, QueuedSeat[]>, key: string, eventId: number, sessionId: number, first: QueuedSeat[]) {
    let batch = first;
    while (batch.length) {
      try {
        await writeBatch(db, eventId, sessionId, batch);
      } catch (error) {
        for (const r of batch) r.reject(error);
      }
      batch = queues.get(key)!.splice(0, SEAT_BATCH_MAX);
    }
    queues.delete(key);
  }
}

interface QueuedSeat extends SeatRequest {
  confirm: Confirmation | null;
  resolve(result: ReserveResult): void;
  reject(error: unknown): void;
}

/** Requests written in one statement at most. */
export const SEAT_BATCH_MAX = 200;

async function writeBatch(db: Db, eventId: number, sessionId: number, batch: QueuedSeat[]): Promise<void> {
  let rest = batch;
  // A session already full books no one: its latecomers (a storm's thousands) are told why below, without a pass and
  // mail rendered for each and sent to PostgreSQL in a statement that books no one. Read without the lock: a seat
  // freed meanwhile is found by the reasons' read, and its taker goes one by one.
  if (batch.length > 1 && !isFull(await sessionOfEvent(db, eventId, sessionId))) {
    for (const r of batch) r.seat ??= newSeat(r.confirm);
    try {
      const booked = await reserveSeats(db, eventId, sessionId, batch);
      rest = [];
      for (const r of batch) {
        const id = booked.get(r.userId);
        if (id !== undefined) {
          booked.delete(r.userId);
          r.resolve({ ok: true, reservationID: id });
        } else rest.push(r);
      }
    } catch (error) {
      // A faster booking on another process took the seats (the CHECK) or the member's reservation (the index):
      // one by one, as if there had been no batch. Anything else fails the whole batch.
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '23514' && code !== '23505') {
        for (const r of batch) r.reject(error);
        return;
      }
    }
  }
  // The members the batch did not book: why, read for all of them at once (a storm's thousands of latecomers for a
  // full session cost two statements per batch, not a transaction and two reads each). Only those no rule refuses now
  // (a seat freed meanwhile, or the statement failed) try again one by one.
  if (rest.length > 1) {
    const reasons = await whyNotReservedEach(db, eventId, sessionId, rest);
    rest = rest.filter((r) => {
      const reason = reasons.get(r);
      if (reason) r.resolve({ ok: false, code: reason });
      return !reason;
    });
  }
  await Promise.all(rest.map((r) => reserve(db, r.userId, eventId, sessionId, r.answers, r.at, r.confirm, r.seat).then(r.resolve, r.reject)));
}

/** Statements a reservation tries before it reports the session full. */
const RESERVE_ATTEMPTS = 3;

/** Why a reservation was not written, read after the fact; null when no rule refuses it now. */
async function whyNotReserved(db: Db, userId: number, eventId: number, sessionId: number, now: Date): Promise<string | null> {
  const [s, existing] = await Promise.all([sessionOfEvent(db, eventId, sessionId), activeReservationSession(db, eventId, userId)]);
  return refusal(s, existing, sessionId, now);
}

/** whyNotReserved for each request of a batch, in two statements. */
async function whyNotReservedEach(db: Db, eventId: number, sessionId: number, requests: SeatRequest[]): Promise<Map<SeatRequest, string | null>> {
  const [s, existing] = await Promise.all([
    sessionOfEvent(db, eventId, sessionId),
    activeReservationSessions(
      db,
      eventId,
      requests.map((r) => r.userId),
    ),
  ]);
  return new Map(requests.map((r) => [r, refusal(s, existing.get(r.userId) ?? null, sessionId, r.at)]));
}

/** No seat left (a session without a capacity is never full; one not found is left to the reasons). */
const isFull = (s: SessionRow | null) => s !== null && s.capacity !== null && s.reserved_count >= s.capacity;

/** The rule that refuses a reservation of `sessionId` at `now`, given the session and the member's active one. */
function refusal(s: SessionRow | null, existing: number | null, sessionId: number, now: Date): string | null {
  if (!s) return 'sessionNotFound';
  if (existing !== null) return existing === sessionId ? 'alreadyReserved' : 'reservedAnotherSession';
  if (!takesBookings(s, now)) return 'reservationNotAccepted';
  if (isFull(s)) return 'reservationCapacityOver';
  return null;
}

/**
 * A member books a session from the app: the event is visible to them and their answers fit its questions
 * (visibleEventAnswers), then a seat through the session's queue, with the booking's mail written by the statement
 * that books, so it exists exactly when the booking does (decision 150).
 */
export async function bookSession(
  seats: SeatQueue,
  db: Db,
  user: AuthUser,
  eventId: number,
  sessionId: number,
  body: ReservationAnswer[],
  now: Date,
  appBaseUrl: string,
): Promise<ReserveResult> {
  const checked = await visibleEventAnswers(db, user, now, eventId, sessionId, body);
  if (!checked.ok) return { ok: false, code: checked.code };
  const confirm = confirmationOf(user, checked.entry, appBaseUrl);
  return seats.reserve(db, user.id, eventId, sessionId, checked.answers, now, confirm);
}

/**
 * Cancels the caller's reservation of a session, until the session starts; the seat is free at once.
 * `afterCancel` runs in the same transaction, with the session still locked (the waiting list's promotion).
 */
export async function cancel(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
  now: Date,
  afterCancel?: (t: Db) => Promise<unknown>,
): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    await transaction(db, async (t) => {
      const s = await lockSessionStart(t, eventId, sessionId);
      if (!s) throw new Outcome('sessionNotFound');
      const r = await lockActiveReservation(t, sessionId, userId);
      if (r === null) throw new Outcome('noReservation');
      if (now.getTime() >= s.start_ms) throw new Outcome('cancellationNotAccepted');
      await markCancelled(t, r, now);
      await removeSeatTaken(t, sessionId);
      await afterCancel?.(t);
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Outcome) return { ok: false, code: error.code };
    throw error;
  }
}

export async function setFavorite(db: Db, userId: number, eventId: number, favorite: boolean): Promise<void> {
  if (favorite) await addFavorite(db, userId, eventId);
  else await removeFavorite(db, userId, eventId);
}

/** A short-lived link to the .ics file of a session the caller holds a reservation of; null without one. */
export async function calendarLink(db: Db, user: AuthUser, locale: Locale, now: Date, eventID: number, sessionID: number) {
  if (!(await hasActiveReservation(db, eventID, sessionID, user.id))) return null;
  const expiresAt = now.getTime() + CALENDAR_LINK_LIFETIME_MS;
  const token = await signCalendarLink(db, { u: user.id, s: sessionID, l: locale, x: expiresAt });
  return { url: `${CALENDAR_ROUTE}/${token}/hibi-event-${eventID}.ics`, expiresAt };
}
