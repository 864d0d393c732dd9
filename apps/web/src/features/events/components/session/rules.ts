import { RESERVATION_TYPES } from '@hibi/contract/constants';

/** reservationType 0 shows the time only, 2 books on an external site, every other value books in the app (docs/requirements/events.md#events-model). */
export function booksInApp(reservationType: number): boolean {
  return reservationType !== RESERVATION_TYPES.display && reservationType !== RESERVATION_TYPES.external;
}

/** The session shows a booking window and buttons: anything but a time-only session. */
export function hasBooking(reservationType: number): boolean {
  return reservationType !== RESERVATION_TYPES.display;
}

/** Business failures with a message of their own; any other failure gets the general one. */
const RESERVE_CODES = [
  'reservationNotAccepted',
  'alreadyReserved',
  'reservationCapacityOver',
  'reservedAnotherSession',
  'answersRequired',
  'answersInvalid',
];
const WAIT_CODES = ['reservationNotAccepted', 'alreadyReserved', 'reservedAnotherSession', 'answersRequired', 'answersInvalid'];
const CANCEL_CODES = ['cancellationNotAccepted', 'noReservation'];
/** Answers of joining a waiting list that are not failures of the list itself. */
const WAITING_CODES = ['seatsAvailable', 'alreadyWaiting'];
/** Answer problems keep the questionnaire open with their message. */
export const ANSWER_CODES = ['answersRequired', 'answersInvalid'];

/** A message of the events namespace: its key and its values. */
export interface MessageKey {
  key: string;
  values?: Record<string, unknown>;
}

/** The part of a call's answer the messages read: a success (with the place in line after joining a waiting list) or a failure code. */
export interface Answer {
  succeed: boolean;
  errorCode?: string;
  position?: number;
}

/** What booking a session (or joining its waiting list, `wait`) answered, as the message under the session. */
export function bookingMessage(result: Answer, wait: boolean): MessageKey {
  if (result.succeed)
    return result.position !== undefined ? { key: 'waiting.joined', values: { position: result.position } } : { key: 'result.reserved' };
  const code = result.errorCode ?? '';
  if (WAITING_CODES.includes(code)) return { key: `waiting.${code}` };
  if ((wait ? WAIT_CODES : RESERVE_CODES).includes(code)) return { key: `result.${code}` };
  return { key: wait ? 'waiting.failed' : 'result.reserveFailed' };
}

/** What a cancellation answered. */
export function cancellationMessage(result: Answer): MessageKey {
  if (result.succeed) return { key: 'result.cancelled' };
  const code = result.errorCode ?? '';
  return { key: CANCEL_CODES.includes(code) ? `result.${code}` : 'result.cancelFailed' };
}
