import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { pointsKeys } from './keys.ts';

export type PointsPage = Result<'getPoints'>;

/**
 * The member's balance, the Tokyo day it expires and one page of the ledger, newest first (getPoints); the next page
 * starts after the cursor the last one gave (docs/requirements/points.md#points-ledger).
 */
export const getPoints = (cursor?: number) => callOrThrow('getPoints', cursor === undefined ? {} : { cursor });

export const pointsQueryOptions = (viewer: Viewer) =>
  infiniteQueryOptions({
    queryKey: pointsKeys.ledger(viewer),
    queryFn: ({ pageParam }) => getPoints(pageParam ?? undefined),
    initialPageParam: null as number | null,
    getNextPageParam: (last: PointsPage) => last.nextCursor ?? undefined,
  });

export function usePoints() {
  return useInfiniteQuery(pointsQueryOptions(useViewer()));
}
