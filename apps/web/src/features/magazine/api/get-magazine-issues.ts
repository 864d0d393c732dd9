import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { magazineKeys } from './keys.ts';

/** Issues a page of the member's list, as many as the announcements' list shows. */
export const MAGAZINE_PAGE_SIZE = 10;

/** One page of the issues sent to the member's tenant, newest first (listMagazineIssues). */
export const getMagazineIssues = (offset: number, perPage: number) => callOrThrow('listMagazineIssues', { offset, perPage });

/** The list, page by page; read more while the last page came back full (docs/requirements/web.md#web-lists). */
export const magazineIssuesQueryOptions = (viewer: Viewer, perPage: number = MAGAZINE_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: magazineKeys.list(perPage, viewer),
    queryFn: ({ pageParam }) => getMagazineIssues(pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getMagazineIssues>>) => page.issues),
  });

export function useMagazineIssues(perPage?: number) {
  return useInfiniteQuery(magazineIssuesQueryOptions(useViewer(), perPage));
}
