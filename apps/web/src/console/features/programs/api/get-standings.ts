import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys, type StandingsParams } from './keys.ts';

/** A round's standings, overall or of one league, best first, paged; provisional until final (getTeamMatchStandings). */
export function useStandings(params: StandingsParams, enabled = true) {
  return useQuery({
    queryKey: programKeys.standings(params),
    queryFn: () => consoleCallOrThrow('getTeamMatchStandings', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
