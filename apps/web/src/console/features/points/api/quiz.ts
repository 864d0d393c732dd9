import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { pointsKeys, type RoundListParams } from './keys.ts';

/** Quiz rounds, newest start first, paged in SQL (listQuizRounds). */
export function useQuizRounds(params: RoundListParams) {
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.roundList(params),
      queryFn: () => consoleCallOrThrow('listQuizRounds', params),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** One round with its questions by day and their right-answer rates (getQuizRound); null asks nothing. */
export function useQuizRound(roundID: number | null) {
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.round(roundID ?? 0),
      queryFn: () => consoleCallOrThrow('getQuizRound', { roundID: roundID ?? 0 }),
      enabled: roundID !== null,
      staleTime: 0,
    }),
  );
}

export function useSaveQuizRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveQuizRound'>) => consoleCall('saveQuizRound', payload),
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: pointsKeys.roundLists });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.round(answer.roundID) });
    },
  });
}

export function useSaveQuizQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveQuizQuestion'>) => consoleCall('saveQuizQuestion', payload),
    onSuccess: (answer, payload) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: pointsKeys.round(payload.roundID) });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.roundLists });
    },
  });
}

export function useDeleteQuizQuestion(roundID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionID: number) => consoleCall('deleteQuizQuestion', { questionID }),
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: pointsKeys.round(roundID) });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.roundLists });
    },
  });
}
