import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';

export type OutboxFilters = Pick<ConsolePayload<'listOutbox'>, 'state' | 'recipient'>;
export const OUTBOX_PAGE_SIZE = 50;

/** Query keys of the outbox page. */
export const outboxKeys = {
  all: ['console', 'outbox'] as const,
  page: (filters: OutboxFilters, offset: number) => ['console', 'outbox', filters, offset] as const,
};

export function useOutbox(filters: OutboxFilters, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: outboxKeys.page(filters, offset),
      queryFn: () => consoleCallOrThrow('listOutbox', { ...filters, offset, perPage: OUTBOX_PAGE_SIZE }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => consoleCall('retryMail', { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
