import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { tokyoDay } from '../calc.ts';
import { devtoolKeys } from './keys.ts';

/** The days the tool lists: today and the 13 before it. */
export const RECENT_DAYS = 14;

/** The last two weeks' health records as the server holds them (getHealthDataByRange). */
export const getRecentSteps = () =>
  callOrThrow('getHealthDataByRange', {
    fromDateTime: tokyoDay(RECENT_DAYS - 1),
    toDateTime: tokyoDay(0),
    needsWeeklyAverage: true,
    needsInterview: true,
    needsWeight: true,
    needsBodyFatPercentage: true,
  });

export const recentStepsQueryOptions = () => queryOptions({ queryKey: devtoolKeys.steps, queryFn: getRecentSteps });

export const useRecentSteps = () => useQuery(recentStepsQueryOptions());
