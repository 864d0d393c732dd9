import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

/** Creates (no issueID) or replaces a draft or scheduled issue: the envelope, so the form shows the server's messages. */
export function saveMagazineIssue(payload: ConsolePayload<'saveMagazineIssue'>) {
  return consoleCall('saveMagazineIssue', payload);
}

export function useSaveMagazineIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMagazineIssue,
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: magazineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: magazineKeys.issue(answer.issueID) });
    },
  });
}
