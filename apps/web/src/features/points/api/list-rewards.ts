import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { pointsKeys } from './keys.ts';

export type Catalogue = Result<'listRewards'>;
export type RewardItem = Catalogue['rewards'][number];

/** Today's catalogue, the running campaign and the member's balance (listRewards). */
export const listRewards = () => callOrThrow('listRewards', {});

export const rewardsQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: pointsKeys.rewards(viewer), queryFn: listRewards });

export function useRewards() {
  return useQuery(rewardsQueryOptions(useViewer()));
}
