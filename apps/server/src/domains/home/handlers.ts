// The console function of the home domain: the console's home (issue 60; decision 181).
import { getConsoleHome } from '@hibi/contract/console/home';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

export const homeConsoleHandlers = [
  defineConsoleHandler(getConsoleHome, async (_p, ctx) => service.consoleHome(ctx.db, ctx.operator.role, ctx.now())),
];
