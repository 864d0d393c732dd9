import type { ConsolePayload } from '../../../lib/types.ts';

export type TeamMatchListParams = ConsolePayload<'listTeamMatches'>;
export type StandingsParams = ConsolePayload<'getTeamMatchStandings'>;
export type IndividualMatchListParams = ConsolePayload<'listIndividualMatches'>;
export type StepFlagListParams = ConsolePayload<'listStepFlags'>;

/** Query keys of the programs' console pages (issue 57, docs/requirements/programs.md#programs-members), in one place. */
export const programKeys = {
  all: ['console', 'programs'] as const,
  teamLists: ['console', 'programs', 'team', 'list'] as const,
  teamList: (params: TeamMatchListParams) => ['console', 'programs', 'team', 'list', params] as const,
  team: (teamMatchID: number) => ['console', 'programs', 'team', 'item', teamMatchID] as const,
  standingsOf: (teamMatchID: number) => ['console', 'programs', 'team', 'standings', teamMatchID] as const,
  standings: (params: StandingsParams) => ['console', 'programs', 'team', 'standings', params.teamMatchID, params] as const,
  individualLists: ['console', 'programs', 'individual', 'list'] as const,
  individualList: (params: IndividualMatchListParams) => ['console', 'programs', 'individual', 'list', params] as const,
  individual: (individualMatchID: number) => ['console', 'programs', 'individual', 'item', individualMatchID] as const,
  flagLists: ['console', 'programs', 'flags'] as const,
  flagList: (params: StepFlagListParams) => ['console', 'programs', 'flags', params] as const,
  tenants: ['console', 'programs', 'tenants'] as const,
  tenantFlags: ['console', 'programs', 'tenant-flags'] as const,
};
