import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** Creates (no teamMatchID) or changes a round: the envelope, so the form shows the server's codes and messages. */
export function saveTeamMatch(payload: ConsolePayload<'saveTeamMatch'>) {
  return consoleCall('saveTeamMatch', payload);
}

export function useSaveTeamMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamMatch,
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: programKeys.teamLists });
      void queryClient.invalidateQueries({ queryKey: programKeys.team(answer.teamMatchID) });
    },
  });
}
