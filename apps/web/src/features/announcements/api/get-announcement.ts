import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { announcementKeys } from './keys.ts';

/** One announcement; the server records that a signed-in member read it (getAnnouncementById). */
export const getAnnouncement = async (id: number) => (await callOrThrow('getAnnouncementById', { id })).announcement;

export const isAnnouncementId = (id: number) => Number.isInteger(id) && id > 0;

export const announcementQueryOptions = (id: number, viewer: Viewer) =>
  queryOptions({
    queryKey: announcementKeys.detail(id, viewer),
    queryFn: () => getAnnouncement(id),
    enabled: isAnnouncementId(id),
    // An unknown id goes to the not-found page at once.
    retry: false,
  });

export function useAnnouncement(id: number) {
  return useQuery(announcementQueryOptions(id, useViewer()));
}
