import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

/** While an issue is sending, its figures are read again this often (politely: one small call). */
export const STATS_REFRESH_MS = 5_000;

/** An issue's figures: recipients, pending, sent, failed, skipped, unsubscribed (getMagazineIssueStats). */
export const magazineStatsQuery = (issueID: number) =>
  queryOptions({
    queryKey: magazineKeys.stats(issueID),
    queryFn: () => consoleCallOrThrow('getMagazineIssueStats', { issueID }),
    staleTime: 0,
    // docs/requirements/magazine.md#magazine-figures: refreshed while the issue is sending, not once it is sent.
    refetchInterval: (query) => (query.state.data?.state === 'sending' ? STATS_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });

export function useMagazineStats(issueID: number) {
  return useQuery(magazineStatsQuery(issueID));
}
