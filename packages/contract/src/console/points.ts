import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  MISSION_KINDS,
  POINTS_AMOUNT_MAX,
  QUIZ_CHOICES_MAX,
  QUIZ_CHOICES_MIN,
  QUIZ_GENRES,
  REWARD_KINDS,
  monthField,
  pointEntrySchema,
} from '../functions/points.ts';
import { calendarDay } from '../protocol.ts';
import { DESCRIPTION_MAX, TITLE_MAX, consoleId, defineConsoleFunction, localizedText, localizedTitle, multiLineText } from './protocol.ts';

/**
 * Points run by the office (issue 58, docs/requirements/points.md): monthly missions, quiz rounds and questions with
 * their right-answer rates, the exchange's catalogue, campaigns and applications, and an owner's adjustment of a
 * member's points. Owners and editors write missions, the quiz and the catalogue; support reads applications and a
 * member's points; only an owner adjusts points; company operators have no access.
 */

const localizedOut = z.object({ ja: z.string(), en: z.string().nullable() });
const page = {
  offset: z.number().int().min(0).max(1_000_000).default(0),
  perPage: z.number().int().min(1).max(100).default(20),
};
/** Points a mission, a quiz answer or a reward is worth. */
const pointsValue = z
  .number({ error: 'msg:pointsRange' })
  .int({ error: 'msg:pointsRange' })
  .min(1, { error: 'msg:pointsRange' })
  .max(100_000, { error: 'msg:pointsRange' });

/* ------------------------------------------------------------------ missions */

export const missionInputSchema = z.object({
  /** Absent: a new mission. */
  missionID: consoleId.optional(),
  month: monthField,
  title: localizedTitle(TITLE_MAX),
  description: localizedText(DESCRIPTION_MAX).optional(),
  kind: z.enum(MISSION_KINDS),
  /** Days, articles, events, surveys or programs, by kind; 1..31. */
  target: z.number().int().min(1, { error: 'msg:missionTargetRange' }).max(31, { error: 'msg:missionTargetRange' }),
  /** `steps` only (required there, `minStepsRequired`); 1..100,000. */
  minSteps: z.number().int().min(1, { error: 'msg:minStepsRange' }).max(100_000, { error: 'msg:minStepsRange' }).optional(),
  points: pointsValue,
  /** Members see a published mission; unpublished ones are drafts. */
  published: z.boolean(),
});
export type MissionInput = z.output<typeof missionInputSchema>;
export type MissionFormValues = z.input<typeof missionInputSchema>;

export const consoleMissionSchema = z.object({
  missionID: z.number().int(),
  month: z.string(),
  title: localizedOut,
  description: localizedOut.nullable(),
  kind: z.enum(MISSION_KINDS),
  target: z.number().int(),
  minSteps: z.number().int().nullable(),
  points: z.number().int(),
  published: z.boolean(),
  /** Members who completed it. */
  completions: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type ConsoleMission = z.infer<typeof consoleMissionSchema>;

export const listMissions = defineConsoleFunction({
  name: 'listMissions',
  roles: ['owner', 'editor', 'support'],
  summary: "A month's missions (drafts too) with how many members completed each.",
  payload: z.object({ month: monthField }),
  response: z.object({ missions: z.array(consoleMissionSchema) }),
});

export const saveMission = defineConsoleFunction({
  name: 'saveMission',
  roles: ['owner', 'editor'],
  summary:
    'Creates or edits a mission. Once its month has begun and it is published, only the titles and description may change (`alreadyStarted`); a past month cannot gain a mission (`monthPast`).',
  payload: missionInputSchema,
  response: z.object({ missionID: z.number().int() }),
  /** minStepsRequired: a steps mission without minSteps; minStepsNotAllowed: minSteps on another kind. */
  errorCodes: ['notFound', 'minStepsRequired', 'minStepsNotAllowed', 'alreadyStarted', 'monthPast'],
  audited: true,
});

/* ------------------------------------------------------------------ the quiz */

export const quizRoundInputSchema = z.object({
  roundID: consoleId.optional(),
  name: localizedTitle(TITLE_MAX),
  startDate: calendarDay,
  endDate: calendarDay,
  /** Points of a right answer. */
  points: pointsValue,
});
export type QuizRoundInput = z.output<typeof quizRoundInputSchema>;
export type QuizRoundFormValues = z.input<typeof quizRoundInputSchema>;

export const quizRoundSchema = z.object({
  roundID: z.number().int(),
  name: localizedOut,
  startDate: z.string(),
  endDate: z.string(),
  points: z.number().int(),
  questions: z.number().int(),
  /** Days of the round without a question. */
  daysWithoutQuestion: z.number().int(),
  updatedAt: z.number().int(),
});
export type QuizRound = z.infer<typeof quizRoundSchema>;

export const listQuizRounds = defineConsoleFunction({
  name: 'listQuizRounds',
  roles: ['owner', 'editor', 'support'],
  summary: 'Quiz rounds, newest start first, paged.',
  payload: z.object(page),
  response: z.object({ rounds: z.array(quizRoundSchema), total: z.number().int() }),
});

export const saveQuizRound = defineConsoleFunction({
  name: 'saveQuizRound',
  roles: ['owner', 'editor'],
  summary:
    "Creates or edits a quiz round. Rounds may not overlap (`roundsOverlap`); a round's dates must hold its questions' days (`questionsOutsideDates`).",
  payload: quizRoundInputSchema,
  response: z.object({ roundID: z.number().int() }),
  errorCodes: ['notFound', 'endBeforeStart', 'roundsOverlap', 'questionsOutsideDates'],
  audited: true,
});

export const quizQuestionInputSchema = z.object({
  questionID: consoleId.optional(),
  roundID: consoleId,
  /** The Tokyo day it is everyone's question; one question per day (`dayTaken`), within the round (`dayOutsideRound`). */
  day: calendarDay,
  genre: z.enum(QUIZ_GENRES),
  question: localizedText(DESCRIPTION_MAX),
  choices: z
    .array(localizedTitle(TITLE_MAX))
    .min(QUIZ_CHOICES_MIN, { error: 'msg:quizChoicesRange' })
    .max(QUIZ_CHOICES_MAX, { error: 'msg:quizChoicesRange' }),
  /** 0-based index into choices (`correctChoiceInvalid` when out of range). */
  correctChoice: z
    .number()
    .int()
    .min(0)
    .max(QUIZ_CHOICES_MAX - 1),
  explanation: localizedText(DESCRIPTION_MAX),
  /** A published library article the explanation links (`articleUnknown` otherwise). */
  articleID: consoleId.nullable().optional(),
});
export type QuizQuestionInput = z.output<typeof quizQuestionInputSchema>;
export type QuizQuestionFormValues = z.input<typeof quizQuestionInputSchema>;

export const quizQuestionSchema = z.object({
  questionID: z.number().int(),
  roundID: z.number().int(),
  day: z.string(),
  genre: z.enum(QUIZ_GENRES),
  question: localizedOut,
  choices: z.array(localizedOut),
  correctChoice: z.number().int(),
  explanation: localizedOut,
  articleID: z.number().int().nullable(),
  /** Counts only: the office never sees who answered what. */
  answers: z.number().int(),
  correctAnswers: z.number().int(),
  /** correctAnswers / answers, 0..1; null before any answer. */
  correctRate: z.number().nullable(),
  /** Answers per choice, in choice order. */
  choiceCounts: z.array(z.number().int()),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const getQuizRound = defineConsoleFunction({
  name: 'getQuizRound',
  roles: ['owner', 'editor', 'support'],
  summary: 'One round with its questions by day and each question’s right-answer rate (counts only, never per person).',
  payload: z.object({ roundID: consoleId }),
  response: z.object({ round: quizRoundSchema, questions: z.array(quizQuestionSchema) }),
  errorCodes: ['notFound'],
});

export const saveQuizQuestion = defineConsoleFunction({
  name: 'saveQuizQuestion',
  roles: ['owner', 'editor'],
  summary: 'Creates or edits a question. A question whose day has come (someone may have answered) cannot change (`alreadyShown`).',
  payload: quizQuestionInputSchema,
  response: z.object({ questionID: z.number().int() }),
  errorCodes: ['notFound', 'dayTaken', 'dayOutsideRound', 'correctChoiceInvalid', 'articleUnknown', 'alreadyShown'],
  audited: true,
});

export const deleteQuizQuestion = defineConsoleFunction({
  name: 'deleteQuizQuestion',
  roles: ['owner', 'editor'],
  summary: 'Deletes a question before its day (`alreadyShown` from its day on).',
  payload: z.object({ questionID: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'alreadyShown'],
  audited: true,
});

/* ------------------------------------------------------------------ the exchange */

export const rewardInputSchema = z.object({
  rewardID: consoleId.optional(),
  name: localizedTitle(TITLE_MAX),
  description: localizedText(DESCRIPTION_MAX),
  /** An image from the media library (`imageUnknown` otherwise). */
  imageID: consoleId.nullable().optional(),
  imageAlt: localizedTitle(TITLE_MAX, 'altRequired').nullable().optional(),
  kind: z.enum(REWARD_KINDS),
  points: pointsValue,
  /** Units left to give; 0..1,000,000. */
  stock: z.number().int().min(0, { error: 'msg:stockRange' }).max(1_000_000, { error: 'msg:stockRange' }),
  /** Tokyo days; null: open-ended. */
  availableFrom: calendarDay.nullable(),
  availableTo: calendarDay.nullable(),
  /** Only offered through a campaign that lists it. */
  campaignOnly: z.boolean().default(false),
  published: z.boolean(),
});
export type RewardInput = z.output<typeof rewardInputSchema>;
export type RewardFormValues = z.input<typeof rewardInputSchema>;

export const consoleRewardSchema = z.object({
  rewardID: z.number().int(),
  name: localizedOut,
  description: localizedOut,
  imageID: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  imageAlt: localizedOut.nullable(),
  kind: z.enum(REWARD_KINDS),
  points: z.number().int(),
  stock: z.number().int(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  campaignOnly: z.boolean(),
  published: z.boolean(),
  /** Applications not cancelled. */
  applications: z.number().int(),
  updatedAt: z.number().int(),
});
export type ConsoleReward = z.infer<typeof consoleRewardSchema>;

export const listConsoleRewards = defineConsoleFunction({
  name: 'listConsoleRewards',
  roles: ['owner', 'editor', 'support'],
  summary: 'The catalogue (drafts too), newest first, paged.',
  payload: z.object(page),
  response: z.object({ rewards: z.array(consoleRewardSchema), total: z.number().int() }),
});

export const saveReward = defineConsoleFunction({
  name: 'saveReward',
  roles: ['owner', 'editor'],
  summary: 'Creates or edits a reward; setting the stock sets the units left.',
  payload: rewardInputSchema,
  response: z.object({ rewardID: z.number().int() }),
  errorCodes: ['notFound', 'endBeforeStart', 'imageUnknown'],
  audited: true,
});

export const campaignInputSchema = z.object({
  campaignID: consoleId.optional(),
  name: localizedTitle(TITLE_MAX),
  startDate: calendarDay,
  endDate: calendarDay,
  /** Rewards offered in the window, each at its own price (null: the regular price). At least one. */
  items: z
    .array(z.object({ rewardID: consoleId, points: pointsValue.nullable() }))
    .min(1, { error: 'msg:campaignItemsRequired' })
    .max(100),
});
export type CampaignInput = z.output<typeof campaignInputSchema>;
export type CampaignFormValues = z.input<typeof campaignInputSchema>;

export const campaignSchema = z.object({
  campaignID: z.number().int(),
  name: localizedOut,
  startDate: z.string(),
  endDate: z.string(),
  items: z.array(z.object({ rewardID: z.number().int(), name: localizedOut, points: z.number().int().nullable(), regularPoints: z.number().int() })),
  updatedAt: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const listCampaigns = defineConsoleFunction({
  name: 'listCampaigns',
  roles: ['owner', 'editor', 'support'],
  summary: 'Exchange campaigns, newest start first, paged.',
  payload: z.object(page),
  response: z.object({ campaigns: z.array(campaignSchema), total: z.number().int() }),
});

export const saveCampaign = defineConsoleFunction({
  name: 'saveCampaign',
  roles: ['owner', 'editor'],
  summary: 'Creates or edits a campaign. Campaigns may not overlap (`campaignsOverlap`); every item must be a reward (`rewardUnknown`).',
  payload: campaignInputSchema,
  response: z.object({ campaignID: z.number().int() }),
  errorCodes: ['notFound', 'endBeforeStart', 'campaignsOverlap', 'rewardUnknown', 'rewardDuplicate'],
  audited: true,
});

export const applicationRowSchema = z.object({
  applicationID: z.number().int(),
  appliedAt: z.number().int(),
  rewardID: z.number().int(),
  rewardName: localizedOut,
  kind: z.enum(REWARD_KINDS),
  points: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  memberID: z.number().int(),
  nickname: z.string(),
  tenantName: z.string(),
  /** "mid" or "late" and the month. */
  estimate: z.object({ month: z.string(), part: z.enum(['mid', 'late']) }),
  shippedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  /** Whether an address is still held (physical, until 90 days after shipping). */
  hasAddress: z.boolean(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

export const listRewardApplications = defineConsoleFunction({
  name: 'listRewardApplications',
  roles: ['owner', 'editor', 'support'],
  summary: 'Applications, oldest applied first within a status, paged; addresses are only in the export.',
  payload: z.object({ status: z.enum(APPLICATION_STATUSES).optional(), rewardID: consoleId.optional(), ...page }),
  response: z.object({ applications: z.array(applicationRowSchema), total: z.number().int() }),
});

export const exportRewardApplications = defineConsoleFunction({
  name: 'exportRewardApplications',
  roles: ['owner', 'editor'],
  kind: 'csv',
  summary:
    'Applications waiting to ship (status applied, optionally of one reward) as CSV (UTF-8 with BOM) for the fulfilment company: application, applied at (Tokyo), reward, estimate, postal code, prefecture, lines, name, phone.',
  payload: z.object({ rewardID: consoleId.optional() }),
  response: z.object({}),
  audited: true,
});

export const markApplicationsShipped = defineConsoleFunction({
  name: 'markApplicationsShipped',
  roles: ['owner', 'editor'],
  summary: 'Marks applied applications shipped (others are left as they are and counted in `skipped`). Their addresses are deleted 90 days later.',
  payload: z.object({ applicationIDs: z.array(consoleId).min(1).max(1000) }),
  response: z.object({ shipped: z.number().int(), skipped: z.number().int() }),
  audited: true,
});

export const cancelRewardApplication = defineConsoleFunction({
  name: 'cancelRewardApplication',
  roles: ['owner', 'editor'],
  summary: 'Cancels an application not yet shipped: its points come back as an `exchangeCancelled` entry and the unit returns to stock.',
  payload: z.object({ applicationID: consoleId }),
  response: z.object({ balance: z.number().int() }),
  errorCodes: ['notFound', 'alreadyShipped', 'alreadyCancelled'],
  audited: true,
});

/* ------------------------------------------------------------------ a member's points */

export const getMemberPoints = defineConsoleFunction({
  name: 'getMemberPoints',
  roles: ['owner', 'support'],
  summary: "A member's balance, expiry and ledger entries, newest first, paged.",
  payload: z.object({ memberID: consoleId, ...page }),
  response: z.object({ balance: z.number().int(), expiresOn: z.string().nullable(), entries: z.array(pointEntrySchema), total: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const ADJUST_NOTE_MAX = 200;

export const adjustPoints = defineConsoleFunction({
  name: 'adjustPoints',
  roles: ['owner'],
  summary:
    'Adds (amount > 0) or takes (amount < 0) points with a reason the member sees, as an `adjustment` entry; a balance never goes below 0 (`pointsShort`). Adding counts as an acquisition (it moves the expiry).',
  payload: z.object({
    memberID: consoleId,
    amount: z
      .number({ error: 'msg:adjustAmountInvalid' })
      .int({ error: 'msg:adjustAmountInvalid' })
      .min(-POINTS_AMOUNT_MAX, { error: 'msg:adjustAmountInvalid' })
      .max(POINTS_AMOUNT_MAX, { error: 'msg:adjustAmountInvalid' })
      .refine((v) => v !== 0, { error: 'msg:adjustAmountInvalid' }),
    note: multiLineText(ADJUST_NOTE_MAX).pipe(z.string().min(1, { error: 'msg:adjustNoteRequired' })),
  }),
  response: z.object({ balance: z.number().int() }),
  errorCodes: ['notFound', 'pointsShort'],
  audited: true,
});

export const consolePointsFunctions = [
  listMissions,
  saveMission,
  listQuizRounds,
  saveQuizRound,
  getQuizRound,
  saveQuizQuestion,
  deleteQuizQuestion,
  listConsoleRewards,
  saveReward,
  listCampaigns,
  saveCampaign,
  listRewardApplications,
  exportRewardApplications,
  markApplicationsShipped,
  cancelRewardApplication,
  getMemberPoints,
  adjustPoints,
] as const;
