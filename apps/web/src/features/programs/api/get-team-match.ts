import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { isProgramID, programsKeys } from './keys.ts';

export type TeamWalk = Result<'getTeamMatch'>;

/** One Team Walk round for the member: the program, their team, league standings, rank history and days (getTeamMatch). */
export const getTeamMatch = (teamMatchID: number) => callOrThrow('getTeamMatch', { teamMatchID });

export const teamMatchQueryOptions = (teamMatchID: number, viewer: Viewer) =>
  queryOptions({
    queryKey: programsKeys.teamWalk(teamMatchID, viewer),
    queryFn: () => getTeamMatch(teamMatchID),
    enabled: isProgramID(teamMatchID),
    // A round the member's tenant does not take part in (notFound) goes to the not-found page at once.
    retry: false,
  });

export function useTeamMatch(teamMatchID: number) {
  return useQuery(teamMatchQueryOptions(teamMatchID, useViewer()));
}
