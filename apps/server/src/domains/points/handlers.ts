// The points functions of the ledger and missions (issue 58, docs/requirements/points.md): the members' points and
// missions, the console's missions and a member's ledger. The quiz's and the exchange's are in their own handler files.
import * as cfns from '@hibi/contract/console/points';
import * as fns from '@hibi/contract/functions/points';
import { defineHandler } from '../../core/handler.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as missions from './missions.ts';
import * as service from './service.ts';

export const pointsHandlers = [
  defineHandler(fns.getPoints, async (p, ctx) => service.getPoints(ctx.db, ctx.user, ctx.locale, p.cursor)),
  defineHandler(fns.getMissions, async (p, ctx) => missions.getMissions(ctx.db, ctx.user, ctx.locale, ctx.now(), p.month)),
];

export const pointsConsoleHandlers = [
  defineConsoleHandler(cfns.listMissions, async (p, ctx) => missions.listMissions(ctx, p.month)),
  defineConsoleHandler(cfns.saveMission, async (p, ctx) => missions.saveMission(ctx, p)),
  defineConsoleHandler(cfns.getMemberPoints, async (p, ctx) => service.getMemberPoints(ctx, p)),
  defineConsoleHandler(cfns.adjustPoints, async (p, ctx) => service.adjustPoints(ctx, p)),
];
