import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow, type Result } from '../../../lib/api.ts';
import { useViewer, type Viewer } from '../../../lib/viewer.ts';
import { pointsKeys } from './keys.ts';

export type TodayQuiz = NonNullable<Result<'getTodayQuiz'>['quiz']>;

/** Today's question (Tokyo day) with the member's answer once given; null when there is none today (getTodayQuiz). */
export const getTodayQuiz = async () => (await callOrThrow('getTodayQuiz', {})).quiz;

export const todayQuizQueryOptions = (viewer: Viewer) => queryOptions({ queryKey: pointsKeys.quiz(viewer), queryFn: getTodayQuiz });

export function useTodayQuiz() {
  return useQuery(todayQuizQueryOptions(useViewer()));
}
