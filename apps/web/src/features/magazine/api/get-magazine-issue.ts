import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { magazineKeys } from './keys.ts';

/** One past issue in the member's language, its body sanitised HTML (getMagazineIssue). */
export const getMagazineIssue = async (issueID: number) => (await callOrThrow('getMagazineIssue', { issueID })).issue;

export const isMagazineIssueID = (issueID: number) => Number.isInteger(issueID) && issueID > 0;

export const magazineIssueQueryOptions = (issueID: number, viewer: Viewer) =>
  queryOptions({
    queryKey: magazineKeys.detail(issueID, viewer),
    queryFn: () => getMagazineIssue(issueID),
    enabled: isMagazineIssueID(issueID),
    // An issue not sent to the member's tenant (notFound) goes to the not-found page at once.
    retry: false,
  });

export function useMagazineIssue(issueID: number) {
  return useQuery(magazineIssueQueryOptions(issueID, useViewer()));
}
