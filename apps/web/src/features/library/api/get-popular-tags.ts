import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** The search words, overall and per genre, and the genres' names (getReportArticlePopularTags). */
export const getPopularTags = () => callOrThrow('getReportArticlePopularTags');

export const popularTagsQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: libraryKeys.popularTags(viewer), queryFn: getPopularTags });

/** `enabled` false until needed (the search modal asks only once it opens). */
export function usePopularTags(enabled = true) {
  return useQuery({ ...popularTagsQueryOptions(useViewer()), enabled });
}
