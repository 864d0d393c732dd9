import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys, type TeamMatchListParams } from './keys.ts';

/** Team Walk rounds, newest start first, optionally of one status, paged in SQL (listTeamMatches). */
export const teamMatchListQuery = (params: TeamMatchListParams) =>
  queryOptions({
    queryKey: programKeys.teamList(params),
    queryFn: () => consoleCallOrThrow('listTeamMatches', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useTeamMatchList(params: TeamMatchListParams) {
  return useQuery(teamMatchListQuery(params));
}
