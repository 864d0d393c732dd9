import { useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** One challenge with its settings, prizes, eligible count and the draw (getConsoleIndividualMatch). */
export function useIndividualMatch(individualMatchID: number | null) {
  return useQuery({
    queryKey: programKeys.individual(individualMatchID ?? 0),
    queryFn: async () => (await consoleCallOrThrow('getConsoleIndividualMatch', { individualMatchID: individualMatchID ?? 0 })).individualMatch,
    enabled: individualMatchID !== null,
    staleTime: 0,
    retry: false,
  });
}
