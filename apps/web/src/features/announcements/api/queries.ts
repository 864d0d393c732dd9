import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { call, callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/** Cache keys carry the language and the user, so a switch of either never shows the other's data. */
export function useViewerKey() {
  const user = useSession()?.user.userID ?? 0;
  return [currentLocale(), user] as const;
}

export function useAnnouncementList(perPage: number = PAGE_SIZE.announcements) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: ['announcements', 'list', perPage, ...viewer],
    queryFn: ({ pageParam }) => callOrThrow('getAnnouncements', { offset: pageParam, perPage }),
    initialPageParam: 0,
    // Read more only while the last page came back full.
    getNextPageParam: (last, pages) => (last.announcements.length === perPage ? pages.length * perPage : undefined),
  });
}

export function useAnnouncement(id: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['announcements', 'detail', id, ...viewer],
    queryFn: async () => {
      const result = await call('getAnnouncementById', { id });
      if (!result.succeed) throw new Error(result.errorCode);
      return result.announcement;
    },
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
