import { z } from 'zod';
import { calendarDay, defineFunction, id } from '../protocol.ts';
import { singleLineText } from '../text.ts';

/**
 * Points on the member's side (issue 58, docs/requirements/points.md#points-members): the ledger (balance, expiry, every
 * entry with its reason), the month's missions and the stamp card, the daily quiz, and the exchange.
 *
 * The ledger (docs/requirements/points.md#points-ledger) is append-only: an entry has an amount (+/-), a reason code
 * with its parameters, a unique idempotency key and the balance after it (never below 0). The whole balance expires
 * POINTS_VALID_YEARS after the member's last acquisition (an `expired` entry); a deactivation or the end of the
 * tenant's contract writes a `voided` entry.
 */

/** Points are valid this many years from the member's last acquisition (the terms). */
export const POINTS_VALID_YEARS = 3;
/** Days before the expiry a member is told (mail and push `pointsExpiring`). */
export const POINTS_EXPIRY_NOTICE_DAYS = [30, 7] as const;
/** A single award, spend or adjustment is at most this many points. */
export const POINTS_AMOUNT_MAX = 1_000_000;
/** Stamps per card; each full card gives STAMP_CARD_BONUS points once. */
export const STAMP_CARD_SIZE = 10;
export const STAMP_CARD_BONUS = 500;
/** Entries per page of getPoints. */
export const POINT_ENTRIES_PAGE = 30;

/**
 * Why an entry was written. Its parameters (`params`) are named per reason:
 * - `mission` {missionID, month}: a mission completed (`label` names the mission);
 * - `stampCard` {card}: the bonus of the card-th full card of STAMP_CARD_SIZE stamps;
 * - `quiz` {questionID, day}: a right answer to the day's question;
 * - `exchange` {applicationID, rewardID}: points taken by an application (negative);
 * - `exchangeCancelled` {applicationID, rewardID}: the office cancelled the application; its points come back;
 * - `expired` {lastAcquiredOn}: the whole balance expired (negative);
 * - `voided` {cause: 'deactivated' | 'contractEnded'}: use suspended or the service ended (negative);
 * - `adjustment` {note}: an owner's correction, audited.
 */
export const POINT_REASONS = ['mission', 'stampCard', 'quiz', 'exchange', 'exchangeCancelled', 'expired', 'voided', 'adjustment'] as const;
export type PointReason = (typeof POINT_REASONS)[number];

export const pointEntrySchema = z.object({
  id: z.number().int(),
  /** Epoch ms. */
  at: z.number().int(),
  amount: z.number().int(),
  reason: z.enum(POINT_REASONS),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The reason in the caller's language with its parameters filled in (e.g. "Mission: Walk 8,000 steps on 10 days"). */
  label: z.string(),
  balanceAfter: z.number().int(),
});
export type PointEntry = z.infer<typeof pointEntrySchema>;

export const getPoints = defineFunction({
  name: 'getPoints',
  auth: 'required',
  summary:
    "The caller's balance, the Tokyo day it expires (null at 0), and the ledger's entries newest first, POINT_ENTRIES_PAGE at a time (cursor: the last entry id of the previous page).",
  payload: z.object({ cursor: id.optional() }),
  response: z.object({
    balance: z.number().int(),
    /** YYYY-MM-DD (Tokyo): the whole balance expires at the start of this day unless the member earns again before it. */
    expiresOn: z.string().nullable(),
    entries: z.array(pointEntrySchema),
    nextCursor: z.number().int().nullable(),
  }),
});

/* ------------------------------------------------------------------ missions */

/**
 * The checkers a mission is built from, over data the product already has (docs/requirements/points.md#points-missions):
 * - `steps`: steps of at least `minSteps` (the day's figure as the programs count it) on `target` days of the month;
 * - `weightLog`: weight logged on `target` days; `lifestyleLog`: the lifestyle log written on `target` days;
 * - `articlesRead`: `target` different library articles read (opened by the member) in the month;
 * - `eventAttended`: checked in at `target` events in the month;
 * - `surveyAnswered`: `target` surveys answered in the month;
 * - `quizAnswered`: the daily quiz answered on `target` days of the month;
 * - `programEntered`: `target` programs (Team Walk or challenges) entered in the month.
 */
export const MISSION_KINDS = [
  'steps',
  'weightLog',
  'lifestyleLog',
  'articlesRead',
  'eventAttended',
  'surveyAnswered',
  'quizAnswered',
  'programEntered',
] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

/** A month, YYYY-MM. */
export const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'msg:monthInvalid' });

export const missionSchema = z.object({
  id: z.number().int(),
  /** In the caller's language (English falls back to Japanese). */
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(MISSION_KINDS),
  /** `steps` only: the day's minimum. */
  minSteps: z.number().int().nullable(),
  points: z.number().int(),
  progress: z.number().int(),
  target: z.number().int(),
  completed: z.boolean(),
  completedAt: z.number().int().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

export const getMissions = defineFunction({
  name: 'getMissions',
  auth: 'required',
  summary:
    "The published missions of a month (default: this Tokyo month) with the caller's progress, and the caller's stamp card: stamps so far (one per completed mission, all months), the card size and its bonus.",
  payload: z.object({ month: monthField.optional() }),
  response: z.object({
    month: z.string(),
    missions: z.array(missionSchema),
    /** All stamps the member has; the current card shows `stamps % cardSize` of `cardSize`. */
    stamps: z.number().int(),
    cardSize: z.number().int(),
    cardBonus: z.number().int(),
    /** Full cards so far (each gave its bonus once). */
    cardsCompleted: z.number().int(),
  }),
});

/* ------------------------------------------------------------------ the daily quiz */

export const QUIZ_GENRES = ['exercise', 'nutrition', 'sleep', 'mental', 'prevention'] as const;
export type QuizGenre = (typeof QUIZ_GENRES)[number];
export const QUIZ_CHOICES_MIN = 2;
export const QUIZ_CHOICES_MAX = 4;

export const quizAnswerResultSchema = z.object({
  choice: z.number().int(),
  correct: z.boolean(),
  correctChoice: z.number().int(),
  explanation: z.string(),
  /** The library article the explanation links, if any. */
  article: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Points earned (0 for a wrong answer). */
  points: z.number().int(),
});
export type QuizAnswerResult = z.infer<typeof quizAnswerResultSchema>;

export const getTodayQuiz = defineFunction({
  name: 'getTodayQuiz',
  auth: 'required',
  summary:
    "Today's question (Tokyo day) of the running quiz round, the same for everyone, with the caller's answer once given; null when no round runs or today has no question.",
  payload: z.object({}),
  response: z.object({
    quiz: z
      .object({
        questionID: z.number().int(),
        day: z.string(),
        roundName: z.string(),
        genre: z.enum(QUIZ_GENRES),
        question: z.string(),
        choices: z.array(z.string()),
        /** Points a right answer earns. */
        points: z.number().int(),
        answer: quizAnswerResultSchema.nullable(),
      })
      .nullable(),
  }),
});

export const answerQuiz = defineFunction({
  name: 'answerQuiz',
  auth: 'required',
  summary: "Answers today's question once (choice: 0-based). A right answer earns the round's points at once.",
  payload: z.object({
    questionID: id,
    choice: z
      .number()
      .int()
      .min(0)
      .max(QUIZ_CHOICES_MAX - 1),
  }),
  response: quizAnswerResultSchema,
  /** notFound: not today's question; alreadyAnswered: the caller answered it before (nothing changes); choiceInvalid: no such choice. */
  errorCodes: ['notFound', 'alreadyAnswered', 'choiceInvalid'],
});

/* ------------------------------------------------------------------ the exchange */

export const REWARD_KINDS = ['physical', 'digital'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const APPLICATION_STATUSES = ['applied', 'shipped', 'cancelled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The 47 prefectures in JIS X 0401 order (code = index + 1). */
export const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県',
  '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県',
  '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県',
  '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const; // prettier-ignore

/** Full-width digits and hyphen-likes to ASCII (what a Japanese IME types). */
export function toHalfWidthDigits(text: string): string {
  return text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[－ー―‐−‑–—]/g, '-');
}

/** A postal code: 7 digits, with or without the hyphen, full-width accepted; normalised to `123-4567`. */
export const postalCode = z
  .string()
  .max(20, { error: 'msg:postalCodeInvalid' })
  .transform((v) => toHalfWidthDigits(v.trim()))
  .refine((v) => /^\d{3}-?\d{4}$/.test(v), { error: 'msg:postalCodeInvalid' })
  .transform((v) => v.replace('-', '').replace(/^(\d{3})(\d{4})$/, '$1-$2'));

/** A Japanese phone number: 10 or 11 digits starting with 0, hyphens allowed, full-width accepted; normalised to digits. */
export const phoneNumber = z
  .string()
  .max(30, { error: 'msg:phoneInvalid' })
  .transform((v) => toHalfWidthDigits(v.trim()))
  .refine((v) => /^0[\d-]+$/.test(v) && /^\d{10,11}$/.test(v.replace(/-/g, '')) && !/--/.test(v), { error: 'msg:phoneInvalid' })
  .transform((v) => v.replace(/-/g, ''));

export const ADDRESS_LINE_MAX = 100;
export const ADDRESS_NAME_MAX = 60;

export const shippingAddressSchema = z.object({
  postalCode,
  /** 1..47 (PREFECTURES). */
  prefecture: z.number().int().min(1, { error: 'msg:prefectureInvalid' }).max(47, { error: 'msg:prefectureInvalid' }),
  /** City, town and street number. */
  line1: singleLineText(ADDRESS_LINE_MAX).pipe(z.string().min(1, { error: 'msg:addressLineRequired' })),
  /** Building and room; optional. */
  line2: singleLineText(ADDRESS_LINE_MAX).optional(),
  name: singleLineText(ADDRESS_NAME_MAX).pipe(z.string().min(1, { error: 'msg:addressNameRequired' })),
  phone: phoneNumber,
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/**
 * When an application is delivered, by the FAQ's rule in Tokyo time: applied on the 1st to the 15th, mid next month;
 * the 16th to the month's end, late next month (`month`: the delivery month, YYYY-MM).
 */
export const estimateSchema = z.object({ month: z.string(), part: z.enum(['mid', 'late']) });
export type DeliveryEstimate = z.infer<typeof estimateSchema>;

/** The FAQ's rule for an application at `atMs` (epoch ms), in Tokyo time. */
export function deliveryEstimate(atMs: number): DeliveryEstimate {
  const tokyo = new Date(atMs + 9 * 3_600_000);
  const day = tokyo.getUTCDate();
  const next = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, 1));
  const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, part: day <= 15 ? 'mid' : 'late' };
}

export const rewardSchema = z.object({
  rewardID: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  kind: z.enum(REWARD_KINDS),
  /** The price now (a running campaign's price when it has one). */
  points: z.number().int(),
  /** The regular price, when a campaign lowers it; null otherwise. */
  regularPoints: z.number().int().nullable(),
  /** Left in stock. */
  stock: z.number().int(),
  /** Last Tokyo day it can be applied for; null: open-ended. */
  availableTo: z.string().nullable(),
  /** Set when it is offered by the running campaign. */
  campaignID: z.number().int().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const listRewards = defineFunction({
  name: 'listRewards',
  auth: 'required',
  summary:
    "The catalogue available today (Tokyo): published rewards within their dates, and the running campaign's own items and prices; with the caller's balance.",
  payload: z.object({}),
  response: z.object({
    rewards: z.array(rewardSchema),
    campaign: z.object({ campaignID: z.number().int(), name: z.string(), endDate: z.string() }).nullable(),
    balance: z.number().int(),
  }),
});

export const applyForReward = defineFunction({
  name: 'applyForReward',
  auth: 'required',
  summary:
    'Applies for a reward: the points are taken at once (an `exchange` entry) and one is taken from stock, in one transaction. A physical reward needs a shipping address in Japan; a digital one takes none.',
  payload: z.object({ rewardID: id, address: shippingAddressSchema.optional() }),
  response: z.object({ applicationID: z.number().int(), estimate: estimateSchema, points: z.number().int(), balance: z.number().int() }),
  /**
   * notFound: unknown or unpublished; notAvailable: outside its dates (or its campaign's); outOfStock; pointsShort: the
   * balance is less than the price; addressRequired: a physical reward without an address; addressNotAllowed: an address
   * for a digital one.
   */
  errorCodes: ['notFound', 'notAvailable', 'outOfStock', 'pointsShort', 'addressRequired', 'addressNotAllowed'],
});

export const myApplicationSchema = z.object({
  applicationID: z.number().int(),
  rewardName: z.string(),
  kind: z.enum(REWARD_KINDS),
  points: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  appliedAt: z.number().int(),
  estimate: estimateSchema,
  shippedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  /** Physical rewards until the address is deleted (90 days after shipping): prefecture and first line only. */
  shipTo: z.string().nullable(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

export const listMyApplications = defineFunction({
  name: 'listMyApplications',
  auth: 'required',
  summary: "The caller's applications, newest first, paged.",
  payload: z.object({
    offset: z.number().int().min(0).max(1_000_000).default(0),
    perPage: z.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ applications: z.array(myApplicationSchema), total: z.number().int() }),
});

export const pointsFunctions = [getPoints, getMissions, getTodayQuiz, answerQuiz, listRewards, applyForReward, listMyApplications] as const;

/** Reasons and parameters as the ledger stores them (the server writes only these). */
export const pointParamsSchemas = {
  mission: z.object({ missionID: id, month: z.string() }),
  stampCard: z.object({ card: id }),
  quiz: z.object({ questionID: id, day: calendarDay }),
  exchange: z.object({ applicationID: id, rewardID: id }),
  exchangeCancelled: z.object({ applicationID: id, rewardID: id }),
  expired: z.object({ lastAcquiredOn: calendarDay }),
  voided: z.object({ cause: z.enum(['deactivated', 'contractEnded']) }),
  adjustment: z.object({ note: z.string() }),
} satisfies Record<PointReason, z.ZodObject>;
