import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { surveyKeys } from './keys.ts';

/** One page of the surveys running now (getQuestionnaires). */
export const getSurveys = (offset: number, perPage: number) => callOrThrow('getQuestionnaires', { offset, perPage });

/** Read more while the server says there are more (`more`), 50 a page. */
export const surveysQueryOptions = (viewer: Viewer) => {
  const perPage = PAGE_SIZE.surveys;
  return infiniteQueryOptions({
    queryKey: surveyKeys.list(viewer),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getSurveys(pageParam, perPage),
    getNextPageParam: (last, pages) => (last.more ? pages.length * perPage : undefined),
  });
};

export function useSurveys() {
  return useInfiniteQuery(surveysQueryOptions(useViewer()));
}
