import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

/** Schedules a draft, or moves a scheduled issue, to go out at sendAt; sendAt null sends it now (scheduleMagazineIssue). */
export function scheduleMagazineIssue(payload: ConsolePayload<'scheduleMagazineIssue'>) {
  return consoleCall('scheduleMagazineIssue', payload);
}

export function useScheduleMagazineIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleMagazineIssue,
    onSuccess: (_answer, { issueID }) => {
      void queryClient.invalidateQueries({ queryKey: magazineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: magazineKeys.issue(issueID) });
      void queryClient.invalidateQueries({ queryKey: magazineKeys.stats(issueID) });
    },
  });
}
