import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** One article; each read counts as a view on the server (getReportArticleById). */
export const getArticle = async (id: number) => (await callOrThrow('getReportArticleById', { id })).article;

export const isArticleId = (id: number) => Number.isInteger(id) && id > 0;

export const articleQueryOptions = (id: number, viewer: Viewer) =>
  queryOptions({
    queryKey: libraryKeys.article(id, viewer),
    queryFn: () => getArticle(id),
    enabled: isArticleId(id),
    // An unknown id goes to the not-found page at once.
    retry: false,
    // Each visit counts as a view.
    staleTime: 0,
  });

export function useArticle(id: number) {
  return useQuery(articleQueryOptions(id, useViewer()));
}
