import { z } from 'zod';
import {
  INDIVIDUAL_THRESHOLD_DEFAULT,
  PROGRAM_DAILY_CAP_DEFAULT,
  PROGRAM_DAILY_CAP_MAX,
  PROGRAM_DAILY_CAP_MIN,
  PROGRAM_GRACE_DAYS_DEFAULT,
  PROGRAM_GRACE_DAYS_MAX,
  PROGRAM_KINDS,
  PROGRAM_STATUSES,
  TEAM_MAX_SIZE,
  TEAM_MIN_SIZE,
  tokyoDay,
} from '../functions/programs.ts';
import { LABEL_MAX, TITLE_MAX, consoleId, defineConsoleFunction, localizedTitle } from './protocol.ts';

/**
 * Programs run by the office (issue 57, docs/requirements/programs.md#programs-members): Team Walk rounds and individual
 * challenges with a verifiable draw, and the review of unusual step days. Owners and editors write; support reads;
 * company operators have no access.
 */

export const FORMATION_MODES = ['department', 'selfFormed', 'balanced'] as const;
export type FormationMode = (typeof FORMATION_MODES)[number];
export const TEAMS_PER_LEAGUE_DEFAULT = 10;
export const PRIZES_MAX = 10;
export const PRIZE_WINNERS_MAX = 1_000;

const localizedOut = z.object({ ja: z.string(), en: z.string().nullable() });
const page = {
  offset: z.number().int().min(0).max(1_000_000).default(0),
  perPage: z.number().int().min(1).max(100).default(20),
};

const programDates = {
  entryFrom: tokyoDay,
  entryTo: tokyoDay,
  startDate: tokyoDay,
  endDate: tokyoDay,
};
const programCounting = {
  dailyCap: z
    .number()
    .int()
    .min(PROGRAM_DAILY_CAP_MIN, { error: 'msg:dailyCapRange' })
    .max(PROGRAM_DAILY_CAP_MAX, { error: 'msg:dailyCapRange' })
    .default(PROGRAM_DAILY_CAP_DEFAULT),
  graceDays: z
    .number()
    .int()
    .min(0, { error: 'msg:graceDaysRange' })
    .max(PROGRAM_GRACE_DAYS_MAX, { error: 'msg:graceDaysRange' })
    .default(PROGRAM_GRACE_DAYS_DEFAULT),
};
const tenantIDs = z.array(consoleId).max(1000);

/*
 * Date rules both kinds share (server-checked, with these codes; nothing is written):
 * endBeforeStart: endDate < startDate; entryWindowInvalid: entryTo < entryFrom, entryFrom > startDate or entryTo > endDate.
 */

export const teamMatchInputSchema = z.object({
  /** Absent: a new round. */
  teamMatchID: consoleId.optional(),
  name: localizedTitle(TITLE_MAX),
  /** Tenants taking part; each must have team matches in its contract (`tenantWithoutTeamMatches`). At least one. */
  tenantIDs: tenantIDs.min(1, { error: 'msg:tenantsRequired' }),
  ...programDates,
  formationMode: z.enum(FORMATION_MODES),
  minTeamSize: z
    .number()
    .int()
    .min(TEAM_MIN_SIZE, { error: 'msg:teamSizeMin' })
    .max(TEAM_MAX_SIZE, { error: 'msg:teamSizeMax' })
    .default(TEAM_MIN_SIZE),
  teamsPerLeague: z
    .number()
    .int()
    .min(2, { error: 'msg:teamsPerLeagueRange' })
    .max(1000, { error: 'msg:teamsPerLeagueRange' })
    .default(TEAMS_PER_LEAGUE_DEFAULT),
  ...programCounting,
});
export type TeamMatchInput = z.output<typeof teamMatchInputSchema>;
export type TeamMatchFormValues = z.input<typeof teamMatchInputSchema>;

export const teamMatchListItemSchema = z.object({
  teamMatchID: z.number().int(),
  name: localizedOut,
  status: z.enum(PROGRAM_STATUSES),
  entryFrom: z.string(),
  entryTo: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  formationMode: z.enum(FORMATION_MODES),
  tenants: z.number().int(),
  entrants: z.number().int(),
  /** 0 until formed. */
  teams: z.number().int(),
  formedAt: z.number().int().nullable(),
});
export type TeamMatchListItem = z.infer<typeof teamMatchListItemSchema>;

export const consoleTeamMatchSchema = teamMatchListItemSchema.extend({
  tenantIDs: z.array(z.number().int()),
  minTeamSize: z.number().int(),
  teamsPerLeague: z.number().int(),
  dailyCap: z.number().int(),
  graceDays: z.number().int(),
  /** Hex; the formation can be recomputed from it and the entrants. Null until formed. */
  formationSeed: z.string().nullable(),
  leagues: z.array(z.string()),
  finalFrom: z.string(),
  resultsNotifiedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type ConsoleTeamMatch = z.infer<typeof consoleTeamMatchSchema>;

export const listTeamMatches = defineConsoleFunction({
  name: 'listTeamMatches',
  roles: ['owner', 'editor', 'support'],
  summary: 'Team Walk rounds, newest start first, paged, optionally of one status.',
  payload: z.object({ status: z.enum(PROGRAM_STATUSES).optional(), ...page }),
  response: z.object({ teamMatches: z.array(teamMatchListItemSchema), total: z.number().int() }),
});

export const getConsoleTeamMatch = defineConsoleFunction({
  name: 'getConsoleTeamMatch',
  roles: ['owner', 'editor', 'support'],
  summary: 'One Team Walk round with its settings, entrants, teams and formation seed.',
  payload: z.object({ teamMatchID: consoleId }),
  response: z.object({ teamMatch: consoleTeamMatchSchema }),
  errorCodes: ['notFound'],
});

export const saveTeamMatch = defineConsoleFunction({
  name: 'saveTeamMatch',
  roles: ['owner', 'editor'],
  summary:
    'Creates or edits a Team Walk round. Once teams are formed, only the names, the entry end, cap and grace may change (`alreadyFormed` otherwise); a final round cannot change.',
  payload: teamMatchInputSchema,
  response: z.object({ teamMatchID: z.number().int() }),
  errorCodes: ['notFound', 'endBeforeStart', 'entryWindowInvalid', 'tenantWithoutTeamMatches', 'alreadyFormed', 'alreadyFinal'],
  audited: true,
});

export const formTeams = defineConsoleFunction({
  name: 'formTeams',
  roles: ['owner', 'editor'],
  summary:
    'Forms the teams now (also run by itself on the start date): every entrant on exactly one team, none under the minimum size, leagues of similar prior average; deterministic from the recorded seed. Forming again before the start re-forms from a new seed; after the start it is refused.',
  payload: z.object({ teamMatchID: consoleId }),
  response: z.object({ teams: z.number().int(), entrants: z.number().int(), leagues: z.number().int(), seed: z.string() }),
  /** tooFewEntrants: fewer entrants than the minimum team size. */
  errorCodes: ['notFound', 'tooFewEntrants', 'alreadyStarted'],
  audited: true,
});

export const teamStandingRowSchema = z.object({
  teamID: z.number().int(),
  name: z.string(),
  tenantName: z.string().nullable(),
  league: z.string(),
  memberCount: z.number().int(),
  score: z.number().int(),
  rank: z.number().int(),
  leagueRank: z.number().int(),
});

export const getTeamMatchStandings = defineConsoleFunction({
  name: 'getTeamMatchStandings',
  roles: ['owner', 'editor', 'support'],
  summary: 'Standings of a round, overall or of one league, best first, paged; provisional until final.',
  payload: z.object({ teamMatchID: consoleId, league: z.string().max(LABEL_MAX).optional(), ...page }),
  response: z.object({
    final: z.boolean(),
    throughDay: z.string().nullable(),
    leagues: z.array(z.string()),
    standings: z.array(teamStandingRowSchema),
    total: z.number().int(),
  }),
  errorCodes: ['notFound'],
});

export const exportTeamMatchStandings = defineConsoleFunction({
  name: 'exportTeamMatchStandings',
  roles: ['owner', 'editor'],
  kind: 'csv',
  summary:
    "A round's standings as CSV (UTF-8 with BOM): rank, league rank, league, team, tenant, members, average steps; final or provisional in the file name.",
  payload: z.object({ teamMatchID: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const prizeInputSchema = z.object({
  name: localizedTitle(TITLE_MAX),
  winners: z.number().int().min(1, { error: 'msg:prizeWinnersRange' }).max(PRIZE_WINNERS_MAX, { error: 'msg:prizeWinnersRange' }),
});

export const individualMatchInputSchema = z.object({
  individualMatchID: consoleId.optional(),
  name: localizedTitle(TITLE_MAX),
  /** Empty: every tenant (a general challenge). */
  tenantIDs,
  ...programDates,
  thresholdSteps: z
    .number()
    .int()
    .min(PROGRAM_DAILY_CAP_MIN, { error: 'msg:thresholdRange' })
    .max(PROGRAM_DAILY_CAP_MAX, { error: 'msg:thresholdRange' })
    .default(INDIVIDUAL_THRESHOLD_DEFAULT),
  ...programCounting,
  prizes: z.array(prizeInputSchema).min(1, { error: 'msg:prizesRequired' }).max(PRIZES_MAX),
});
export type IndividualMatchInput = z.output<typeof individualMatchInputSchema>;
export type IndividualMatchFormValues = z.input<typeof individualMatchInputSchema>;

export const individualMatchListItemSchema = z.object({
  individualMatchID: z.number().int(),
  name: localizedOut,
  status: z.enum(PROGRAM_STATUSES),
  entryFrom: z.string(),
  entryTo: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  thresholdSteps: z.number().int(),
  entrants: z.number().int(),
  committedAt: z.number().int().nullable(),
  drawnAt: z.number().int().nullable(),
});
export type IndividualMatchListItem = z.infer<typeof individualMatchListItemSchema>;

export const consoleIndividualMatchSchema = individualMatchListItemSchema.extend({
  tenantIDs: z.array(z.number().int()),
  dailyCap: z.number().int(),
  graceDays: z.number().int(),
  prizes: z.array(z.object({ name: localizedOut, winners: z.number().int() })),
  finalFrom: z.string(),
  /** Entrants whose counted average reaches the threshold (provisional until final). */
  eligible: z.number().int(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  /** The eligible entries fixed at the draw, as their anonymous numbers. */
  entryNumbers: z.array(z.number().int()).nullable(),
  winners: z
    .array(z.object({ entryNumber: z.number().int(), prizeIndex: z.number().int(), nickname: z.string(), tenantName: z.string() }))
    .nullable(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type ConsoleIndividualMatch = z.infer<typeof consoleIndividualMatchSchema>;

export const listIndividualMatches = defineConsoleFunction({
  name: 'listIndividualMatches',
  roles: ['owner', 'editor', 'support'],
  summary: 'Individual challenges, newest start first, paged, optionally of one status.',
  payload: z.object({ status: z.enum(PROGRAM_STATUSES).optional(), ...page }),
  response: z.object({ individualMatches: z.array(individualMatchListItemSchema), total: z.number().int() }),
});

export const getConsoleIndividualMatch = defineConsoleFunction({
  name: 'getConsoleIndividualMatch',
  roles: ['owner', 'editor', 'support'],
  summary: 'One individual challenge with its settings, prizes, eligible count and the draw.',
  payload: z.object({ individualMatchID: consoleId }),
  response: z.object({ individualMatch: consoleIndividualMatchSchema }),
  errorCodes: ['notFound'],
});

export const saveIndividualMatch = defineConsoleFunction({
  name: 'saveIndividualMatch',
  roles: ['owner', 'editor'],
  summary: 'Creates or edits an individual challenge. After the draw is committed nothing but the names may change (`alreadyCommitted`).',
  payload: individualMatchInputSchema,
  response: z.object({ individualMatchID: z.number().int() }),
  errorCodes: ['notFound', 'endBeforeStart', 'entryWindowInvalid', 'alreadyCommitted'],
  audited: true,
});

export const commitDraw = defineConsoleFunction({
  name: 'commitDraw',
  roles: ['owner', 'editor'],
  summary: 'Draws a secret 32-byte seed and publishes sha256(seed) to members, before the draw.',
  payload: z.object({ individualMatchID: consoleId }),
  response: z.object({ commitment: z.string() }),
  errorCodes: ['notFound', 'alreadyCommitted'],
  audited: true,
});

export const runDraw = defineConsoleFunction({
  name: 'runDraw',
  roles: ['owner', 'editor'],
  summary:
    'On final results only: fixes the eligible entries as anonymous entry numbers (1..n in a shuffled order), orders them by HMAC-SHA256(seed, entryNumber) and takes winners in order per prize; publishes the list, the seed and the winners; tells winners by mail and push.',
  payload: z.object({ individualMatchID: consoleId }),
  response: z.object({
    seed: z.string(),
    entries: z.number().int(),
    winners: z.array(z.object({ entryNumber: z.number().int(), prizeIndex: z.number().int() })),
  }),
  errorCodes: ['notFound', 'notCommitted', 'notFinal', 'alreadyDrawn'],
  audited: true,
});

export const STEP_FLAG_REASONS = ['overCap', 'overMedian', 'manual'] as const;
export const STEP_FLAG_STATES = ['open', 'kept', 'excluded'] as const;

export const stepFlagSchema = z.object({
  flagID: z.number().int(),
  programKind: z.enum(PROGRAM_KINDS),
  programID: z.number().int(),
  programName: localizedOut,
  nickname: z.string(),
  tenantName: z.string(),
  day: z.string(),
  steps: z.number().int(),
  reason: z.enum(STEP_FLAG_REASONS),
  /** The member's 28-day median before the day (overMedian). */
  median: z.number().int().nullable(),
  state: z.enum(STEP_FLAG_STATES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.number().int().nullable(),
});
export type StepFlag = z.infer<typeof stepFlagSchema>;

export const listStepFlags = defineConsoleFunction({
  name: 'listStepFlags',
  roles: ['owner', 'editor', 'support'],
  summary: "Unusual step days in programs (over the cap, over three times the member's 28-day median, entered by hand), oldest open first, paged.",
  payload: z.object({
    state: z.enum(STEP_FLAG_STATES).optional(),
    programKind: z.enum(PROGRAM_KINDS).optional(),
    programID: consoleId.optional(),
    ...page,
  }),
  response: z.object({ flags: z.array(stepFlagSchema), total: z.number().int() }),
});

export const reviewStepFlag = defineConsoleFunction({
  name: 'reviewStepFlag',
  roles: ['owner', 'editor'],
  summary: 'Keeps a flagged day or excludes it from the program (the day then counts 0 there). Refused once the program is final.',
  payload: z.object({ flagID: consoleId, decision: z.enum(['keep', 'exclude']) }),
  response: z.object({ state: z.enum(STEP_FLAG_STATES) }),
  errorCodes: ['notFound', 'alreadyFinal'],
  audited: true,
});

export const consoleProgramFunctions = [
  listTeamMatches,
  getConsoleTeamMatch,
  saveTeamMatch,
  formTeams,
  getTeamMatchStandings,
  exportTeamMatchStandings,
  listIndividualMatches,
  getConsoleIndividualMatch,
  saveIndividualMatch,
  commitDraw,
  runDraw,
  listStepFlags,
  reviewStepFlag,
] as const;
