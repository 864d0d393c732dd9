import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { announcementKeys } from './keys.ts';

/** One page of announcements, newest first (getAnnouncements). */
export const getAnnouncements = (offset: number, perPage: number) => callOrThrow('getAnnouncements', { offset, perPage });

/** The list, page by page; read more while the last page came back full. */
export const announcementsQueryOptions = (viewer: Viewer, perPage: number = PAGE_SIZE.announcements) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(perPage, viewer),
    queryFn: ({ pageParam }) => getAnnouncements(pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getAnnouncements>>) => page.announcements),
  });

export function useAnnouncements(perPage?: number) {
  return useInfiniteQuery(announcementsQueryOptions(useViewer(), perPage));
}
