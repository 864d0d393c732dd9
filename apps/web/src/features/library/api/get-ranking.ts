import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** The most read articles of the last 30 days (getReportArticleRanking). */
export const getRanking = () => callOrThrow('getReportArticleRanking');

export const rankingQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: libraryKeys.ranking(viewer), queryFn: getRanking });

export function useRanking() {
  return useQuery(rankingQueryOptions(useViewer()));
}
