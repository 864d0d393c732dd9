import * as fns from '@hibi/contract/functions/surveys';
import type { Handler } from '../../core/handler.ts';
import type { Config } from '../../config.ts';
import { defineHandler, failure } from '../../core/handler.ts';
import { answerSurvey, findSurvey, listSurveys, viewerOf } from './service.ts';

/** Handlers of the surveys domain, one per function in the contract's functions/surveys.ts . */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function surveysHandlers(config: Config): Handler[] {
  return [
    defineHandler(fns.getQuestionnaires, async ({ offset, perPage }, ctx) => {
      const questionnaires = await listSurveys(ctx.db, viewerOf(ctx.user), ctx.locale, ctx.now(), offset, perPage);
      return { questionnaires, more: questionnaires.length === perPage };
    }),

    defineHandler(fns.getQuestionnaireById, async ({ questionnaireID }, ctx) => {
      const questionnaire = await findSurvey(ctx.db, viewerOf(ctx.user), ctx.locale, ctx.now(), questionnaireID);
      if (!questionnaire) return failure('notFound');
      return { questionnaire };
    }),

    defineHandler(fns.answerQuestionnaire, async (payload, ctx) => {
      const outcome = await answerSurvey(ctx.db, ctx.user, ctx.locale, ctx.now(), payload);
      if (!outcome.ok) return failure(outcome.error, outcome.questionnaireIndexes ? { questionnaireIndexes: outcome.questionnaireIndexes } : {});
      return { questionnaireID: payload.questionnaireID, answeredAt: outcome.answeredAt.getTime() };
    }),
  ] as unknown as Handler[];
}
