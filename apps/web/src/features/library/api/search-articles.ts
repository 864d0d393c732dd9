import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** One page of library search results, best first, with the number of matches (searchReportArticles). */
export const searchArticles = (query: string, offset: number, perPage: number) => callOrThrow('searchReportArticles', { query, offset, perPage });

export const searchQueryOptions = (query: string, viewer: Viewer, perPage: number = PAGE_SIZE.librarySearch) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.search(query, viewer),
    queryFn: ({ pageParam }) => searchArticles(query, pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof searchArticles>>) => page.reportArticles),
    enabled: query.length > 0,
    // A refused query (400) stays refused: no retries.
    retry: false,
  });

export function useSearchArticles(query: string) {
  return useInfiniteQuery(searchQueryOptions(query, useViewer()));
}
