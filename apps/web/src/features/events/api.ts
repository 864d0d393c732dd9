import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { EventListItem } from '@hibi/contract/functions/events';
import { callOrThrow } from '../../lib/api.ts';

/** Query keys of the events feature; every key starts with 'events' so that one call clears them all. */
export const eventKeys = {
  all: ['events'] as const,
  list: (filter: EventFilter, signedIn: boolean) => ['events', 'list', filter, signedIn] as const,
  reserving: (perPage: number) => ['events', 'reserving', perPage] as const,
  detail: (id: number, signedIn: boolean) => ['events', 'detail', id, signedIn] as const,
  home: (signedIn: boolean) => ['events', 'home', signedIn] as const,
};

export interface EventFilter {
  scheduleType: 1 | 2 | 3;
  onlyFree: boolean;
  onlyOnline: boolean;
  onlyReservation: boolean;
}

export const PAGE_SIZE = 9;

/** Pages of events: read more only while the last page came back full (spec 1 §4). */
export function useEventList(filter: EventFilter, signedIn: boolean) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(filter, signedIn),
    queryFn: async ({ pageParam }) => (await callOrThrow('getEvents', { ...filter, offset: pageParam, perPage: PAGE_SIZE })).events,
    initialPageParam: 0,
    getNextPageParam: (last: EventListItem[], pages) => (last.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined),
  });
}

export function useReservingEvents(perPage: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: eventKeys.reserving(perPage),
    queryFn: async ({ pageParam }) => (await callOrThrow('getReservingEvents', { offset: pageParam, perPage })).events,
    initialPageParam: 0,
    getNextPageParam: (last: EventListItem[], pages) => (last.length === perPage ? pages.length * perPage : undefined),
    enabled,
  });
}

/** How often an open event page asks again for seats and buttons while a member looks at it (issue 19, 5). */
export const LIVE_SEATS_INTERVAL_MS = 15_000;

export function useEventDetail(id: number, signedIn: boolean) {
  return useQuery({
    queryKey: eventKeys.detail(id, signedIn),
    queryFn: async () => (await callOrThrow('getEventByID', { eventID: id })).event,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // Live seats: other members' bookings show without a reload, while the tab is visible and on coming back to it.
    ...(signedIn
      ? { refetchInterval: LIVE_SEATS_INTERVAL_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: 'always' as const, staleTime: 0 }
      : {}),
  });
}

/** After a reservation or a cancellation: lists go, the detail reloads (spec 1 §4). */
export async function afterBookingChange(client: QueryClient, id: number, signedIn: boolean) {
  client.removeQueries({ queryKey: ['events', 'list'] });
  client.removeQueries({ queryKey: ['events', 'reserving'] });
  client.removeQueries({ queryKey: ['events', 'home'] });
  await client.invalidateQueries({ queryKey: eventKeys.detail(id, signedIn) });
}
