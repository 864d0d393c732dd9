// The console function of the calendar domain: the content calendar (issue 36, item 3; decision 156).
import { getContentCalendar } from '@hibi/contract/console/calendar';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

export const calendarConsoleHandlers = [defineConsoleHandler(getContentCalendar, async (p, ctx) => service.contentCalendar(ctx.db, p, ctx.now()))];
