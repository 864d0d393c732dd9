import type { Locale } from '@hibi/contract/protocol';
import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';
import { CHECK_IN_OPENS_BEFORE_MS } from '@hibi/contract/constants';
import type { EventQuestion, ReservationAnswer } from '@hibi/contract/functions/events';

/** Pure rules of the events domain (docs/requirements/events.md): reserve status, one-day rule, session button, answers. */

/** One-day if end minus start is at most 86,400,000 ms; otherwise a period whose end date is end - 1 ms. */
export function isOneDay(startMs: number, endMs: number): boolean {
  return endMs - startMs <= DAY_MS;
}

export interface SessionState {
  reservationType: number;
  startMs: number;
  endMs: number;
  capacity: number | null;
  reservedCount: number;
  reservationStartMs: number | null;
  reservationEndMs: number | null;
  externalFull: boolean;
}

/**
 * reservationType: 0 shows the time only (no button), 2 books on an external site, and every other value books in the
 * app (docs/requirements/events.md#events-model: "other values exist"; issue 13 finding 9, decision 023).
 */
export function needsReservation(s: Pick<SessionState, 'reservationType'>): boolean {
  return s.reservationType !== 0;
}

/** Booked through the app itself (not time-only, not an external site). */
export function booksInApp(reservationType: number): boolean {
  return reservationType !== 0 && reservationType !== 2;
}

/** The booking window; without explicit bounds it is open from publication until the session starts. */
export function bookingWindow(s: SessionState): { from: number; to: number } {
  return { from: s.reservationStartMs ?? Number.NEGATIVE_INFINITY, to: s.reservationEndMs ?? s.startMs };
}

export function isWindowOpen(s: SessionState, now: number): boolean {
  const w = bookingWindow(s);
  return w.from <= now && now < w.to && now < s.endMs;
}

export function isFullyReserved(s: SessionState): boolean {
  if (s.reservationType === 2) return s.externalFull;
  return s.capacity !== null && s.reservedCount >= s.capacity;
}

export type ReserveStatusName = 'before' | 'ended' | 'full' | 'available' | 'none';

const STATUS_TEXT: Record<Locale, Record<ReserveStatusName, string>> = {
  ja: { before: '受付前', ended: '受付終了', full: '満員', available: '受付中', none: '' },
  en: { before: 'Not open yet', ended: 'Closed', full: 'Full', available: 'Open', none: '' },
};

/**
 * Reservation status of an event (docs/requirements/events.md#events-reserve-status), only when a reservation is required:
 * before (no window has started), ended (no window is still open), full (no open session has free
 * capacity), available (an open session has free seats); otherwise none. When some windows have closed and
 * the next has not opened yet, the event is 'before' again (docs/decisions/022-reserve-status.md).
 */
export function reserveStatus(sessions: SessionState[], now: number, locale: Locale) {
  const make = (name: ReserveStatusName, date: number | null) => ({
    status: { name, text: STATUS_TEXT[locale][name] },
    date: date !== null && Number.isFinite(date) ? date : null,
  });
  const relevant = sessions.filter(needsReservation);
  if (relevant.length === 0) return make('none', null);
  const windows = relevant.map((s) => ({ s, w: bookingWindow(s) }));
  if (windows.every(({ w }) => w.from > now)) return make('before', Math.min(...windows.map(({ w }) => w.from)));
  const stillOpen = windows.filter(({ s, w }) => now < w.to && now < s.endMs);
  if (stillOpen.length === 0) return make('ended', Math.max(...windows.map(({ w }) => w.to)));
  const open = stillOpen.filter(({ w }) => w.from <= now);
  if (open.length === 0) return make('before', Math.min(...stillOpen.map(({ w }) => w.from)));
  const withSeats = open.filter(({ s }) => !isFullyReserved(s));
  if (withSeats.length === 0) return make('full', Math.max(...open.map(({ w }) => w.to)));
  return make('available', Math.max(...withSeats.map(({ w }) => w.to)));
}

export type ButtonKind = 'ended' | 'cancel' | 'external' | 'externalFull' | 'notOpen' | 'full' | 'reserve';

/** The session button, in the order of docs/requirements/events.md#events-session-button. Null for reservationType 0 sessions (no button). */
export function sessionButton(s: SessionState, participating: boolean, now: number): { kind: ButtonKind; enabled: boolean } | null {
  if (!needsReservation(s)) return null;
  if (now >= s.endMs) return { kind: 'ended', enabled: false };
  if (participating) return { kind: 'cancel', enabled: true };
  if (s.reservationType === 2) return { kind: isFullyReserved(s) ? 'externalFull' : 'external', enabled: true };
  if (!isWindowOpen(s, now)) return { kind: 'notOpen', enabled: false };
  if (s.capacity !== null && s.reservedCount >= s.capacity) return { kind: 'full', enabled: false };
  return { kind: 'reserve', enabled: true };
}

export type AnswerProblem = 'answersRequired' | 'answersInvalid';

function isBlank(answer: ReservationAnswer['answer'] | undefined): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  return false;
}

/**
 * Checks questionnaire answers against the event's questions: every index known and given once, the value of
 * the question's type (text/comment: text; select/images: one choice index; checkbox: distinct choice indexes),
 * every required question answered. Returns the normalised answers to store, or the problem.
 */
export function checkAnswers(
  questions: Pick<EventQuestion, 'type' | 'questionnaireIndex' | 'required' | 'choices' | 'choiceImages'>[],
  answers: ReservationAnswer[],
): { ok: true; answers: ReservationAnswer[] } | { ok: false; problem: AnswerProblem } {
  const byIndex = new Map(questions.map((q) => [q.questionnaireIndex, q]));
  const given = new Map<number, ReservationAnswer['answer']>();
  for (const a of answers) {
    if (!byIndex.has(a.questionnaireIndex) || given.has(a.questionnaireIndex)) return { ok: false, problem: 'answersInvalid' };
    given.set(a.questionnaireIndex, a.answer);
  }
  const stored: ReservationAnswer[] = [];
  let missing = false;
  for (const q of questions) {
    const answer = given.get(q.questionnaireIndex);
    if (isBlank(answer)) {
      if (q.required) missing = true;
      continue;
    }
    const choiceCount = q.type === 'images' ? q.choiceImages.length : q.choices.length;
    const validChoice = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < choiceCount;
    switch (q.type) {
      case 'text':
      case 'comment':
        if (typeof answer !== 'string') return { ok: false, problem: 'answersInvalid' };
        stored.push({ questionnaireIndex: q.questionnaireIndex, answer: answer.trim() });
        break;
      case 'select':
      case 'images':
        if (!validChoice(answer)) return { ok: false, problem: 'answersInvalid' };
        stored.push({ questionnaireIndex: q.questionnaireIndex, answer: answer as number });
        break;
      case 'checkbox': {
        if (!Array.isArray(answer) || !answer.every(validChoice) || new Set(answer).size !== answer.length) {
          return { ok: false, problem: 'answersInvalid' };
        }
        stored.push({ questionnaireIndex: q.questionnaireIndex, answer: [...answer].sort((a, b) => a - b) });
        break;
      }
    }
  }
  if (missing) return { ok: false, problem: 'answersRequired' };
  return { ok: true, answers: stored };
}

/* ------------------------------------------------------------------ online sessions (issue 55, decision 178) */

/**
 * An online session's join link: its `url` when the session is online (providingType 2; 3 counts too) and not booked
 * on an external site (whose `url` is that site, for everyone signed in). Whoever calls this has checked that the
 * member holds a reservation of the session: the link is never in a shared answer, a list or a guest's view.
 */
export function joinUrlOf(providingType: number, reservationType: number | undefined, url: string | null | undefined): string | null {
  if (providingType === 1 || reservationType === 2 || !url) return null;
  return url;
}

/** A session held only online has no door, so no entry pass (no QR code, no reception line). */
export function hasDoorPass(providingType: number): boolean {
  return providingType !== 2;
}

/**
 * How many calendar days, in Asia/Tokyo, lie between `nowMs` and `startMs`: 0 today, 1 tomorrow… (the day reminder's
 * wording; a reminder that goes out late on the same evening says "today").
 */
export function tokyoDaysUntil(nowMs: number, startMs: number): number {
  return Math.round((startOfTokyoDay(startMs) - startOfTokyoDay(nowMs)) / DAY_MS);
}

/**
 * Check-in at the door is taken from this long before a session starts until it ends (decision 178): a pass shown
 * days early, or at the wrong day's session, is refused with when the door opens.
 */
export function checkInWindow(startMs: number, endMs: number): { from: number; to: number } {
  return { from: startMs - CHECK_IN_OPENS_BEFORE_MS, to: endMs };
}
