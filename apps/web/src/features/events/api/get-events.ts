import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, SCHEDULE_TYPES } from '@hibi/contract/constants';
import { callOrThrow, type Payload } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { useSession } from '../../../lib/session.ts';
import { eventKeys, type EventFilter } from './keys.ts';

/** One page of events under the filter (getEvents). */
export const getEvents = async (payload: Payload<'getEvents'>) => (await callOrThrow('getEvents', payload)).events;

/** The events list, page by page: read more only while the last page came back full (docs/requirements/web.md#web-lists). */
export const eventListQueryOptions = (filter: EventFilter, signedIn: boolean) => {
  const perPage = PAGE_SIZE.events;
  return infiniteQueryOptions({
    queryKey: eventKeys.list(filter, signedIn),
    queryFn: ({ pageParam }) => getEvents({ ...filter, offset: pageParam, perPage }),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getEvents>>) => page),
  });
};

export function useEventList(filter: EventFilter) {
  return useInfiniteQuery(eventListQueryOptions(filter, useSession() !== null));
}

/** Home: the next events, 5 for the guests' carousel, 3 for a member's grid (docs/requirements/events.md#events-home). */
export const homeEventsQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: eventKeys.home(signedIn),
    queryFn: () =>
      getEvents({ scheduleType: SCHEDULE_TYPES.before, offset: 0, perPage: signedIn ? PAGE_SIZE.homeEventsSignedIn : PAGE_SIZE.homeEvents }),
  });

export function useHomeEvents(signedIn: boolean) {
  return useQuery(homeEventsQueryOptions(signedIn));
}
