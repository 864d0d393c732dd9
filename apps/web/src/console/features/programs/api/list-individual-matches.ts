import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys, type IndividualMatchListParams } from './keys.ts';

/** Individual challenges, newest start first, optionally of one status, paged in SQL (listIndividualMatches). */
export const individualMatchListQuery = (params: IndividualMatchListParams) =>
  queryOptions({
    queryKey: programKeys.individualList(params),
    queryFn: () => consoleCallOrThrow('listIndividualMatches', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useIndividualMatchList(params: IndividualMatchListParams) {
  return useQuery(individualMatchListQuery(params));
}
