import type { QueryClient } from '@tanstack/react-query';
import { call, type Payload } from '../../../lib/api.ts';
import { surveyKeys } from './keys.ts';

/** Sends a member's answers (answerQuestionnaire). */
export const answerSurvey = (payload: Payload<'answerQuestionnaire'>) => call('answerQuestionnaire', payload);

/** After an answer every survey list and detail starts again: the survey shows as answered everywhere. */
export const afterAnswer = (client: QueryClient) => client.resetQueries({ queryKey: surveyKeys.all });
