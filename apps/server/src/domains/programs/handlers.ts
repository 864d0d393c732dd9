// The programs' functions (issue 57, docs/requirements/programs.md): the members' list, entry and round pages, the
// console's Team Walk rounds, challenges and their draw, and unusual days. Validate -> service -> answer.
import * as cfns from '@hibi/contract/console/programs';
import * as fns from '@hibi/contract/functions/programs';
import { defineHandler } from '../../core/handler.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as challenges from './challenges.ts';
import * as flags from './flags.ts';
import * as service from './service.ts';

export const programsHandlers = [
  defineHandler(fns.listPrograms, async (_p, ctx) => service.listPrograms(ctx.db, ctx.user, ctx.locale, ctx.now())),
  defineHandler(fns.enterTeamMatch, async (p, ctx) => service.enterTeamMatch(ctx.db, ctx.user, ctx.now(), p)),
  defineHandler(fns.getTeamMatch, async (p, ctx) => service.getTeamMatch(ctx.db, ctx.user, ctx.locale, ctx.now(), p.teamMatchID)),
  defineHandler(fns.getIndividualMatch, async (p, ctx) =>
    challenges.getIndividualMatch(ctx.db, ctx.user, ctx.locale, ctx.now(), p.individualMatchID),
  ),
];

export const programsConsoleHandlers = [
  defineConsoleHandler(cfns.listTeamMatches, async (p, ctx) => service.listTeamMatches(ctx, p)),
  defineConsoleHandler(cfns.getConsoleTeamMatch, async (p, ctx) => service.getConsoleTeamMatch(ctx, p.teamMatchID)),
  defineConsoleHandler(cfns.saveTeamMatch, async (p, ctx) => service.saveTeamMatch(ctx, p)),
  defineConsoleHandler(cfns.formTeams, async (p, ctx) => service.formTeams(ctx, p.teamMatchID)),
  defineConsoleHandler(cfns.getTeamMatchStandings, async (p, ctx) => service.getTeamMatchStandings(ctx, p)),
  defineConsoleHandler(cfns.exportTeamMatchStandings, async (p, ctx) => service.exportTeamMatchStandings(ctx, p.teamMatchID)),
  defineConsoleHandler(cfns.listIndividualMatches, async (p, ctx) => challenges.listIndividualMatches(ctx, p)),
  defineConsoleHandler(cfns.getConsoleIndividualMatch, async (p, ctx) => challenges.getConsoleIndividualMatch(ctx, p.individualMatchID)),
  defineConsoleHandler(cfns.saveIndividualMatch, async (p, ctx) => challenges.saveIndividualMatch(ctx, p)),
  defineConsoleHandler(cfns.commitDraw, async (p, ctx) => challenges.commitDraw(ctx, p.individualMatchID)),
  defineConsoleHandler(cfns.runDraw, async (p, ctx) => challenges.runDraw(ctx, p.individualMatchID)),
  defineConsoleHandler(cfns.listStepFlags, async (p, ctx) => flags.listStepFlags(ctx, p)),
  defineConsoleHandler(cfns.reviewStepFlag, async (p, ctx) => flags.reviewStepFlag(ctx, p)),
];
