import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { STATS_REFRESH_MS } from './get-stats.ts';
import { magazineKeys } from './keys.ts';

/** One issue with both languages, for the editor and the preview (getConsoleMagazineIssue). */
export const magazineIssueQuery = (issueID: number) =>
  queryOptions({
    queryKey: magazineKeys.issue(issueID),
    queryFn: async () => (await consoleCallOrThrow('getConsoleMagazineIssue', { issueID })).issue,
    staleTime: 0,
    retry: false,
    // A scheduled issue whose time has come (sent now, or reached while the page is open) starts sending at the
    // sender's next pass: read again until it says so (docs/requirements/magazine.md#magazine-console).
    refetchInterval: (query) => {
      const issue = query.state.data;
      return issue?.state === 'scheduled' && issue.sendAt !== null && issue.sendAt <= Date.now() ? STATS_REFRESH_MS : false;
    },
  });

export function useMagazineIssue(issueID: number | null) {
  return useQuery({ ...magazineIssueQuery(issueID ?? 0), enabled: issueID !== null });
}
