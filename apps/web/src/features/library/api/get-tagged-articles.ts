import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import type { SortBy } from '@hibi/contract/functions/content';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** One page of a tag's or genre's articles in the chosen order (getReportArticlesByTag). */
export const getTaggedArticles = (tagId: string, sortBy: SortBy, offset: number, perPage: number) =>
  callOrThrow('getReportArticlesByTag', { tagIds: [tagId], sortBy, offset, perPage });

/** A new sort is a new query key, so it starts from page one. */
export const taggedArticlesQueryOptions = (tagId: string, sortBy: SortBy, viewer: Viewer) => {
  const perPage = PAGE_SIZE.libraryTag;
  return infiniteQueryOptions({
    queryKey: libraryKeys.tagged(tagId, sortBy, viewer),
    queryFn: ({ pageParam }) => getTaggedArticles(tagId, sortBy, pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getTaggedArticles>>) => page.reportArticles),
  });
};

export function useTaggedArticles(tagId: string, sortBy: SortBy) {
  return useInfiniteQuery(taggedArticlesQueryOptions(tagId, sortBy, useViewer()));
}
