import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** The walking program's ranking of the week containing `timestamp`, in the company or among everyone (getWalkingProgramRank). */
export const getWalkingRank = (timestamp: number, filterbyTenant: boolean) => callOrThrow('getWalkingProgramRank', { timestamp, filterbyTenant });

export const walkingRankQueryOptions = (timestamp: number, filterbyTenant: boolean) =>
  queryOptions({
    queryKey: accountKeys.walkingRank(timestamp, filterbyTenant),
    queryFn: () => getWalkingRank(timestamp, filterbyTenant),
    // The last week stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useWalkingRank = (timestamp: number, filterbyTenant: boolean) => useQuery(walkingRankQueryOptions(timestamp, filterbyTenant));
