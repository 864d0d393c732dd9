import type { ConsoleIndividualMatch, ConsoleTeamMatch, StepFlag, TeamMatchListItem } from '@hibi/contract/console/programs';
import type { Me } from '../../lib/me.ts';

/** The signed-in operator as useMe answers it, for the component tests. */
export const meAs = (role: 'owner' | 'editor' | 'support') =>
  ({ operator: { id: 1, role, email: `${role}@example.com`, displayName: role, tenantId: null } }) as unknown as Me;

/** A round as listTeamMatches lists it. */
export const teamRowOf = (over: Partial<TeamMatchListItem> = {}): TeamMatchListItem => ({
  teamMatchID: 4,
  name: { ja: '春のチームウォーク', en: 'Spring Team Walk' },
  status: 'entryOpen',
  entryFrom: '2027-03-01',
  entryTo: '2027-03-31',
  startDate: '2027-04-01',
  endDate: '2027-04-30',
  formationMode: 'balanced',
  tenants: 2,
  entrants: 140,
  teams: 0,
  formedAt: null,
  ...over,
});

/** A round as getConsoleTeamMatch answers it. */
export const teamMatchOf = (over: Partial<ConsoleTeamMatch> = {}): ConsoleTeamMatch => ({
  ...teamRowOf(),
  tenantIDs: [1, 2],
  minTeamSize: 7,
  teamsPerLeague: 10,
  dailyCap: 30_000,
  graceDays: 7,
  formationSeed: null,
  leagues: [],
  finalFrom: '2027-05-03',
  resultsNotifiedAt: null,
  updatedAt: Date.UTC(2027, 1, 1),
  updatedBy: 'Editor',
  ...over,
});

/** Tenants as listSurveyTenants answers them. */
export const tenantsAnswer = {
  succeed: true,
  tenants: [
    { id: 1, name: { ja: '丸の内ホールディングス', en: 'Marunouchi Holdings' }, corporateContract: true },
    { id: 2, name: { ja: '日々商事', en: 'Hibi Trading' }, corporateContract: true },
    { id: 3, name: { ja: 'ライト株式会社', en: 'Lite Inc.' }, corporateContract: false },
  ],
};

/** A challenge as getConsoleIndividualMatch answers it. */
export const individualMatchOf = (over: Partial<ConsoleIndividualMatch> = {}): ConsoleIndividualMatch => ({
  individualMatchID: 6,
  name: { ja: '秋のウォーキングチャレンジ', en: 'Autumn walking challenge' },
  status: 'running',
  entryFrom: '2027-09-01',
  entryTo: '2027-09-30',
  startDate: '2027-10-01',
  endDate: '2027-10-31',
  thresholdSteps: 8_000,
  entrants: 320,
  committedAt: null,
  drawnAt: null,
  tenantIDs: [],
  dailyCap: 30_000,
  graceDays: 7,
  prizes: [
    { name: { ja: 'ギフトカード', en: 'Gift card' }, winners: 3 },
    { name: { ja: 'タオル', en: 'Towel' }, winners: 10 },
  ],
  finalFrom: '2027-11-03',
  eligible: 120,
  commitment: null,
  seed: null,
  entryNumbers: null,
  winners: null,
  updatedAt: Date.UTC(2027, 7, 1),
  updatedBy: 'Editor',
  ...over,
});

/** An unusual day as listStepFlags lists it. */
export const flagOf = (over: Partial<StepFlag> = {}): StepFlag => ({
  flagID: 11,
  programKind: 'teamMatch',
  programID: 4,
  programName: { ja: '春のチームウォーク', en: 'Spring Team Walk' },
  nickname: 'たろう',
  tenantName: '丸の内ホールディングス',
  day: '2027-04-12',
  steps: 42_000,
  reason: 'overMedian',
  median: 6_500,
  state: 'open',
  reviewedBy: null,
  reviewedAt: null,
  ...over,
});
