import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const announcementQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.item('announcements', id),
    queryFn: async () => (await consoleCallOrThrow('getConsoleAnnouncement', { id })).announcement,
    staleTime: 0,
  });

export function useConsoleAnnouncement(id: number | null) {
  return useQuery({ ...announcementQuery(id ?? 0), enabled: id !== null });
}
