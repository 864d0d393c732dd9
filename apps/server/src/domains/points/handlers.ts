// The points functions (issue 58, docs/requirements/points.md): the members' points, missions, today's question and
// answer, catalogue, application and applications; the console's missions, a member's ledger, quiz rounds and
// questions, catalogue, campaigns and applications. Validate -> service -> answer.
import * as cfns from '@hibi/contract/console/points';
import * as fns from '@hibi/contract/functions/points';
import { defineHandler } from '../../core/handler.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as exchange from './exchange.ts';
import * as missions from './missions.ts';
import * as quiz from './quiz.ts';
import * as service from './service.ts';

const quizExchangeHandlers = [
  defineHandler(fns.getTodayQuiz, async (_p, ctx) => quiz.getTodayQuiz(ctx.db, ctx.user, ctx.locale, ctx.now())),
  defineHandler(fns.answerQuiz, async (p, ctx) => quiz.answerQuiz(ctx.db, ctx.user, ctx.locale, ctx.now(), p)),
  defineHandler(fns.listRewards, async (_p, ctx) => exchange.listRewards(ctx.db, ctx.user, ctx.locale, ctx.now())),
  defineHandler(fns.applyForReward, async (p, ctx) => exchange.applyForReward(ctx.db, ctx.user, ctx.now(), p)),
  defineHandler(fns.listMyApplications, async (p, ctx) => exchange.listMyApplications(ctx.db, ctx.user, ctx.locale, p)),
];

const quizExchangeConsoleHandlers = [
  defineConsoleHandler(cfns.listQuizRounds, async (p, ctx) => quiz.listQuizRounds(ctx, p)),
  defineConsoleHandler(cfns.saveQuizRound, async (p, ctx) => quiz.saveQuizRound(ctx, p)),
  defineConsoleHandler(cfns.getQuizRound, async (p, ctx) => quiz.getQuizRound(ctx, p.roundID)),
  defineConsoleHandler(cfns.saveQuizQuestion, async (p, ctx) => quiz.saveQuizQuestion(ctx, p)),
  defineConsoleHandler(cfns.deleteQuizQuestion, async (p, ctx) => quiz.deleteQuizQuestion(ctx, p.questionID)),
  defineConsoleHandler(cfns.listConsoleRewards, async (p, ctx) => exchange.listConsoleRewards(ctx, p)),
  defineConsoleHandler(cfns.saveReward, async (p, ctx) => exchange.saveReward(ctx, p)),
  defineConsoleHandler(cfns.listCampaigns, async (p, ctx) => exchange.listCampaigns(ctx, p)),
  defineConsoleHandler(cfns.saveCampaign, async (p, ctx) => exchange.saveCampaign(ctx, p)),
  defineConsoleHandler(cfns.listRewardApplications, async (p, ctx) => exchange.listRewardApplications(ctx, p)),
  defineConsoleHandler(cfns.exportRewardApplications, async (p, ctx) => exchange.exportRewardApplications(ctx, p.rewardID ?? null)),
  defineConsoleHandler(cfns.markApplicationsShipped, async (p, ctx) => exchange.markApplicationsShipped(ctx, p.applicationIDs)),
  defineConsoleHandler(cfns.cancelRewardApplication, async (p, ctx) => exchange.cancelRewardApplication(ctx, p.applicationID)),
];

export const pointsHandlers = [
  ...quizExchangeHandlers,
  defineHandler(fns.getPoints, async (p, ctx) => service.getPoints(ctx.db, ctx.user, ctx.locale, p.cursor)),
  defineHandler(fns.getMissions, async (p, ctx) => missions.getMissions(ctx.db, ctx.user, ctx.locale, ctx.now(), p.month)),
];

export const pointsConsoleHandlers = [
  ...quizExchangeConsoleHandlers,
  defineConsoleHandler(cfns.listMissions, async (p, ctx) => missions.listMissions(ctx, p.month)),
  defineConsoleHandler(cfns.saveMission, async (p, ctx) => missions.saveMission(ctx, p)),
  defineConsoleHandler(cfns.getMemberPoints, async (p, ctx) => service.getMemberPoints(ctx, p)),
  defineConsoleHandler(cfns.adjustPoints, async (p, ctx) => service.adjustPoints(ctx, p)),
];
