// Functions of the health domain: the calls the companion mobile app sends data through, and the reads behind
// the home charts and the lifestyle report (docs/requirements/health.md#health-data, docs/requirements/health.md#health-calls). Days are calendar days in Asia/Tokyo;
// a day's dateTime is its midnight in Asia/Tokyo as epoch ms. Ratings: 1 = the healthy answer, 2 = the unhealthy one.
import { z } from 'zod';
import { defineFunction } from '../protocol.ts';

/** 2000-01-01 00:00 in Asia/Tokyo: nothing earlier is accepted. */
export const HEALTH_DATE_MIN_MS = Date.UTC(1999, 11, 31, 15);
/** Far-future bound for the schema; "not after today" is checked by the server (errorCode futureDate). */
const DATE_MAX_MS = Date.UTC(2100, 0, 1);
export const HEALTH_LIMITS = {
  stepsMax: 100_000,
  weightMin: 20,
  weightMax: 300,
  bodyFatMin: 1,
  bodyFatMax: 75,
  heightMin: 100,
  heightMax: 250,
  noteMax: 500,
  uploadItemsMax: 400,
  rangeDaysMax: 92,
} as const;

const dateTime = z.number().int().min(HEALTH_DATE_MIN_MS).max(DATE_MAX_MS);
const steps = z.number().int().min(0).max(HEALTH_LIMITS.stepsMax);
/** 0 means "not measured" (docs/requirements/health.md#health-report-charts: a weight of 0 is treated as missing). */
const weightIn = z.union([z.literal(0), z.number().min(HEALTH_LIMITS.weightMin).max(HEALTH_LIMITS.weightMax)]);
const bodyFatIn = z.union([z.literal(0), z.number().min(HEALTH_LIMITS.bodyFatMin).max(HEALTH_LIMITS.bodyFatMax)]);
const rating = z.union([z.literal(1), z.literal(2)]);
const deviceFields = {
  osType: z.string().trim().min(1).max(20),
  osVersion: z.string().trim().min(1).max(40),
  appVersion: z.string().trim().min(1).max(40),
  /**
   * The device or data source (e.g. HealthKit on one phone); a day re-sent by the same source replaces it. Steps the
   * member typed in by hand come under MANUAL_STEPS_SOURCE: a program flags a day held from them for the office's review
   * (docs/requirements/programs.md#programs-flags).
   */
  source: z.string().trim().min(1).max(100),
};
/** The source name of steps entered by hand in the app (compared without regard to case). */
export const MANUAL_STEPS_SOURCE = 'manual';

export const RATING_KEYS = ['exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling'] as const;
export type RatingKey = (typeof RATING_KEYS)[number];
export const SCORE_CATEGORIES = ['exercise', 'meal', 'drinking', 'sleep', 'stress'] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];

export const uploadHealthData = defineFunction({
  name: 'uploadHealthData',
  auth: 'required',
  summary:
    'Stage daily steps, weight and body fat from one device (source). Nothing is visible until notifyHealthDataFixed; ' +
    'staging the same day again replaces the staged item.',
  payload: z.object({
    healthData: z
      .array(
        z.object({
          dateTime,
          steps: steps.optional(),
          weight: weightIn.optional(),
          bodyFatPercentage: bodyFatIn.optional(),
        }),
      )
      .min(1)
      .max(HEALTH_LIMITS.uploadItemsMax),
    ...deviceFields,
  }),
  response: z.object({ stagedCount: z.number().int() }),
  errorCodes: ['futureDate', 'duplicateDate'],
});

export const notifyHealthDataFixed = defineFunction({
  name: 'notifyHealthDataFixed',
  auth: 'required',
  summary:
    'Apply what the source staged: its steps for a day replace its earlier ones, and the day keeps the largest count any ' +
    "source reported; weight and body fat replace the day's values. Idempotent.",
  payload: z.object({ ...deviceFields }),
  response: z.object({ appliedDays: z.number().int() }),
});

export const recordHealthData = defineFunction({
  name: 'recordHealthData',
  auth: 'required',
  summary: "Record the day's self-check: the seven ratings (1 or 2), optional weight, body fat and note. Replaces that day.",
  payload: z.object({
    dateTime,
    weight: weightIn.nullable().optional(),
    bodyFatPercentage: bodyFatIn.nullable().optional(),
    exercise: rating,
    breakfast: rating,
    nightMeal: rating,
    overeating: rating,
    overdrinking: rating,
    sleepness: rating,
    feeling: rating,
    note: z.string().max(HEALTH_LIMITS.noteMax).optional(),
  }),
  response: z.object({ dateTime: z.number().int(), score: z.number() }),
  errorCodes: ['futureDate'],
});

export const registerTargetWeight = defineFunction({
  name: 'registerTargetWeight',
  auth: 'required',
  summary:
    'Set the target weight. Refused when the current BMI is under 18.5 or the target BMI would be under 18.5; ' +
    'answers the ideal weight (BMI 22) and the months needed at no more than 2 kg a month.',
  payload: z.object({
    targetWeight: z.number().min(HEALTH_LIMITS.weightMin).max(HEALTH_LIMITS.weightMax),
    currentHeight: z.number().min(HEALTH_LIMITS.heightMin).max(HEALTH_LIMITS.heightMax),
    currentWeight: z.number().min(HEALTH_LIMITS.weightMin).max(HEALTH_LIMITS.weightMax),
  }),
  response: z.object({
    targetWeight: z.number(),
    idealWeight: z.number(),
    currentBMI: z.number(),
    targetBMI: z.number(),
    monthlyLossLimit: z.number(),
    monthsNeeded: z.number().int(),
  }),
  errorCodes: ['underweight', 'targetBelowHealthyBMI'],
});

const stepStatisticsSchema = z.object({ rank: z.number().int(), maxRank: z.number().int() });
const healthDayFields = {
  dateTime: z.number().int(),
  weight: z.number().nullable().optional(),
  bodyFatPercentage: z.number().nullable().optional(),
  BMI: z.number().nullable().optional(),
  score: z.number().nullable().optional(),
  comparisonScore: z.number().nullable().optional(),
  exercise: z.number().int().nullable().optional(),
  breakfast: z.number().int().nullable().optional(),
  nightMeal: z.number().int().nullable().optional(),
  overeating: z.number().int().nullable().optional(),
  overdrinking: z.number().int().nullable().optional(),
  sleepness: z.number().int().nullable().optional(),
  feeling: z.number().int().nullable().optional(),
  note: z.string().nullable().optional(),
};

export const getHealthDataByRange = defineFunction({
  name: 'getHealthDataByRange',
  auth: 'required',
  summary:
    "The caller's own steps and health logs for the days from fromDateTime to toDateTime (Asia/Tokyo, at most 92 days), " +
    'with the weekly average (rounded mean of the days with steps) and rank among the tenant for each Monday week touched.',
  payload: z.object({
    fromDateTime: dateTime,
    toDateTime: dateTime,
    needsWeeklyAverage: z.boolean().optional(),
    needsStepStatistics: z.boolean().optional(),
    needsDailyScore: z.boolean().optional(),
    needsInterview: z.boolean().optional(),
    needsWeight: z.boolean().optional(),
    needsBMI: z.boolean().optional(),
    needsBodyFatPercentage: z.boolean().optional(),
  }),
  response: z.object({
    stepsData: z.array(z.object({ dateTime: z.number().int(), steps: z.number().int() })),
    healthData: z.array(z.object(healthDayFields)),
    weeklyStepsData: z.array(
      z.object({
        fromDateTime: z.number().int(),
        toDateTime: z.number().int(),
        steps: z.number().int().nullable(),
        stepStatistics: stepStatisticsSchema.nullable().optional(),
      }),
    ),
    targetWeight: z.object({ weight: z.number() }).nullable(),
    height: z.number().nullable(),
  }),
  errorCodes: ['invalidRange', 'rangeTooLong'],
});

export const getHealthLogInputStatus = defineFunction({
  name: 'getHealthLogInputStatus',
  auth: 'required',
  summary: 'How many days in a row up to today (or up to yesterday when today is not yet logged) the caller has logged.',
  payload: z.object({}),
  response: z.object({ continuousDays: z.number().int(), loggedToday: z.boolean() }),
});

const categoryValues = {
  exercise: z.number().nullable(),
  meal: z.number().nullable(),
  drinking: z.number().nullable(),
  sleep: z.number().nullable(),
  stress: z.number().nullable(),
};

/** First month the lifestyle report offers (docs/requirements/health.md#health-report). */
export const REPORT_FIRST_MONTH = { year: 2021, month: 12 } as const;

export const getHealthLogStats = defineFunction({
  name: 'getHealthLogStats',
  auth: 'required',
  summary:
    'The lifestyle report of the month starting at fromDateTime (Asia/Tokyo): 4 monthly score rows ending at that month, ' +
    "category averages, the 10-bucket histogram of the tenant's monthly scores (highest first) with the caller's position, " +
    'and the input rate.',
  payload: z.object({ fromDateTime: dateTime }),
  response: z.object({
    month: z.string(),
    scoreData: z.array(
      z.object({
        month: z.string(),
        fromDateTime: z.number().int(),
        score: z.number().nullable(),
        weight: z.number().nullable(),
        steps: z.number().int().nullable(),
        ...categoryValues,
      }),
    ),
    average: z.object({ score: z.number().nullable(), ...categoryValues }),
    histogram: z.object({
      buckets: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
      userCount: z.number().int(),
      userBucketIndex: z.number().int().nullable(),
      peerPosition: z.number().nullable(),
      /** True when fewer than MIN_PEER_GROUP colleagues have a score: buckets are empty, so no colleague's score shows. */
      withheld: z.boolean(),
    }),
    inputRate: z.number(),
    inputDays: z.number().int(),
    daysInMonth: z.number().int(),
  }),
  errorCodes: ['invalidMonth'],
});

export type HealthDay = z.infer<(typeof getHealthDataByRange)['response']>['healthData'][number];

export const healthFunctions = [
  uploadHealthData,
  notifyHealthDataFixed,
  recordHealthData,
  registerTargetWeight,
  getHealthDataByRange,
  getHealthLogInputStatus,
  getHealthLogStats,
] as const;
