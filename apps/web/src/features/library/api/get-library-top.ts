import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { libraryKeys } from './keys.ts';

/** The library index in one call: pickups, 3 new, 3 ranking, 3 per listed tag (getReportArticleTop). */
export const getLibraryTop = () => callOrThrow('getReportArticleTop');

export const libraryTopQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: libraryKeys.top(viewer), queryFn: getLibraryTop });

export function useLibraryTop() {
  return useQuery(libraryTopQueryOptions(useViewer()));
}
