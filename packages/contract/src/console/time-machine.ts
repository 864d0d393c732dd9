import { z } from 'zod';
import { consoleEpochMs, consoleId, defineConsoleFunction } from './protocol.ts';

/**
 * The console's time machine (issue 36, docs/requirements/time-machine.md#time-machine-preview; decision 154): what a member function would answer at
 * another moment, for an audience, so that editors check a week of scheduled content before it goes out. The clock is
 * the only thing that moves; nothing the call does is kept.
 */

/** Who the previewed call is made as: nobody signed in, a member without the corporate contract, one with it. */
export const PREVIEW_AUDIENCES = ['guest', 'member', 'contractMember'] as const;
export type PreviewAudience = (typeof PREVIEW_AUDIENCES)[number];

/**
 * The member functions a preview may name: the reads of the pages the time machine shows (home, announcements,
 * library, events, surveys, help) and of the shell around them, the member home's steps and health log among them
 * (a fresh member's are empty, in the week of `at`: issue 55, docs/decisions/180-checked-with-standard-tools.md).
 * Every write, and every read of one person's own records the time machine shows no page of (friends, passes,
 * ranking), is outside the list and answers 400.
 */
export const PREVIEW_FUNCTIONS = [
  'getConfig',
  'authenticateWithToken',
  'getMyProfile',
  'getUserContract',
  'getCurrentUserStatus',
  'getAnnouncements',
  'getAnnouncementById',
  'getReportArticleTop',
  'getNewArrivalReportArticles',
  'getReportArticlesByTag',
  'getReportArticleRanking',
  'getReportArticlePopularTags',
  'getReportArticleById',
  'searchReportArticles',
  'getEvents',
  'getReservingEvents',
  'getEventByID',
  'getQuestionnaires',
  'getQuestionnaireById',
  'getFaq',
  'getHelpPage',
  'getHealthLogInputStatus',
  'getHealthDataByRange',
  'getHealthLogStats',
] as const;
export type PreviewFunctionName = (typeof PREVIEW_FUNCTIONS)[number];

/** How far from today a preview may look: a year back, two years ahead. */
export const PREVIEW_PAST_MS = 366 * 86_400_000;
export const PREVIEW_FUTURE_MS = 2 * 366 * 86_400_000;

export const previewMemberCall = defineConsoleFunction({
  name: 'previewMemberCall',
  roles: ['owner', 'editor'],
  summary:
    'What the named member read function would answer at `at` (epoch ms, from a year back to two years ahead) to a fresh member of the audience (of `tenantId`, or of the first company whose contract fits): `answer` is its envelope, `status` its HTTP status. Nothing is written.',
  payload: z.object({
    at: consoleEpochMs,
    audience: z.enum(PREVIEW_AUDIENCES),
    name: z.enum(PREVIEW_FUNCTIONS, { error: 'msg:previewNotReadable' }),
    payload: z.record(z.string().max(64), z.unknown()).default({}),
    /** The company the previewed member belongs to (surveys and events may be for some companies only). */
    tenantId: consoleId.optional(),
  }),
  response: z.object({
    /** The member entry's HTTP status for this call: 200, 400 for a payload the function refuses, 401 for a guest calling a members' function. */
    status: z.number().int(),
    /** The member entry's envelope, exactly as the member call would answer it. */
    answer: z.looseObject({ succeed: z.boolean() }),
    /** The company the previewed member belongs to; null for a guest. */
    tenantId: z.number().int().nullable(),
  }),
  errorCodes: ['noTenantForAudience', 'atOutOfRange'],
});

export const consoleTimeMachineFunctions = [previewMemberCall] as const;
