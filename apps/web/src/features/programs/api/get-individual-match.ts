import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { isProgramID, programsKeys } from './keys.ts';

export type Challenge = Result<'getIndividualMatch'>;

/** One individual challenge for the member: their counted average, days, prizes and the verifiable draw (getIndividualMatch). */
export const getIndividualMatch = (individualMatchID: number) => callOrThrow('getIndividualMatch', { individualMatchID });

export const individualMatchQueryOptions = (individualMatchID: number, viewer: Viewer) =>
  queryOptions({
    queryKey: programsKeys.challenge(individualMatchID, viewer),
    queryFn: () => getIndividualMatch(individualMatchID),
    enabled: isProgramID(individualMatchID),
    retry: false,
  });

export function useIndividualMatch(individualMatchID: number) {
  return useQuery(individualMatchQueryOptions(individualMatchID, useViewer()));
}
