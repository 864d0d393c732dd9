import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { magazineKeys, type MagazineListParams } from './keys.ts';

/** Issues in every state (or one), newest first, paged in SQL (listMagazineIssues). */
export const magazineListQuery = (params: MagazineListParams) =>
  queryOptions({
    queryKey: magazineKeys.list(params),
    queryFn: () => consoleCallOrThrow('listMagazineIssues', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMagazineList(params: MagazineListParams) {
  return useQuery(magazineListQuery(params));
}
