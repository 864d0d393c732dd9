import { z } from 'zod';
import { defineFunction, epochMs, id, imageSchema, offset, perPage } from '../protocol.ts';
import { sectionSchema } from './content.ts';

/**
 * Events: lists, detail with sessions and questions, reservation, cancellation, favourites, calendar files
 * (docs/requirements/events.md). Docs: docs/decisions/020–026, apps/server/src/domains/events/CONTEXT.md.
 */

// The named codes live in the zod-free constants module, which the web app may import at run time.
export { SCHEDULE_TYPES, PROVIDING_TYPES, RESERVATION_TYPES, ENTRY_UNIT_TEAM } from '../constants.ts';
export const QUESTION_TYPES = ['text', 'checkbox', 'select', 'images', 'comment'] as const;
export const RESERVE_STATUS_NAMES = ['before', 'ended', 'full', 'available', 'none'] as const;
/** What the session button shows, decided by the server in the order of docs/requirements/events.md#events-session-button. */
export const SESSION_BUTTON_KINDS = ['ended', 'cancel', 'external', 'externalFull', 'notOpen', 'full', 'reserve'] as const;
export const ANSWER_TEXT_MAX = 2000;

export const RESERVE_ERROR_CODES = [
  'reservationNotAccepted',
  'alreadyReserved',
  'reservationCapacityOver',
  'reservedAnotherSession',
  'eventNotFound',
  'sessionNotFound',
  'answersRequired',
  'answersInvalid',
] as const;
export const CANCEL_ERROR_CODES = ['cancellationNotAccepted', 'noReservation', 'eventNotFound', 'sessionNotFound'] as const;

export const reserveStatusSchema = z.object({
  status: z.object({ name: z.enum(RESERVE_STATUS_NAMES), text: z.string() }),
  /** before: when booking opens; available/full: booking deadline; ended: when booking closed; none: null. */
  date: z.number().int().nullable(),
});

export const sessionButtonSchema = z.object({
  kind: z.enum(SESSION_BUTTON_KINDS),
  enabled: z.boolean(),
});

export const sessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  providingType: z.number().int(),
  reservationType: z.number().int(),
  startDateTime: z.number().int(),
  endDateTime: z.number().int(),
  entryUnitType: z.number().int(),
  // The rest only for signed-in callers (docs/requirements/platform.md#platform-visibility: guests get no session buttons' data).
  capacity: z.number().int().nullable().optional(),
  reservedCount: z.number().int().optional(),
  reservationStartDateTime: z.number().int().nullable().optional(),
  reservationEndDateTime: z.number().int().nullable().optional(),
  isFullyReserved: z.boolean().optional(),
  /**
   * reservationType 2: the external booking site (signed-in callers). An online session booked in the app: its join
   * link, only for the member who holds a reservation of it (decision 178); null for everyone else.
   */
  url: z.string().nullable().optional(),
  participant: z.object({ reservationID: z.number().int() }).nullable().optional(),
  /** Null for reservationType 0 sessions (no button). */
  button: sessionButtonSchema.nullable().optional(),
  /** How many members wait for a seat of this session (signed-in callers only). */
  waitingListCount: z.number().int().optional(),
  /** The caller's place on this session's waiting list, 1 first; null when not on it (signed-in callers only). */
  waitingPosition: z.number().int().nullable().optional(),
});
export type EventSession = z.infer<typeof sessionSchema>;

export const questionSchema = z.object({
  type: z.enum(QUESTION_TYPES),
  questionnaireIndex: z.number().int(),
  /** Server-sanitised HTML. */
  question: z.string(),
  required: z.boolean(),
  choices: z.array(z.string()),
  choiceImages: z.array(imageSchema),
  images: z.array(imageSchema),
});
export type EventQuestion = z.infer<typeof questionSchema>;

export const eventListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  advertising: z.boolean(),
  reserveStatus: reserveStatusSchema,
  isReserved: z.boolean(),
  isFavorited: z.boolean(),
  reservableFlag: z.boolean(),
  startDateTime: z.number().int(),
  endDateTime: z.number().int(),
  /** True when end - start <= 86,400,000 ms; otherwise a period ending at end - 1 ms (docs/requirements/events.md#events-one-day). */
  isOneDay: z.boolean(),
  dateRemarks: z.string().nullable(),
  providingType: z.number().int(),
  place: z.string().nullable(),
  price: z.number().int(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventDetailSchema = eventListItemSchema.extend({
  images: z.array(imageSchema),
  thumbnailImages: z.array(imageSchema),
  sessions: z.array(sessionSchema),
  // Overview: signed-in callers only.
  capacity: z.number().int().nullable().optional(),
  extraLabel: z.string().nullable().optional(),
  extraText: z.string().nullable().optional(),
  reportArticleID: z.number().int().nullable().optional(),
  sections: z.array(sectionSchema).optional(),
  hasQuestions: z.boolean().optional(),
  questions: z.array(questionSchema).optional(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const answerSchema = z
  .object({
    questionnaireIndex: z.number().int().min(0).max(999),
    /** text/comment: a string; select/images: a choice index; checkbox: choice indexes; null: not answered. */
    answer: z.union([
      z.string().max(ANSWER_TEXT_MAX),
      z.number().int().min(0).max(999),
      z.array(z.number().int().min(0).max(999)).max(100),
      z.null(),
    ]),
  })
  .strict();
export type ReservationAnswer = z.infer<typeof answerSchema>;

export const getEvents = defineFunction({
  name: 'getEvents',
  auth: 'optional',
  summary: 'Events of a schedule type (before 1, finished 2, today 3), optionally only free, online or reservation-required ones.',
  payload: z.object({
    offset,
    perPage: perPage(50, 9),
    scheduleType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    onlyFree: z.boolean().default(false),
    onlyOnline: z.boolean().default(false),
    onlyReservation: z.boolean().default(false),
  }),
  response: z.object({ events: z.array(eventListItemSchema) }),
});

export const getReservingEvents = defineFunction({
  name: 'getReservingEvents',
  auth: 'required',
  summary: "The caller's reserved and favourite events, upcoming first.",
  payload: z.object({ offset, perPage: perPage(50, 9) }),
  response: z.object({ events: z.array(eventListItemSchema) }),
});

export const getEventByID = defineFunction({
  name: 'getEventByID',
  auth: 'optional',
  summary: 'One event with its sessions; overview, questions, sections and session buttons only for signed-in callers.',
  payload: z.object({ eventID: id }),
  response: z.object({ event: eventDetailSchema }),
  errorCodes: ['notFound'],
});

export const reserveEvent = defineFunction({
  name: 'reserveEvent',
  auth: 'required',
  summary: 'Reserve a session of an event, with the answers to its questions.',
  payload: z.object({ eventID: id, sessionID: id, body: z.array(answerSchema).max(100).default([]) }),
  response: z.object({ reservationID: z.number().int() }),
  errorCodes: RESERVE_ERROR_CODES,
});

export const cancelEventReservation = defineFunction({
  name: 'cancelEventReservation',
  auth: 'required',
  summary: "Cancel the caller's reservation of a session; the seat is free at once.",
  payload: z.object({ eventID: id, sessionID: id }),
  response: z.object({}),
  errorCodes: CANCEL_ERROR_CODES,
});

export const favoriteContent = defineFunction({
  name: 'favoriteContent',
  auth: 'required',
  summary: 'Add or remove a favourite (relType Events).',
  payload: z.object({ relType: z.literal('Events'), relObjectID: id, favorite: z.boolean() }),
  response: z.object({ isFavorited: z.boolean() }),
  errorCodes: ['notFound'],
});

export const getEventCalendarUrl = defineFunction({
  name: 'getEventCalendarUrl',
  auth: 'required',
  summary: 'A short-lived signed URL of an .ics file for a session the caller has reserved.',
  payload: z.object({ eventID: id, sessionID: id }),
  response: z.object({ url: z.string(), expiresAt: epochMs }),
  errorCodes: ['noReservation'],
});

export const getReservationPass = defineFunction({
  name: 'getReservationPass',
  auth: 'required',
  summary:
    "The pass of the caller's reservation of a session (issue 33): a signed per-reservation token for the QR code shown at the door, and the short code typed there (decision 178); they reveal nothing without the server. An online-only session has no pass (onlineSession).",
  payload: z.object({ eventID: id, sessionID: id }),
  response: z.object({ token: z.string(), code: z.string() }),
  errorCodes: ['noReservation', 'onlineSession'],
});

export const WAITING_LIST_ERROR_CODES = [
  'eventNotFound',
  'sessionNotFound',
  /** The session does not book in the app, or its booking window is not open. */
  'reservationNotAccepted',
  /** There is a free seat: book it instead. */
  'seatsAvailable',
  'alreadyReserved',
  'reservedAnotherSession',
  /** Already waiting for this or another session of the event. */
  'alreadyWaiting',
  'answersRequired',
  'answersInvalid',
] as const;

export const joinWaitingList = defineFunction({
  name: 'joinWaitingList',
  auth: 'required',
  summary:
    "Wait for a seat of a full session, with the answers to the event's questions given now. A cancellation gives the seat to the first in line while booking is open, and mails them.",
  payload: z.object({ eventID: id, sessionID: id, body: z.array(answerSchema).max(100).default([]) }),
  response: z.object({ position: z.number().int() }),
  errorCodes: WAITING_LIST_ERROR_CODES,
});

export const leaveWaitingList = defineFunction({
  name: 'leaveWaitingList',
  auth: 'required',
  summary: "Leave a session's waiting list.",
  payload: z.object({ eventID: id, sessionID: id }),
  response: z.object({}),
  errorCodes: ['notWaiting'],
});

export const getCalendarFeedUrl = defineFunction({
  name: 'getCalendarFeedUrl',
  auth: 'required',
  summary: "The private iCalendar subscription URL of the caller's reservations (made on first use; the same until reset).",
  payload: z.object({}),
  response: z.object({ url: z.string() }),
});

export const resetCalendarFeedUrl = defineFunction({
  name: 'resetCalendarFeedUrl',
  auth: 'required',
  summary: 'A new private calendar URL; every earlier one answers 404 from now on.',
  payload: z.object({}),
  response: z.object({ url: z.string() }),
});

export const eventsFunctions = [
  getEvents,
  getReservingEvents,
  getEventByID,
  reserveEvent,
  cancelEventReservation,
  favoriteContent,
  getEventCalendarUrl,
  getReservationPass,
  joinWaitingList,
  leaveWaitingList,
  getCalendarFeedUrl,
  resetCalendarFeedUrl,
] as const;
