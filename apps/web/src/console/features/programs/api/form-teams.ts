import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** Forms the teams now (formTeams): the envelope, so the page names tooFewEntrants and alreadyStarted. */
export function formTeams(teamMatchID: number) {
  return consoleCall('formTeams', { teamMatchID });
}

export function useFormTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: formTeams,
    onSuccess: (answer, teamMatchID) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: programKeys.teamLists });
      void queryClient.invalidateQueries({ queryKey: programKeys.team(teamMatchID) });
      void queryClient.invalidateQueries({ queryKey: programKeys.standingsOf(teamMatchID) });
    },
  });
}
