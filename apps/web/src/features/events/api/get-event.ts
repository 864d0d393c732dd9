import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { eventKeys } from './keys.ts';

/** How often an open event page asks again for seats and buttons while a member looks at it (issue 19, 5). */
export const LIVE_SEATS_INTERVAL_MS = 15_000;

/** One event with its sessions, seats and buttons (getEventByID). */
export const getEvent = async (id: number) => (await callOrThrow('getEventByID', { eventID: id })).event;

export const isEventId = (id: number) => Number.isInteger(id) && id > 0;

export const eventQueryOptions = (id: number, signedIn: boolean) =>
  queryOptions({
    queryKey: eventKeys.detail(id, signedIn),
    queryFn: () => getEvent(id),
    enabled: isEventId(id),
    // An unknown id goes to the not-found page at once.
    retry: false,
    // Live seats: other members' bookings show without a reload, while the tab is visible and on coming back to it.
    ...(signedIn
      ? { refetchInterval: LIVE_SEATS_INTERVAL_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: 'always' as const, staleTime: 0 }
      : {}),
  });

export function useEventDetail(id: number, signedIn: boolean) {
  return useQuery(eventQueryOptions(id, signedIn));
}
