import { z } from 'zod';
import { normalisePassCode, PASS_CODE_LENGTH, PASS_INPUT_MAX, PASS_TOKEN_ALPHABET, PASS_TOKEN_LENGTH } from '../constants.ts';
import { contentListItem, contentListPayload, imageInputSchema, localizedOut, PUBLISH_STATES, sectionInputSchema } from './content.ts';
import {
  consoleEpochMs,
  consoleId,
  contentUrl,
  defineConsoleFunction,
  DESCRIPTION_MAX,
  LABEL_MAX,
  localizedText,
  localizedTitle,
  TITLE_MAX,
} from './protocol.ts';

/**
 * Events authored from the console (issue 16 item 1; docs/decisions/112-console-events.md): the event with every
 * field the member screens show, its sessions and its questionnaire, a session's reservations, a cancellation on a
 * member's behalf and the CSV export. Publishing state as content has it (draft / scheduled / published /
 * unpublished). Time fields are epoch ms; windows are checked here (400), seats against the database (business errors).
 */

export const EVENT_QUESTION_TYPES = ['text', 'checkbox', 'select', 'images', 'comment'] as const;
export type EventQuestionType = (typeof EVENT_QUESTION_TYPES)[number];
/** 0 time display only (no button), 1 booked in the app, 2 booked on an external site. */
export const RESERVATION_TYPES = [0, 1, 2] as const;
/** Largest capacity and price the console takes. */
export const CAPACITY_MAX = 100_000;
export const PRICE_MAX = 10_000_000;

const optionalLocalized = <S extends z.ZodType>(s: S) =>
  z
    .union([s, z.null()])
    .optional()
    .transform((v) => v ?? null);

const imageOut = z.object({ url: z.string(), alt: localizedOut });

/* ------------------------------------------------------------------ events */

/** The event form: also the payload of saveEvent (id absent: new). */
export const eventInputSchema = z
  .object({
    id: consoleId.optional(),
    title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
    /** The period shown in lists and the overview (epoch ms); the sessions hold the bookable times. */
    startAt: consoleEpochMs,
    endAt: consoleEpochMs,
    dateRemarks: optionalLocalized(localizedTitle(TITLE_MAX)),
    /** 1 offline, 2 online, 3 both. */
    providingType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    place: optionalLocalized(localizedTitle(TITLE_MAX)),
    /** Yen; 0 is free. */
    price: z.number().int().min(0).max(PRICE_MAX).default(0),
    /** Shown in the overview; null: no limit. */
    capacity: z.number().int().min(0).max(CAPACITY_MAX).nullable().default(null),
    extraLabel: optionalLocalized(localizedTitle(LABEL_MAX)),
    extraText: optionalLocalized(localizedText(DESCRIPTION_MAX)),
    advertising: z.boolean().default(false),
    /** The list card's image (from the media library); null: the first image. */
    thumbnailUrl: contentUrl.nullable().default(null),
    images: z.array(imageInputSchema).max(10).default([]),
    sections: z.array(sectionInputSchema).max(50).default([]),
    /** A library article reporting on the event. */
    reportArticleId: consoleId.nullable().default(null),
    contractOnly: z.boolean().default(false),
    /** Epoch ms; null: a draft. A time in the future schedules it. */
    publishAt: consoleEpochMs.nullable(),
  })
  .refine((e) => e.endAt >= e.startAt, { error: 'msg:periodEndsBeforeStart', path: ['endAt'] });
export type EventInput = z.output<typeof eventInputSchema>;
export type EventFormValues = z.input<typeof eventInputSchema>;

export const consoleSessionSchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  providingType: z.number().int(),
  reservationType: z.number().int(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  capacity: z.number().int().nullable(),
  entryUnitType: z.number().int(),
  reservedCount: z.number().int(),
  waitingCount: z.number().int(),
  reservationStartAt: z.number().int().nullable(),
  reservationEndAt: z.number().int().nullable(),
  url: z.string().nullable(),
  externalFull: z.boolean(),
  sort: z.number().int(),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const consoleQuestionSchema = z.object({
  type: z.enum(EVENT_QUESTION_TYPES),
  question: localizedOut,
  required: z.boolean(),
  choices: z.array(localizedOut),
  choiceImages: z.array(imageOut),
  images: z.array(imageOut),
});
export type ConsoleQuestion = z.infer<typeof consoleQuestionSchema>;

export const consoleEventSchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  startAt: z.number().int(),
  endAt: z.number().int(),
  dateRemarks: localizedOut.nullable(),
  providingType: z.number().int(),
  place: localizedOut.nullable(),
  price: z.number().int(),
  capacity: z.number().int().nullable(),
  extraLabel: localizedOut.nullable(),
  extraText: localizedOut.nullable(),
  advertising: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  images: z.array(imageOut),
  sections: z.array(z.any()),
  reportArticleId: z.number().int().nullable(),
  contractOnly: z.boolean(),
  publishAt: z.number().int().nullable(),
  state: z.enum(PUBLISH_STATES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
  sessions: z.array(consoleSessionSchema),
  questions: z.array(consoleQuestionSchema),
  /** Reservations ever made (cancelled ones too): the event cannot be deleted, its questionnaire keeps its shape. */
  reservationCount: z.number().int(),
  /** Whether any reservation or waiting-list place holds answers: the questionnaire's structure is then fixed. */
  hasAnswers: z.boolean(),
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

export const EVENT_SORTS = ['startAtDesc', 'startAtAsc', 'updatedAtDesc', 'titleAsc'] as const;

export const listConsoleEvents = defineConsoleFunction({
  name: 'listConsoleEvents',
  roles: ['owner', 'editor', 'support'],
  summary: 'Events in every publishing state, searched by title and filtered by state, paged in SQL.',
  payload: contentListPayload.extend({ sort: z.enum(EVENT_SORTS).default('startAtDesc') }),
  response: z.object({
    events: z.array(
      contentListItem.extend({
        startAt: z.number().int(),
        endAt: z.number().int(),
        sessionCount: z.number().int(),
        reservedCount: z.number().int(),
        /** Active reservations checked in at the door (issue 33): attendance beside reservedCount. */
        checkedInCount: z.number().int(),
      }),
    ),
    total: z.number().int(),
  }),
});

export const getConsoleEvent = defineConsoleFunction({
  name: 'getConsoleEvent',
  roles: ['owner', 'editor', 'support'],
  summary: 'One event with every language and field, its sessions (seats taken, waiting) and its questionnaire.',
  payload: z.object({ id: consoleId }),
  response: z.object({ event: consoleEventSchema }),
  errorCodes: ['notFound'],
});

export const saveEvent = defineConsoleFunction({
  name: 'saveEvent',
  roles: ['owner', 'editor'],
  summary: 'Creates (id absent) or replaces an event (not its sessions or questionnaire); rich text is sanitised again.',
  payload: eventInputSchema,
  response: z.object({ id: z.number().int(), state: z.enum(PUBLISH_STATES) }),
  /** unknownArticle: the report article does not exist. */
  errorCodes: ['notFound', 'unknownArticle'],
  audited: true,
});

export const unpublishEvent = defineConsoleFunction({
  name: 'unpublishEvent',
  roles: ['owner', 'editor'],
  summary: 'Takes an event down at once (state unpublished); members no longer see it; reservations stay.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const deleteEvent = defineConsoleFunction({
  name: 'deleteEvent',
  roles: ['owner', 'editor'],
  summary: 'Deletes an event nobody ever reserved (with its sessions, questions and sections); otherwise unpublish it.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'eventHasReservations'],
  audited: true,
});

/* ------------------------------------------------------------------ sessions */

export const sessionInputSchema = z
  .object({
    eventId: consoleId,
    /** Absent: a new session. */
    id: consoleId.optional(),
    title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
    /** 1 offline, 2 online. */
    providingType: z.union([z.literal(1), z.literal(2)]).default(1),
    reservationType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
    startAt: consoleEpochMs,
    endAt: consoleEpochMs,
    /** Null: unlimited. */
    capacity: z.number().int().min(0).max(CAPACITY_MAX).nullable().default(null),
    /** 2 per team, 1 per person. */
    entryUnitType: z.union([z.literal(1), z.literal(2)]).default(1),
    /** The booking window; null start: open since publication; null end: until the session starts. */
    reservationStartAt: consoleEpochMs.nullable().default(null),
    reservationEndAt: consoleEpochMs.nullable().default(null),
    /** The external booking site (reservationType 2), or an online session's join link (providingType 2; decision 178); https. */
    url: contentUrl
      .refine((v) => v.startsWith('https://'), { error: 'msg:urlInvalid' })
      .nullable()
      .default(null),
    /** Override for an external site's session: shown as full. */
    externalFull: z.boolean().default(false),
    /** Order among the event's sessions. */
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((s) => s.endAt >= s.startAt, { error: 'msg:periodEndsBeforeStart', path: ['endAt'] })
  .refine((s) => s.reservationStartAt === null || s.reservationEndAt === null || s.reservationEndAt > s.reservationStartAt, {
    error: 'msg:windowEndsBeforeStart',
    path: ['reservationEndAt'],
  })
  .refine((s) => s.reservationType !== 2 || s.url !== null, { error: 'msg:externalUrlRequired', path: ['url'] });
export type SessionInput = z.output<typeof sessionInputSchema>;
export type SessionFormValues = z.input<typeof sessionInputSchema>;

export const saveEventSession = defineConsoleFunction({
  name: 'saveEventSession',
  roles: ['owner', 'editor'],
  summary: 'Creates or replaces a session of an event; a capacity below the seats already taken is refused.',
  payload: sessionInputSchema,
  response: z.object({ id: z.number().int() }),
  /** capacityBelowReserved: fewer seats than members already hold (cancel reservations first); carries `reservedCount`. */
  errorCodes: ['notFound', 'capacityBelowReserved'],
  audited: true,
});

export const deleteEventSession = defineConsoleFunction({
  name: 'deleteEventSession',
  roles: ['owner', 'editor'],
  summary: 'Deletes a session nobody reserved or waits for; otherwise refused (cancel the reservations or keep it).',
  payload: z.object({ eventId: consoleId, id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'sessionHasReservations'],
  audited: true,
});

/* ------------------------------------------------------------------ questionnaire */

const choice = localizedTitle(TITLE_MAX);

export const questionInputSchema = z
  .object({
    type: z.enum(EVENT_QUESTION_TYPES),
    question: localizedText(DESCRIPTION_MAX),
    required: z.boolean().default(false),
    /** The choices of select and checkbox questions (2 or more). */
    choices: z.array(choice).max(30).default([]),
    /** The pictures of an images question (2 or more): the member picks one. */
    choiceImages: z.array(imageInputSchema).max(20).default([]),
    /** Pictures shown with the question. */
    images: z.array(imageInputSchema).max(5).default([]),
  })
  .refine((q) => (q.type === 'select' || q.type === 'checkbox' ? q.choices.length >= 2 : q.choices.length === 0), {
    error: 'msg:choicesInvalid',
    path: ['choices'],
  })
  .refine((q) => (q.type === 'images' ? q.choiceImages.length >= 2 : q.choiceImages.length === 0), {
    error: 'msg:choiceImagesInvalid',
    path: ['choiceImages'],
  });
export type QuestionInput = z.output<typeof questionInputSchema>;
export type QuestionFormValues = z.input<typeof questionInputSchema>;

export const saveQuestionnaire = defineConsoleFunction({
  name: 'saveQuestionnaire',
  roles: ['owner', 'editor'],
  summary: 'Replaces an event questionnaire (the order given is the order shown). Once answers exist only texts and required flags may change.',
  payload: z.object({ eventId: consoleId, questions: z.array(questionInputSchema).max(30) }),
  response: z.object({}),
  /** questionnaireHasAnswers: a structural change (questions, types, choices) after members answered. */
  errorCodes: ['notFound', 'questionnaireHasAnswers'],
  audited: true,
});

/* ------------------------------------------------------------------ reservations */

export const listSessionReservations = defineConsoleFunction({
  name: 'listSessionReservations',
  roles: ['owner', 'editor', 'support'],
  summary: "A session's active reservations, oldest first: name, email, company, answers, reserved at; paged in SQL. Every read is audited.",
  payload: z.object({
    eventId: consoleId,
    sessionId: consoleId,
    offset: z.number().int().min(0).max(1_000_000).default(0),
    perPage: z.number().int().min(1).max(100).default(50),
  }),
  response: z.object({
    event: z.object({ id: z.number().int(), title: localizedOut }),
    session: consoleSessionSchema,
    /** Question texts in order: the answers' columns. */
    questions: z.array(localizedOut),
    reservations: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        email: z.string().nullable(),
        company: z.string().nullable(),
        /** One text per question, in the questions' order ('' when unanswered). */
        answers: z.array(z.string()),
        reservedAt: z.number().int(),
        /** Promoted from the waiting list. */
        promoted: z.boolean(),
        /** When the member was checked in at the door (issue 33); null: not (yet). */
        checkedInAt: z.number().int().nullable(),
      }),
    ),
    total: z.number().int(),
  }),
  errorCodes: ['notFound'],
  /** A read of members' personal data: every call is audited (issue 30, finding 6). */
  audited: true,
});

export const cancelReservationForMember = defineConsoleFunction({
  name: 'cancelReservationForMember',
  roles: ['owner', 'editor'],
  summary: 'Cancels a reservation on the member’s behalf until the session starts: a mail tells them, the seat goes to the waiting list.',
  payload: z.object({ reservationId: consoleId }),
  response: z.object({ promoted: z.number().int() }),
  /** noReservation: unknown or already cancelled; cancellationNotAccepted: the session has started. */
  errorCodes: ['noReservation', 'cancellationNotAccepted'],
  audited: true,
});

export const exportReservations = defineConsoleFunction({
  name: 'exportReservations',
  roles: ['owner', 'editor'],
  kind: 'csv',
  summary: 'CSV of an event’s active reservations, a row each, with the questionnaire answers as columns.',
  payload: z.object({ eventId: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
});

/* ------------------------------------------------------------------ check-in at the door (issue 33, decision 147) */

/**
 * A pass code as the camera read it or an operator typed it: spaces and hyphens dropped, capitals, Crockford's I/L/O
 * read as 1/1/0; then exactly the token's 26 characters of its alphabet (the QR code), or the 10 of the short code
 * typed by hand (decision 178). Anything else (empty, too long, another QR code) is a 400 and nothing changes.
 */
export const passCodeSchema = z
  .string()
  .max(PASS_INPUT_MAX, { error: 'msg:passCodeInvalid' })
  .transform(normalisePassCode)
  .refine((v) => v.length > 0, { error: 'msg:passCodeRequired' })
  .refine(
    (v) =>
      v.length === 0 || ((v.length === PASS_TOKEN_LENGTH || v.length === PASS_CODE_LENGTH) && [...v].every((c) => PASS_TOKEN_ALPHABET.includes(c))),
    {
      error: 'msg:passCodeInvalid',
    },
  );

export const CHECK_IN_ERROR_CODES = [
  /** The session open on the page does not exist. */
  'notFound',
  /** The code is not a pass of this service (its signature does not hold, or no reservation has it). */
  'invalidPass',
  /** The pass's reservation was cancelled. */
  'reservationCancelled',
  /** The pass is for another session (its title and start come along). */
  'otherSession',
  /** Too early: the door opens CHECK_IN_OPENS_BEFORE_MS before the start (`opensAt` comes along; decision 178). */
  'checkInNotOpen',
  /** The session has ended (`endedAt` comes along). */
  'checkInClosed',
] as const;

/** Who is in: a session's checked-in and active reservations, shown on the check-in page (decision 178). */
const checkInCounts = { checkedInCount: z.number().int(), bookedCount: z.number().int() };

export const getCheckInCounts = defineConsoleFunction({
  name: 'getCheckInCounts',
  roles: ['owner', 'editor', 'support'],
  summary: "A session's check-in page head: its times and how many of its active reservations are checked in.",
  payload: z.object({ sessionId: consoleId }),
  response: z.object({
    ...checkInCounts,
    startAt: z.number().int(),
    endAt: z.number().int(),
    /** From when the door takes passes (the start minus CHECK_IN_OPENS_BEFORE_MS) until `endAt`. */
    opensAt: z.number().int(),
  }),
  errorCodes: ['notFound'],
});

export const checkInReservation = defineConsoleFunction({
  name: 'checkInReservation',
  roles: ['owner', 'editor', 'support'],
  summary:
    "Checks a member in at the door of the session open on the page from their pass's code; a second scan answers alreadyCheckedIn with the first time.",
  payload: z.object({ sessionId: consoleId, token: passCodeSchema }),
  response: z.object({
    reservationId: z.number().int(),
    nickname: z.string(),
    eventTitle: localizedOut,
    sessionTitle: localizedOut,
    checkedInAt: z.number().int(),
    alreadyCheckedIn: z.boolean(),
    ...checkInCounts,
  }),
  errorCodes: CHECK_IN_ERROR_CODES,
  audited: true,
});

export const undoCheckIn = defineConsoleFunction({
  name: 'undoCheckIn',
  roles: ['owner', 'editor', 'support'],
  summary: 'Takes back a check-in within a minute of it (a wrong scan at the door).',
  payload: z.object({ reservationId: consoleId }),
  response: z.object(checkInCounts),
  /** undoExpired: not checked in, or checked in more than a minute ago. */
  errorCodes: ['undoExpired'],
  audited: true,
});

export const consoleEventFunctions = [
  listConsoleEvents,
  getConsoleEvent,
  saveEvent,
  unpublishEvent,
  deleteEvent,
  saveEventSession,
  deleteEventSession,
  saveQuestionnaire,
  listSessionReservations,
  cancelReservationForMember,
  exportReservations,
  checkInReservation,
  undoCheckIn,
  getCheckInCounts,
] as const;
