import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** Creates (no individualMatchID) or changes a challenge: the envelope, so the form shows the server's codes. */
export function saveIndividualMatch(payload: ConsolePayload<'saveIndividualMatch'>) {
  return consoleCall('saveIndividualMatch', payload);
}

export function useSaveIndividualMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIndividualMatch,
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: programKeys.individualLists });
      void queryClient.invalidateQueries({ queryKey: programKeys.individual(answer.individualMatchID) });
    },
  });
}
