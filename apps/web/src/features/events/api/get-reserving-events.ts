import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { eventKeys } from './keys.ts';

/** One page of the member's reserved and favourite events (getReservingEvents). */
export const getReservingEvents = async (offset: number, perPage: number) => (await callOrThrow('getReservingEvents', { offset, perPage })).events;

export const reservingEventsQueryOptions = (perPage: number) =>
  infiniteQueryOptions({
    queryKey: eventKeys.reserving(perPage),
    queryFn: ({ pageParam }) => getReservingEvents(pageParam, perPage),
    initialPageParam: 0,
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getReservingEvents>>) => page),
  });

export function useReservingEvents(perPage: number) {
  return useInfiniteQuery(reservingEventsQueryOptions(perPage));
}
