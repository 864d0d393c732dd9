import { z } from 'zod';
import { calendarDay, defineFunction, id } from '../protocol.ts';
import { singleLineText } from '../text.ts';

/**
 * Programs on the member's side (issue 57, docs/requirements/programs.md#programs-members): Team Walk (`teamMatch`) and
 * individual walking challenges (`individualMatch`), run by the office from the console.
 *
 * One counting rule everywhere (docs/requirements/programs.md#programs-counting): a member's figure for a Tokyo day is
 * the one the app uploaded for that day (a second upload replaces it; two devices give the larger, never the sum); a
 * program counts `min(dailyCap, steps)`; today never counts; a day's figure is provisional until its grace window
 * closes (`graceDays` after the day, never later than 3 days after the end), then final: an upload after the window is
 * kept but changes nothing in the program.
 */

export const PROGRAM_KINDS = ['teamMatch', 'individualMatch'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

/**
 * - `upcoming`: before the entry window;
 * - `entryOpen`: entry window open, not started;
 * - `running`: between the start and end dates (entry may still be open);
 * - `provisional`: ended, some day's grace window still open;
 * - `final`: every window closed; standings and averages no longer move.
 */
export const PROGRAM_STATUSES = ['upcoming', 'entryOpen', 'running', 'provisional', 'final'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/** Defaults and bounds shared by both kinds (the console's form shows them). */
export const PROGRAM_DAILY_CAP_DEFAULT = 30_000;
export const PROGRAM_DAILY_CAP_MIN = 1_000;
export const PROGRAM_DAILY_CAP_MAX = 100_000;
export const PROGRAM_GRACE_DAYS_DEFAULT = 7;
export const PROGRAM_GRACE_DAYS_MAX = 14;
/** The last days' windows close at most this many days after the end date. */
export const PROGRAM_GRACE_AFTER_END_MAX = 3;
export const TEAM_MIN_SIZE = 7;
export const TEAM_MAX_SIZE = 100;
export const TEAM_NAME_MAX = 40;
/** A self-formed team's code: 8 characters of Crockford base 32 (no I, L, O, U), upper case. */
export const TEAM_CODE_LENGTH = 8;
export const INDIVIDUAL_THRESHOLD_DEFAULT = 8_000;
/** A 28-day median at least this large makes "over three times the median" a flag. */
export const FLAG_MEDIAN_MIN = 1_000;
export const FLAG_MEDIAN_FACTOR = 3;

/** A Tokyo calendar day, YYYY-MM-DD, that exists: the protocol's calendarDay. */
export const tokyoDay = calendarDay;

export const programSummarySchema = z.object({
  kind: z.enum(PROGRAM_KINDS),
  id: z.number().int(),
  /** In the caller's language (English falls back to Japanese). */
  name: z.string(),
  entryFrom: z.string(),
  entryTo: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PROGRAM_STATUSES),
  entered: z.boolean(),
  dailyCap: z.number().int(),
  graceDays: z.number().int(),
  /** The day the last grace window closes (results final from the start of the next Tokyo day). */
  finalFrom: z.string(),
  /** Individual challenges only. */
  thresholdSteps: z.number().int().optional(),
  /** Team Walk only. */
  formationMode: z.enum(['department', 'selfFormed', 'balanced']).optional(),
  minTeamSize: z.number().int().optional(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const listPrograms = defineFunction({
  name: 'listPrograms',
  auth: 'required',
  summary:
    "Programs the caller's tenant takes part in (Team Walk needs the contract's team matches), running and upcoming first, then the last year's ended ones, with whether the caller entered.",
  payload: z.object({}),
  response: z.object({ programs: z.array(programSummarySchema) }),
});

/**
 * How a day stands for the caller in a program:
 * `final` and `provisional` count (`counted` = min(cap, steps)); `missing`: no upload (counts 0 for a team, is left out of
 * an individual average's days counted only when the window closed without one); `underReview`: flagged, counted until an
 * editor decides; `excluded`: an editor excluded it from this program.
 */
export const PROGRAM_DAY_STATES = ['final', 'provisional', 'missing', 'underReview', 'excluded'] as const;
export const programDaySchema = z.object({
  day: z.string(),
  /** The uploaded figure the program holds for the day; null when none arrived in the window. */
  steps: z.number().int().nullable(),
  counted: z.number().int(),
  state: z.enum(PROGRAM_DAY_STATES),
});
export type ProgramDay = z.infer<typeof programDaySchema>;

export const enterTeamMatch = defineFunction({
  name: 'enterTeamMatch',
  auth: 'required',
  summary:
    'Enters a Team Walk during its entry window. selfFormed: give `newTeamName` to create a team (its code comes back to share) or `teamCode` to join one; other modes take neither. If the teams were already formed, the entrant joins one of their department (department) or the smallest (balanced) at once.',
  payload: z.object({
    teamMatchID: id,
    teamCode: z.string().trim().toUpperCase().max(20).optional(),
    newTeamName: singleLineText(TEAM_NAME_MAX).optional(),
  }),
  response: z.object({ teamCode: z.string().nullable() }),
  /** notFound: unknown, or the caller's tenant does not take part; teamChoiceInvalid: a code or name where the mode takes none, both, or neither in selfFormed. */
  errorCodes: ['notFound', 'entryClosed', 'alreadyEntered', 'teamCodeUnknown', 'teamChoiceInvalid'],
});

export const teamStandingSchema = z.object({
  teamID: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
  /** Average counted steps per enrolled member per day over the finished days so far. */
  score: z.number().int(),
  rank: z.number().int(),
  leagueRank: z.number().int(),
  mine: z.boolean(),
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

export const getTeamMatch = defineFunction({
  name: 'getTeamMatch',
  auth: 'required',
  summary:
    "One Team Walk for a member: the program, the caller's team (nicknames only) and code, the caller's league standings, rank history and best ranks, and the caller's own counted days.",
  payload: z.object({ teamMatchID: id }),
  response: z.object({
    program: programSummarySchema,
    /** Null before the caller's team exists (not entered, or waiting for formation). */
    team: z
      .object({
        id: z.number().int(),
        name: z.string(),
        /** selfFormed only. */
        code: z.string().nullable(),
        members: z.array(z.object({ nickname: z.string(), me: z.boolean() })),
      })
      .nullable(),
    league: z.string().nullable(),
    leagueTeams: z.number().int(),
    totalTeams: z.number().int(),
    /** True once every day's window closed. */
    final: z.boolean(),
    /** The last day the standings include; null before the first day finished. */
    throughDay: z.string().nullable(),
    standings: z.array(teamStandingSchema),
    rankHistory: z.array(z.object({ day: z.string(), rank: z.number().int(), leagueRank: z.number().int(), score: z.number().int() })),
    bestRank: z.number().int().nullable(),
    bestLeagueRank: z.number().int().nullable(),
    myDays: z.array(programDaySchema),
  }),
  errorCodes: ['notFound'],
});

export const getIndividualMatch = defineFunction({
  name: 'getIndividualMatch',
  auth: 'required',
  summary:
    "One individual challenge for a member: the caller's counted average, days counted and left, whether eligible, and the verifiable draw (the commitment sha256(seed) before it; the published entry numbers, the seed and the winners after it).",
  payload: z.object({ individualMatchID: id }),
  response: z.object({
    program: programSummarySchema,
    entered: z.boolean(),
    /** Average of counted steps over the finished days so far (missing days count 0). */
    averageSteps: z.number().int(),
    daysCounted: z.number().int(),
    daysTotal: z.number().int(),
    daysLeft: z.number().int(),
    eligible: z.boolean(),
    final: z.boolean(),
    myDays: z.array(programDaySchema),
    prizes: z.array(z.object({ name: z.string(), winners: z.number().int() })),
    draw: z.object({
      /** Hex sha256 of the seed, shown from the commitment on. */
      commitment: z.string().nullable(),
      committedAt: z.number().int().nullable(),
      drawnAt: z.number().int().nullable(),
      /** Hex seed, shown after the draw. */
      seed: z.string().nullable(),
      /** The eligible entries' anonymous numbers, fixed at the draw. */
      entryNumbers: z.array(z.number().int()).nullable(),
      myEntryNumber: z.number().int().nullable(),
      winners: z.array(z.object({ entryNumber: z.number().int(), prizeIndex: z.number().int() })).nullable(),
      /** The prize the caller won, in the caller's language. */
      won: z.string().nullable(),
    }),
  }),
  errorCodes: ['notFound'],
});

export const programFunctions = [listPrograms, enterTeamMatch, getTeamMatch, getIndividualMatch] as const;
