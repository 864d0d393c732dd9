import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Payload } from '../../../lib/api.ts';
import { healthKeys } from './keys.ts';

/** Health records of a span of days, with what the caller asks for (getHealthDataByRange). */
export const getHealthRange = (payload: Payload<'getHealthDataByRange'>) => callOrThrow('getHealthDataByRange', payload);

/** A week's steps with its average and the member's rank among colleagues (the home steps tab). */
export const stepsWeekQueryOptions = (from: number, to: number) =>
  queryOptions({
    queryKey: healthKeys.stepsWeek(from),
    queryFn: () => getHealthRange({ fromDateTime: from, toDateTime: to, needsWeeklyAverage: true, needsStepStatistics: true }),
  });

/** A week's weight, body fat, BMI, daily scores and lifestyle answers (the home health tab). */
export const healthWeekQueryOptions = (from: number, to: number) =>
  queryOptions({
    queryKey: healthKeys.logWeek(from),
    queryFn: () =>
      getHealthRange({
        fromDateTime: from,
        toDateTime: to,
        needsDailyScore: true,
        needsInterview: true,
        needsWeight: true,
        needsBMI: true,
        needsBodyFatPercentage: true,
      }),
  });

export const useStepsWeek = (from: number, to: number) => useQuery(stepsWeekQueryOptions(from, to));
export const useHealthWeek = (from: number, to: number) => useQuery(healthWeekQueryOptions(from, to));
