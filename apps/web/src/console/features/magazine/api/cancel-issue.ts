import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

/** Takes a scheduled issue back to draft before it starts sending (cancelMagazineIssue). */
export function cancelMagazineIssue(issueID: number) {
  return consoleCall('cancelMagazineIssue', { issueID });
}

export function useCancelMagazineIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMagazineIssue,
    onSuccess: (_answer, issueID) => {
      void queryClient.invalidateQueries({ queryKey: magazineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: magazineKeys.issue(issueID) });
    },
  });
}
