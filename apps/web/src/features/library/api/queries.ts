import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import type { SortBy } from '@hibi/contract/functions/content';
import { call, callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/** Cache keys carry the language and the user, so a switch of either never shows the other's data. */
function useViewerKey() {
  const user = useSession()?.user.userID ?? 0;
  return [currentLocale(), user] as const;
}

export function useLibraryTop() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: ['library', 'top', ...viewer], queryFn: () => callOrThrow('getReportArticleTop') });
}

export function usePopularTags(enabled = true) {
  const viewer = useViewerKey();
  return useQuery({ queryKey: ['library', 'popularTags', ...viewer], queryFn: () => callOrThrow('getReportArticlePopularTags'), enabled });
}

export function useRanking() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: ['library', 'ranking', ...viewer], queryFn: () => callOrThrow('getReportArticleRanking') });
}

export function useNewArrivals(perPage: number = PAGE_SIZE.libraryNew) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: ['library', 'new', perPage, ...viewer],
    queryFn: ({ pageParam }) => callOrThrow('getNewArrivalReportArticles', { offset: pageParam, perPage }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.reportArticles.length === perPage ? pages.length * perPage : undefined),
  });
}

/** A tag or genre list; a new sort is a new query, so it starts from page one. */
export function useTaggedArticles(tagId: string, sortBy: SortBy) {
  const viewer = useViewerKey();
  const perPage = PAGE_SIZE.libraryTag;
  return useInfiniteQuery({
    queryKey: ['library', 'tag', tagId, sortBy, ...viewer],
    queryFn: ({ pageParam }) => callOrThrow('getReportArticlesByTag', { tagIds: [tagId], sortBy, offset: pageParam, perPage }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.reportArticles.length === perPage ? pages.length * perPage : undefined),
  });
}

export function useArticle(id: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['library', 'article', id, ...viewer],
    queryFn: async () => {
      const result = await call('getReportArticleById', { id });
      if (!result.succeed) throw new Error(result.errorCode);
      return result.article;
    },
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // Each visit counts as a view.
    staleTime: 0,
  });
}

/** Records a video play or attachment open; failures do not bother the reader. */
export function notifyResource(libraryId: number, resource: { videoId: number } | { attachmentId: number }) {
  void call('notifyViewReportArticleResource', { libraryId, ...resource }).catch(() => {});
}
