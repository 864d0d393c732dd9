import { z } from 'zod';
import { DAY_MS } from '../time.ts';
import { calendarEntrySchema } from './calendar.ts';
import { localizedOut } from './content.ts';
import { defineConsoleFunction, type OperatorRole } from './protocol.ts';

/**
 * The console's home (issue 60; docs/decisions/181-console-home.md): the office's week at a glance, in one call, for
 * owners, editors and support (a company operator keeps its Insights and is refused, 403). Three blocks:
 *
 * - **this week** (`week`): every entry of the content calendar (decision 156) from now to 7 days ahead: publish
 *   times, sessions, booking windows and survey windows opening and closing, each naming its item (and so its editor).
 *   Extension point: a new kind of scheduled thing (program entry windows and starts, magazine issues, as those
 *   features land) becomes a kind of the calendar (CALENDAR_ENTRY_KINDS and a branch of its one statement) and shows
 *   here with no change to this function.
 * - **needs a decision** (`decisions`): failed mail with its reason in words, sessions full with people waiting,
 *   scheduled items that would publish with an English field missing. Extension point: a new list (unusual-day flags,
 *   reward applications) is one more nullable member of `decisions` with its roles in HOME_BLOCK_ROLES.
 * - **how members use it** (`usage`): members active in the last 7 days against the 7 before, sign-ups, bookings and
 *   survey answers, in total and per tenant, with the privacy floor of 5 (docs/decisions/146-companies-insights-and-contract-end.md) on every per-tenant
 *   figure.
 *
 * Each part is present only for the roles that may open what it links to (HOME_BLOCK_ROLES); for the others it is
 * null, and the server does not read it.
 */

/** The week ahead: from the call's moment to 7 days later. */
export const HOME_WEEK_MS = 7 * DAY_MS;
/** The most entries of the week one answer holds (the earliest first); `truncated` says when there were more. */
export const HOME_WEEK_MAX_ENTRIES = 200;
/** The most rows of each decision list; `total` says how many there are. */
export const HOME_LIST_MAX = 20;
/** The most tenants listed by name in the usage block (the largest first); the others are one row together. */
export const HOME_USAGE_MAX_TENANTS = 20;

/** Who sees which part: each part's roles are those of the pages it links to. */
export const HOME_BLOCK_ROLES = {
  /** The content calendar (/calendar) and the editors, which support opens read-only. */
  week: ['owner', 'editor', 'support'],
  /** The mail outbox (/mail). */
  failedMail: ['owner', 'support'],
  /** A session's reservations and capacity (editors write them). */
  fullSessions: ['owner', 'editor'],
  /** The editors, to add the English. */
  missingEnglish: ['owner', 'editor'],
  /** Members and tenants (/members, /tenants, /insights): active members and sign-ups. */
  members: ['owner', 'support'],
  /** Reservations and survey results (editors read them; support reads the members' side). */
  engagement: ['owner', 'editor', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type HomeBlock = keyof typeof HOME_BLOCK_ROLES;

export function homeBlockVisible(block: HomeBlock, role: OperatorRole): boolean {
  return (HOME_BLOCK_ROLES[block] as readonly OperatorRole[]).includes(role);
}

/**
 * Why a mail failed, in words the page can say (the SMTP reply's code read from the recorded error):
 * `recipientRejected` the receiving server refused the address (550, 551, 553, 5.1.x), `mailboxFull` (552, 5.2.2),
 * `messageRefused` the message itself was refused (554, 5.7.x: policy, spam), `other` anything else (the recorded
 * text says more).
 */
export const MAIL_FAILURE_REASONS = ['recipientRejected', 'mailboxFull', 'messageRefused', 'other'] as const;
export type MailFailureReason = (typeof MAIL_FAILURE_REASONS)[number];

export function mailFailureReason(lastError: string | null): MailFailureReason {
  const text = lastError ?? '';
  if (/\b552\b|\b5\.2\.2\b/.test(text)) return 'mailboxFull';
  if (/\b55[013]\b|\b5\.1\.\d+\b/.test(text)) return 'recipientRejected';
  if (/\b554\b|\b5\.7\.\d+\b/.test(text)) return 'messageRefused';
  return 'other';
}

export const homeFailedMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  reason: z.enum(MAIL_FAILURE_REASONS),
  /** The SMTP server's words as recorded (at most 500 characters). */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.number().int(),
});

export const homeFullSessionSchema = z.object({
  eventId: z.number().int(),
  sessionId: z.number().int(),
  title: localizedOut,
  sessionTitle: localizedOut,
  startAt: z.number().int(),
  capacity: z.number().int(),
  reserved: z.number().int(),
  /** Members on the session's waiting list. */
  waiting: z.number().int(),
});

/** The parts of an item an English text is missing from (its Japanese is there). */
export const MISSING_ENGLISH_FIELDS = ['title', 'description', 'sections', 'sessions', 'questions'] as const;
export type MissingEnglishField = (typeof MISSING_ENGLISH_FIELDS)[number];
export const HOME_ITEM_TYPES = ['announcement', 'article', 'event', 'survey'] as const;

export const homeMissingEnglishSchema = z.object({
  /** The editor is /console/<item type>s/:itemId. */
  itemType: z.enum(HOME_ITEM_TYPES),
  itemId: z.number().int(),
  title: localizedOut,
  /** When it goes out (a survey: when it opens). */
  publishAt: z.number().int(),
  fields: z.array(z.enum(MISSING_ENGLISH_FIELDS)),
});

const list = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

/** A figure of the last 7 days and of the 7 before; null: fewer than 5 members (or hidden to protect such a cell). */
export const usageFigureSchema = z.object({ current: z.number().int().nullable(), previous: z.number().int().nullable() });
export type UsageFigure = z.infer<typeof usageFigureSchema>;

/** A row of the usage block: everybody, one tenant, the tenants past HOME_USAGE_MAX_TENANTS, or members of none. */
export const USAGE_ROW_KINDS = ['total', 'tenant', 'otherTenants', 'noTenant'] as const;
export const usageRowSchema = z.object({
  kind: z.enum(USAGE_ROW_KINDS),
  tenantId: z.number().int().nullable(),
  name: localizedOut.nullable(),
  /** Registered members (null: fewer than 5). Null with the figures below when the role does not see members. */
  members: z.number().int().nullable(),
  /** Members who signed in, used the app or uploaded from a device. Null for a role without members' figures. */
  active: usageFigureSchema.nullable(),
  signUps: usageFigureSchema.nullable(),
  /** Reservations made (and not cancelled); suppressed on the members who made them. Null for a role without them. */
  bookings: usageFigureSchema.nullable(),
  /** Survey answers given; one per member and survey. */
  surveyAnswers: usageFigureSchema.nullable(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const consoleHomeResponse = z.object({
  /** The call's moment and the week's end (epoch ms). */
  now: z.number().int(),
  weekEnd: z.number().int(),
  week: z.object({ entries: z.array(calendarEntrySchema), truncated: z.boolean() }).nullable(),
  decisions: z.object({
    failedMail: list(homeFailedMailSchema).nullable(),
    fullSessions: list(homeFullSessionSchema).nullable(),
    missingEnglish: list(homeMissingEnglishSchema).nullable(),
  }),
  usage: z.object({ rows: z.array(usageRowSchema) }).nullable(),
});
export type ConsoleHome = z.infer<typeof consoleHomeResponse>;

export const getConsoleHome = defineConsoleFunction({
  name: 'getConsoleHome',
  roles: ['owner', 'editor', 'support'],
  summary:
    'The console home in one call: this week (the content calendar from now to 7 days ahead), what needs a decision (failed mail, full sessions with a waiting list, scheduled items missing English) and how members use it (last 7 days against the 7 before, privacy floor 5 per tenant); each part only for the roles that may open it.',
  payload: z.object({}),
  response: consoleHomeResponse,
});

export const consoleHomeFunctions = [getConsoleHome] as const;
