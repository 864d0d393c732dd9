import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { pointsKeys } from './keys.ts';

export type ApplicationsPage = Result<'listMyApplications'>;
export type ApplicationItem = ApplicationsPage['applications'][number];

/** Applications a page of the member's list. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** One page of the member's applications, newest first (listMyApplications). */
export const listMyApplications = (offset: number, perPage: number) => callOrThrow('listMyApplications', { offset, perPage });

/** Page by page; read more while the last page came back full (docs/requirements/web.md#web-lists). */
export const applicationsQueryOptions = (viewer: Viewer, perPage: number = APPLICATIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: pointsKeys.applications(perPage, viewer),
    queryFn: ({ pageParam }) => listMyApplications(pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: ApplicationsPage) => page.applications),
  });

export function useMyApplications(perPage?: number) {
  return useInfiniteQuery(applicationsQueryOptions(useViewer(), perPage));
}
