import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../lib/api.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/** Every cached survey list and detail sits under this key; an answer resets them all (spec 2 §4). */
export const SURVEYS_KEY = ['surveys'] as const;

export function useSurveyList() {
  const userId = useSession()?.user.userID ?? null;
  const locale = currentLocale();
  const perPage = PAGE_SIZE.surveys;
  return useInfiniteQuery({
    queryKey: [...SURVEYS_KEY, 'list', locale, userId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => callOrThrow('getQuestionnaires', { offset: pageParam, perPage }),
    getNextPageParam: (last, pages) => (last.more ? pages.length * perPage : undefined),
  });
}

export function useSurvey(id: number) {
  const userId = useSession()?.user.userID ?? null;
  const locale = currentLocale();
  return useQuery({
    queryKey: [...SURVEYS_KEY, 'detail', id, locale, userId],
    queryFn: () => callOrThrow('getQuestionnaireById', { questionnaireID: id }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
