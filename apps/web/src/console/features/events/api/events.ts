import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/download.ts';
import type { ConsolePayload } from '../../../lib/types.ts';

/** Console events (issue 16 item 1): the calls of the events pages and their query keys. */
export type EventListParams = ConsolePayload<'listConsoleEvents'>;
export type ReservationParams = ConsolePayload<'listSessionReservations'>;

export const eventKeys = {
  all: ['console', 'events'] as const,
  lists: ['console', 'events', 'list'] as const,
  list: (params: EventListParams) => ['console', 'events', 'list', params] as const,
  item: (id: number) => ['console', 'events', 'item', id] as const,
  reservations: (eventId: number, sessionId: number) => ['console', 'events', 'reservations', eventId, sessionId] as const,
  checkInCounts: (sessionId: number) => ['console', 'events', 'checkin-counts', sessionId] as const,
};

/** Who is in: the check-in page's count and times (decision 178), read again after each check-in and undo. */
export function useCheckInCounts(sessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.checkInCounts(sessionId),
    queryFn: () => consoleCallOrThrow('getCheckInCounts', { sessionId }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useEventList(params: EventListParams) {
  return useQuery(
    queryOptions({
      queryKey: eventKeys.list(params),
      queryFn: () => consoleCallOrThrow('listConsoleEvents', params),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useConsoleEvent(id: number | null) {
  return useQuery({
    queryKey: eventKeys.item(id ?? 0),
    queryFn: async () => (await consoleCallOrThrow('getConsoleEvent', { id: id ?? 0 })).event,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Invalidates what an event write changes: the lists and the event (with its sessions and questionnaire). */
function useEventInvalidation() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: eventKeys.item(id) });
  };
}

/** Saves an event: the envelope, so the form shows the server's validation messages. */
export function useSaveEvent() {
  const invalidate = useEventInvalidation();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveEvent'>) => consoleCall('saveEvent', payload),
    onSuccess: (answer) => answer.succeed && invalidate(answer.id),
  });
}

export type EventAction = 'unpublish' | 'delete';

export function useEventAction() {
  const invalidate = useEventInvalidation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: EventAction; id: number }) =>
      action === 'unpublish' ? consoleCallOrThrow('unpublishEvent', { id }) : consoleCallOrThrow('deleteEvent', { id }),
    onSuccess: (_answer, { action, id }) => {
      if (action === 'delete') queryClient.removeQueries({ queryKey: eventKeys.item(id) });
      invalidate(action === 'delete' ? undefined : id);
    },
  });
}

export function useSaveSession() {
  const invalidate = useEventInvalidation();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveEventSession'>) => consoleCall('saveEventSession', payload),
    onSuccess: (answer, payload) => answer.succeed && invalidate(payload.eventId),
  });
}

export function useDeleteSession() {
  const invalidate = useEventInvalidation();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'deleteEventSession'>) => consoleCallOrThrow('deleteEventSession', payload),
    onSuccess: (_answer, payload) => invalidate(payload.eventId),
  });
}

export function useSaveQuestionnaire() {
  const invalidate = useEventInvalidation();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveQuestionnaire'>) => consoleCall('saveQuestionnaire', payload),
    onSuccess: (answer, payload) => answer.succeed && invalidate(payload.eventId),
  });
}

export function useSessionReservations(params: ReservationParams) {
  return useQuery({
    queryKey: [...eventKeys.reservations(params.eventId, params.sessionId), params.offset ?? 0],
    queryFn: () => consoleCallOrThrow('listSessionReservations', params),
    placeholderData: keepPreviousData,
  });
}

export function useCancelReservation(eventId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservationId: number) => consoleCallOrThrow('cancelReservationForMember', { reservationId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.reservations(eventId, sessionId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.item(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}

/** Saves the CSV of an event's reservations as a download; resolves with the file name. */
export function useExportReservations() {
  return useMutation({ mutationFn: (eventId: number) => downloadCsv('exportReservations', { eventId }) });
}

/* Check-in at the door (issue 33): the envelope, so the page shows refusals and 400 messages in its result panel. */
export function useCheckIn(eventId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => consoleCall('checkInReservation', { sessionId, token }),
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: eventKeys.checkInCounts(sessionId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.reservations(eventId, sessionId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}

export function useUndoCheckIn(eventId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservationId: number) => consoleCall('undoCheckIn', { reservationId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.checkInCounts(sessionId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.reservations(eventId, sessionId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists });
    },
  });
}
