import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { programsKeys } from './keys.ts';

/** The programs of the member's tenant, running and upcoming first, with whether the member entered (listPrograms). */
export const listPrograms = async () => (await callOrThrow('listPrograms', {})).programs;

export const programsQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: programsKeys.list(viewer), queryFn: listPrograms });

export function usePrograms() {
  return useQuery(programsQueryOptions(useViewer()));
}
