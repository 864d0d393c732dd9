import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

/** One issue with both languages, for the editor and the preview (getConsoleMagazineIssue). */
export const magazineIssueQuery = (issueID: number) =>
  queryOptions({
    queryKey: magazineKeys.issue(issueID),
    queryFn: async () => (await consoleCallOrThrow('getConsoleMagazineIssue', { issueID })).issue,
    staleTime: 0,
    retry: false,
  });

export function useMagazineIssue(issueID: number | null) {
  return useQuery({ ...magazineIssueQuery(issueID ?? 0), enabled: issueID !== null });
}
