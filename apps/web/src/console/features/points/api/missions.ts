import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { pointsKeys } from './keys.ts';

/** A month's missions, drafts too, with their completions (listMissions). */
export function useMissions(month: string) {
  return useQuery(queryOptions({ queryKey: pointsKeys.missions(month), queryFn: () => consoleCallOrThrow('listMissions', { month }), staleTime: 0 }));
}

/** Creates or edits a mission: the envelope, so the editor shows the server's codes and messages. */
export function useSaveMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveMission'>) => consoleCall('saveMission', payload),
    onSuccess: (answer) => {
      if (answer.succeed) void queryClient.invalidateQueries({ queryKey: pointsKeys.missionsAll });
    },
  });
}
