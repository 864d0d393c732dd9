import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { surveyKeys } from './keys.ts';

/** The largest id the server accepts (a 32-bit integer). */
const MAX_ID = 2_147_483_647;

/** One survey with its questions, and whether the member answered it or it closed (getQuestionnaireById). */
export const getSurvey = (id: number) => callOrThrow('getQuestionnaireById', { questionnaireID: id });

export const isSurveyId = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_ID;

export const surveyQueryOptions = (id: number, viewer: Viewer) =>
  queryOptions({
    queryKey: surveyKeys.detail(id, viewer),
    queryFn: () => getSurvey(id),
    enabled: isSurveyId(id),
    // An unknown id goes to the not-found page at once.
    retry: false,
  });

export function useSurvey(id: number) {
  return useQuery(surveyQueryOptions(id, useViewer()));
}
