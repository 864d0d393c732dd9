import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { healthKeys } from './keys.ts';

/** The monthly lifestyle report: scores, categories, the peer histogram and the input rate (getHealthLogStats). */
export const getHealthStats = (fromDateTime: number) => callOrThrow('getHealthLogStats', { fromDateTime });

export type HealthStats = Result<'getHealthLogStats'>;

export const healthStatsQueryOptions = (fromDateTime: number) =>
  queryOptions({ queryKey: healthKeys.stats(fromDateTime), queryFn: () => getHealthStats(fromDateTime) });

export const useHealthStats = (fromDateTime: number) => useQuery(healthStatsQueryOptions(fromDateTime));
