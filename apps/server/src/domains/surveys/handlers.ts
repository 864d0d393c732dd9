import * as fns from '@hibi/contract/functions/surveys';
import * as cfns from '@hibi/contract/console/surveys';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as authoring from './authoring.ts';
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

/** The console's survey functions (issue 16, item 2): authoring, results and the answers' CSV. */
export const surveysConsoleHandlers = [
  defineConsoleHandler(cfns.listSurveys, async (p, ctx) => authoring.listSurveys(ctx.db, { ...p, now: ctx.now() })),
  defineConsoleHandler(cfns.getSurvey, async ({ id }, ctx) => {
    const survey = await authoring.getSurvey(ctx.db, id, ctx.now());
    return survey ? { survey } : failure('notFound');
  }),
  defineConsoleHandler(cfns.saveSurvey, async (p, ctx) => authoring.saveSurvey(ctx, p), { refreshesMedia: true }),
  defineConsoleHandler(cfns.duplicateSurvey, async ({ id }, ctx) => authoring.duplicateSurvey(ctx, id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.deleteSurvey, async ({ id }, ctx) => authoring.deleteSurvey(ctx, id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.listSurveyTenants, async (_p, ctx) => authoring.tenantChoices(ctx.db)),
  defineConsoleHandler(cfns.getSurveyResults, async ({ id }, ctx) => (await authoring.surveyResults(ctx.db, id, ctx.now())) ?? failure('notFound')),
  defineConsoleHandler(
    cfns.listSurveyTextAnswers,
    async ({ id, questionnaireIndex, cursor, limit }, ctx) =>
      (await authoring.textAnswers(ctx.db, ctx.now(), id, questionnaireIndex, cursor, limit)) ?? failure('notFound'),
  ),
  defineConsoleHandler(cfns.exportSurveyAnswers, async ({ id }, ctx) => authoring.exportAnswers(ctx, id)),
];
