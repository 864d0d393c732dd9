import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** Step 1 of the draw: the server draws a secret seed and publishes its sha256 (commitDraw). */
export function commitDraw(individualMatchID: number) {
  return consoleCall('commitDraw', { individualMatchID });
}

/** Step 2, on final results only: the entries fixed, the winners drawn and published with the seed (runDraw). */
export function runDraw(individualMatchID: number) {
  return consoleCall('runDraw', { individualMatchID });
}

/** Invalidates the challenge after a step, succeeded or refused (alreadyCommitted, alreadyDrawn, notFinal): as it now is. */
function useAfterDrawStep() {
  const queryClient = useQueryClient();
  return (individualMatchID: number) => {
    void queryClient.invalidateQueries({ queryKey: programKeys.individualLists });
    void queryClient.invalidateQueries({ queryKey: programKeys.individual(individualMatchID) });
  };
}

export function useCommitDraw() {
  const after = useAfterDrawStep();
  return useMutation({ mutationFn: commitDraw, onSettled: (_answer, _error, id) => after(id) });
}

export function useRunDraw() {
  const after = useAfterDrawStep();
  return useMutation({ mutationFn: runDraw, onSettled: (_answer, _error, id) => after(id) });
}
