import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Locale } from '@hibi/contract/locale';
import { callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { RECOMMENDED_TOTAL } from '../logic.ts';
import { healthKeys } from './keys.ts';

/** The newest library articles of a tag, as many as the report recommends at most (getReportArticlesByTag). */
export const getRecommendedArticles = (tag: string) =>
  callOrThrow('getReportArticlesByTag', { tagIds: [tag], sortBy: 'newer', offset: 0, perPage: RECOMMENDED_TOTAL });

export const recommendedArticlesQueryOptions = (tag: string, locale: Locale) =>
  queryOptions({ queryKey: healthKeys.recommended(tag, locale), queryFn: () => getRecommendedArticles(tag), retry: false });

/** One query per tag, side by side. */
export function useRecommendedArticles(tags: string[]) {
  const locale = currentLocale();
  return useQueries({ queries: tags.map((tag) => recommendedArticlesQueryOptions(tag, locale)) });
}
