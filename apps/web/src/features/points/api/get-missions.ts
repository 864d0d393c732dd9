import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { pointsKeys } from './keys.ts';

export type MissionsAnswer = Result<'getMissions'>;

/** A month's missions with the member's progress, and the stamp card (getMissions); null: this Tokyo month. */
export const getMissions = (month: string | null) => callOrThrow('getMissions', month ? { month } : {});

export const missionsQueryOptions = (month: string | null, viewer: Viewer) =>
  queryOptions({ queryKey: pointsKeys.missions(month, viewer), queryFn: () => getMissions(month), retry: false });

export function useMissions(month: string | null) {
  return useQuery(missionsQueryOptions(month, useViewer()));
}
