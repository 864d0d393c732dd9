import { call, type Payload } from '../../../lib/api.ts';

/**
 * Answers today's question once (docs/requirements/points.md#points-quiz): the result, or a refusal (notFound,
 * alreadyAnswered, choiceInvalid) as the envelope says (answerQuiz).
 */
export const answerQuiz = (payload: Payload<'answerQuiz'>) => call('answerQuiz', payload);
