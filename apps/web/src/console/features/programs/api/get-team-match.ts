import { useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** One round with its settings, entrants, teams and formation seed (getConsoleTeamMatch). */
export function useTeamMatch(teamMatchID: number | null) {
  return useQuery({
    queryKey: programKeys.team(teamMatchID ?? 0),
    queryFn: async () => (await consoleCallOrThrow('getConsoleTeamMatch', { teamMatchID: teamMatchID ?? 0 })).teamMatch,
    enabled: teamMatchID !== null,
    staleTime: 0,
    retry: false,
  });
}
