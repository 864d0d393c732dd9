import type { QueryClient } from '@tanstack/react-query';
import type { ScheduleType } from '@hibi/contract/constants';

export interface EventFilter {
  scheduleType: ScheduleType;
  onlyFree: boolean;
  onlyOnline: boolean;
  onlyReservation: boolean;
}

/**
 * Every query key of the events feature, in one place. Keys start with 'events' so that one call clears them all;
 * they carry whether a member is signed in, since members see seats and buttons guests do not.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (filter: EventFilter, signedIn: boolean) => ['events', 'list', filter, signedIn] as const,
  reservingAll: ['events', 'reserving'] as const,
  reserving: (perPage: number) => ['events', 'reserving', perPage] as const,
  homeAll: ['events', 'home'] as const,
  home: (signedIn: boolean) => ['events', 'home', signedIn] as const,
  details: (id: number) => ['events', 'detail', id] as const,
  detail: (id: number, signedIn: boolean) => ['events', 'detail', id, signedIn] as const,
};

/** After a reservation, a cancellation or a waiting-list change: lists go, the detail reloads (docs/requirements/events.md#events-reservation). */
export async function afterBookingChange(client: QueryClient, id: number, signedIn: boolean) {
  client.removeQueries({ queryKey: eventKeys.lists });
  client.removeQueries({ queryKey: eventKeys.reservingAll });
  client.removeQueries({ queryKey: eventKeys.homeAll });
  await client.invalidateQueries({ queryKey: eventKeys.detail(id, signedIn) });
}

/** After a favourite changed: the reserved/favourite list goes, the lists and the detail reload. */
export function afterFavoriteChange(client: QueryClient, id: number) {
  client.removeQueries({ queryKey: eventKeys.reservingAll });
  void client.invalidateQueries({ queryKey: eventKeys.lists });
  void client.invalidateQueries({ queryKey: eventKeys.details(id) });
}
