import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** One page of the newest articles (getNewArrivalReportArticles). */
export const getNewArrivals = (offset: number, perPage: number) => callOrThrow('getNewArrivalReportArticles', { offset, perPage });

export const newArrivalsQueryOptions = (viewer: Viewer, perPage: number = PAGE_SIZE.libraryNew) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.newArrivals(perPage, viewer),
    queryFn: ({ pageParam }) => getNewArrivals(pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getNewArrivals>>) => page.reportArticles),
  });

export function useNewArrivals(perPage?: number) {
  return useInfiniteQuery(newArrivalsQueryOptions(useViewer(), perPage));
}
