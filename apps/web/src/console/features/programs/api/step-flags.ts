import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys, type StepFlagListParams } from './keys.ts';

/** Unusual step days, oldest open first, filtered and paged in SQL (listStepFlags). */
export const stepFlagListQuery = (params: StepFlagListParams) =>
  queryOptions({
    queryKey: programKeys.flagList(params),
    queryFn: () => consoleCallOrThrow('listStepFlags', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useStepFlags(params: StepFlagListParams) {
  return useQuery(stepFlagListQuery(params));
}

/** Keeps or excludes a flagged day (reviewStepFlag): the envelope, so the page names alreadyFinal. */
export function reviewStepFlag(payload: ConsolePayload<'reviewStepFlag'>) {
  return consoleCall('reviewStepFlag', payload);
}

export function useReviewStepFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewStepFlag,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: programKeys.flagLists }),
  });
}
