import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/download.ts';

export type InsightsPayload = ConsolePayload<'getCompanyInsights'>;

/** Query keys of the Insights page. */
export const insightsKeys = {
  all: ['console', 'insights'] as const,
  one: (p: InsightsPayload) => ['console', 'insights', p.tenantId, p.from, p.to, p.groupBy ?? 'none'] as const,
};

export const insightsQuery = (p: InsightsPayload) =>
  queryOptions({
    queryKey: insightsKeys.one(p),
    queryFn: () => consoleCallOrThrow('getCompanyInsights', p),
    placeholderData: keepPreviousData,
  });

/** A tenant's insights for a period and grouping (nothing is asked before a tenant is chosen). */
export function useCompanyInsights(p: InsightsPayload | null) {
  return useQuery({ ...insightsQuery(p ?? { tenantId: 0, from: '', to: '' }), enabled: p !== null });
}

/** Saves the same figures as a download (a zip of CSV files, one per section); resolves with the file name. */
export function useExportInsights() {
  return useMutation({ mutationFn: (p: InsightsPayload) => downloadCsv('exportCompanyInsights', p) });
}

/** The tenants an owner or support operator may choose from (the first 100 by name). */
export function useInsightsTenants(enabled: boolean) {
  return useQuery({
    queryKey: [...insightsKeys.all, 'tenants'] as const,
    queryFn: () => consoleCallOrThrow('listTenants', { offset: 0, perPage: 100 }),
    enabled,
  });
}
