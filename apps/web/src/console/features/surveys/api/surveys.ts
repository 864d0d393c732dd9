import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/download.ts';

export type SurveyListParams = ConsolePayload<'listSurveys'>;

/** Query keys of the surveys screens, in one place. */
export const surveyKeys = {
  all: ['console', 'surveys'] as const,
  lists: ['console', 'surveys', 'list'] as const,
  list: (params: SurveyListParams) => ['console', 'surveys', 'list', params] as const,
  item: (id: number) => ['console', 'surveys', 'item', id] as const,
  results: (id: number) => ['console', 'surveys', 'results', id] as const,
  texts: (id: number, index: number) => ['console', 'surveys', 'texts', id, index] as const,
  tenants: ['console', 'surveys', 'tenants'] as const,
};

export function useSurveyList(params: SurveyListParams) {
  return useQuery({ queryKey: surveyKeys.list(params), queryFn: () => consoleCallOrThrow('listSurveys', params), placeholderData: keepPreviousData });
}

export function useSurvey(id: number | null) {
  return useQuery({
    queryKey: surveyKeys.item(id ?? 0),
    queryFn: async () => (await consoleCallOrThrow('getSurvey', { id: id! })).survey,
    enabled: id !== null,
  });
}

export function useSurveyTenants() {
  return useQuery({ queryKey: surveyKeys.tenants, queryFn: async () => (await consoleCallOrThrow('listSurveyTenants')).tenants, staleTime: 60_000 });
}

export function useSurveyResults(id: number) {
  return useQuery({ queryKey: surveyKeys.results(id), queryFn: () => consoleCallOrThrow('getSurveyResults', { id }) });
}

/** The free-text answers to one question, a page at a time ("more" loads the next). */
export function useTextAnswers(id: number, questionnaireIndex: number) {
  return useInfiniteQuery({
    queryKey: surveyKeys.texts(id, questionnaireIndex),
    queryFn: ({ pageParam }) => consoleCallOrThrow('listSurveyTextAnswers', { id, questionnaireIndex, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Creates or replaces a survey: the envelope, so the form shows the server's validation and business messages. */
export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveSurvey'>) => consoleCall('saveSurvey', payload),
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: surveyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: surveyKeys.item(answer.id) });
      void queryClient.invalidateQueries({ queryKey: surveyKeys.results(answer.id) });
    },
  });
}

export type SurveyAction = 'duplicate' | 'delete';

/** Duplicate as a new draft, or delete (only without answers); the lists are read again after either. */
export function useSurveyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: SurveyAction; id: number }) =>
      action === 'duplicate' ? (await consoleCallOrThrow('duplicateSurvey', { id })).id : (await consoleCallOrThrow('deleteSurvey', { id }), id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

export function exportSurveyAnswers(id: number) {
  return downloadCsv('exportSurveyAnswers', { id });
}
