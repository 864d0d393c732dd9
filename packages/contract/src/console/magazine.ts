import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../locale.ts';
import { consoleEpochMs, consoleId, defineConsoleFunction, localizedRichText, localizedTitle } from './protocol.ts';

/**
 * The mail magazine, written and sent by the office (issue 59, docs/requirements/magazine.md#magazine-console).
 *
 * An issue's state, kept on the server:
 * - `draft`: being written (also a cancelled schedule, which goes back to draft);
 * - `scheduled`: `sendAt` is set and not reached; it can still be edited or cancelled;
 * - `sending`: its recipients are fixed (one delivery row each) and the mails go out through the outbox;
 * - `sent`: every delivery was handed to the outbox or skipped.
 * A `sending` or `sent` issue can no longer be edited, scheduled again or cancelled.
 */
export const MAGAZINE_STATES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type MagazineState = (typeof MAGAZINE_STATES)[number];

export const MAGAZINE_SUBJECT_MAX = 150;

const localizedOut = z.object({ ja: z.string(), en: z.string().nullable() });

export const magazineIssueInputSchema = z.object({
  /** Absent: a new draft. */
  issueID: consoleId.optional(),
  subject: localizedTitle(MAGAZINE_SUBJECT_MAX, 'subjectRequired'),
  /** Rich text, the announcements' editor and sanitiser; images from the media library. */
  body: localizedRichText,
});
export type MagazineIssueInput = z.output<typeof magazineIssueInputSchema>;
export type MagazineIssueFormValues = z.input<typeof magazineIssueInputSchema>;

export const magazineListItemSchema = z.object({
  issueID: z.number().int(),
  subject: localizedOut,
  state: z.enum(MAGAZINE_STATES),
  /** When it is (or was) to go out; null for a draft. */
  sendAt: z.number().int().nullable(),
  /** When the last delivery was handed to the outbox or skipped; null until then. */
  sentAt: z.number().int().nullable(),
  /** Fixed when sending starts; 0 before. */
  recipients: z.number().int(),
  updatedAt: z.number().int(),
});
export type MagazineListItem = z.infer<typeof magazineListItemSchema>;

export const consoleMagazineIssueSchema = magazineListItemSchema.extend({
  body: localizedOut,
  updatedBy: z.string().nullable(),
});
export type ConsoleMagazineIssue = z.infer<typeof consoleMagazineIssueSchema>;

export const listMagazineIssues = defineConsoleFunction({
  name: 'listMagazineIssues',
  roles: ['owner', 'editor', 'support'],
  summary: 'Magazine issues in every state, newest first, optionally of one state, paged.',
  payload: z.object({
    state: z.enum(MAGAZINE_STATES).optional(),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    perPage: z.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ issues: z.array(magazineListItemSchema), total: z.number().int() }),
});

export const getConsoleMagazineIssue = defineConsoleFunction({
  name: 'getConsoleMagazineIssue',
  roles: ['owner', 'editor', 'support'],
  summary: 'One magazine issue with both languages, for the editor and the preview.',
  payload: z.object({ issueID: consoleId }),
  response: z.object({ issue: consoleMagazineIssueSchema }),
  errorCodes: ['notFound'],
});

export const saveMagazineIssue = defineConsoleFunction({
  name: 'saveMagazineIssue',
  roles: ['owner', 'editor'],
  summary:
    'Creates (issueID absent) or replaces a draft or scheduled issue (a scheduled one keeps its time); the body is sanitised again when stored. `bodyEmpty`: the Japanese body shows nothing once sanitised (only scripts or empty paragraphs).',
  payload: magazineIssueInputSchema,
  response: z.object({ issueID: z.number().int(), state: z.enum(MAGAZINE_STATES) }),
  errorCodes: ['notFound', 'alreadySent', 'bodyEmpty'],
  audited: true,
});

export const previewMagazineIssue = defineConsoleFunction({
  name: 'previewMagazineIssue',
  roles: ['owner', 'editor', 'support'],
  summary:
    'The mail as a member would get it in one language, rendered from the given (unsaved) subject and body: the HTML part, the text part and the subject. English falls back to Japanese where empty.',
  payload: z.object({
    subject: localizedTitle(MAGAZINE_SUBJECT_MAX, 'subjectRequired'),
    body: localizedRichText,
    /** The mail's language. Not `locale`: every console call's body carries `locale`, the operator's own language. */
    language: z.enum(SUPPORTED_LOCALES),
  }),
  response: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});

export const sendMagazineTest = defineConsoleFunction({
  name: 'sendMagazineTest',
  roles: ['owner', 'editor'],
  summary:
    "Mails the saved issue to the calling operator's own address, once in each language, marked as a test (its unsubscribe link does nothing). Limited per operator.",
  payload: z.object({ issueID: consoleId }),
  response: z.object({ to: z.string(), mails: z.number().int() }),
  errorCodes: ['notFound', 'rateLimited'],
  audited: true,
});

export const scheduleMagazineIssue = defineConsoleFunction({
  name: 'scheduleMagazineIssue',
  roles: ['owner', 'editor'],
  summary: 'Schedules a draft (or moves a scheduled issue) to go out at sendAt; sendAt null sends it now. A time in the past is refused.',
  payload: z.object({ issueID: consoleId, sendAt: consoleEpochMs.nullable() }),
  response: z.object({ state: z.enum(MAGAZINE_STATES), sendAt: z.number().int() }),
  errorCodes: ['notFound', 'sendAtPast', 'alreadySent'],
  audited: true,
});

export const cancelMagazineIssue = defineConsoleFunction({
  name: 'cancelMagazineIssue',
  roles: ['owner', 'editor'],
  summary: 'Takes a scheduled issue back to draft before it starts sending.',
  payload: z.object({ issueID: consoleId }),
  response: z.object({ state: z.enum(MAGAZINE_STATES) }),
  errorCodes: ['notFound', 'notScheduled'],
  audited: true,
});

export const magazineStatsSchema = z.object({
  /** Members the issue was addressed to when sending started (one delivery each). */
  recipients: z.number().int(),
  /** Waiting for their turn at the configured rate, or in the outbox not yet delivered. */
  pending: z.number().int(),
  /** Accepted by the SMTP server (or handed over without a confirmation: counted as sent, never sent again). */
  sent: z.number().int(),
  /** Given up by the outbox. */
  failed: z.number().int(),
  /** Left out at hand-over: opted out, deactivated or contract ended after sending started. */
  skipped: z.number().int(),
  /** Members who left the magazine through this issue's link. */
  unsubscribed: z.number().int(),
});
export type MagazineStats = z.infer<typeof magazineStatsSchema>;

export const getMagazineIssueStats = defineConsoleFunction({
  name: 'getMagazineIssueStats',
  roles: ['owner', 'editor', 'support'],
  summary: "An issue's figures: recipients, pending, sent, failed, skipped, unsubscribed through it. Nothing per person.",
  payload: z.object({ issueID: consoleId }),
  response: z.object({ state: z.enum(MAGAZINE_STATES), stats: magazineStatsSchema }),
  errorCodes: ['notFound'],
});

export const consoleMagazineFunctions = [
  listMagazineIssues,
  getConsoleMagazineIssue,
  saveMagazineIssue,
  previewMagazineIssue,
  sendMagazineTest,
  scheduleMagazineIssue,
  cancelMagazineIssue,
  getMagazineIssueStats,
] as const;
