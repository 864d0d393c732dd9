import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCallOrThrow } from '../../../lib/api.ts';

export type AuditFilters = Omit<ConsolePayload<'listAuditLog'>, 'cursor' | 'limit'>;
export const AUDIT_PAGE_SIZE = 50;

/** Query keys of the audit log. */
export const auditKeys = { page: (filters: AuditFilters, cursor: string | null) => ['console', 'audit', filters, cursor] as const };

export const auditPageQuery = (filters: AuditFilters, cursor: string | null) =>
  queryOptions({
    queryKey: auditKeys.page(filters, cursor),
    queryFn: () => consoleCallOrThrow('listAuditLog', { ...filters, limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAuditPage(filters: AuditFilters, cursor: string | null) {
  return useQuery(auditPageQuery(filters, cursor));
}

/** The operators to filter by (the owner's list). */
export function useAuditOperators() {
  return useQuery(queryOptions({ queryKey: ['console', 'operators'] as const, queryFn: () => consoleCallOrThrow('listOperators') }));
}
