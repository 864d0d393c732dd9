// The mail magazine's functions (issue 59, docs/requirements/magazine.md#magazine-functions): the console's issues
// and the members' past issues and one-click unsubscribe. Validate -> service -> answer.
import * as cfns from '@hibi/contract/console/magazine';
import * as fns from '@hibi/contract/functions/magazine';
import { defineHandler } from '../../core/handler.ts';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as service from './service.ts';

export const magazineHandlers = [
  defineHandler(fns.listMagazineIssues, async (p, ctx) => service.memberIssues(ctx.db, ctx.user, ctx.locale, p.offset, p.perPage)),
  defineHandler(fns.getMagazineIssue, async (p, ctx) => service.memberIssue(ctx.db, ctx.user, ctx.locale, p.issueID)),
  defineHandler(fns.unsubscribeMagazine, async (p, ctx) => service.unsubscribeByToken(ctx.db, p.token, ctx.now())),
];

// Images in a magazine body are mailed, so they are public by nature: a magazine use never protects a file, and the
// media uses are not refreshed (docs/decisions/185-magazine-delivery.md).
export const magazineConsoleHandlers = [
  defineConsoleHandler(cfns.listMagazineIssues, async (p, ctx) => service.listIssues(ctx.db, p)),
  defineConsoleHandler(cfns.getConsoleMagazineIssue, async (p, ctx) => service.getIssue(ctx.db, p.issueID)),
  defineConsoleHandler(cfns.saveMagazineIssue, async (p, ctx) => service.saveIssue(ctx, p)),
  // The payload's `locale` is the protocol's own field (the entry reads it as the call's language and takes it out of
  // the payload): the preview's language is the call's.
  defineConsoleHandler(cfns.previewMagazineIssue, async (p, ctx) =>
    service.previewIssue(ctx.config, { subject: p.subject, body: p.body, locale: p.language }),
  ),
  defineConsoleHandler(cfns.sendMagazineTest, async (p, ctx) => service.sendTest(ctx, p.issueID)),
  defineConsoleHandler(cfns.scheduleMagazineIssue, async (p, ctx) => service.scheduleIssue(ctx, p)),
  defineConsoleHandler(cfns.cancelMagazineIssue, async (p, ctx) => service.cancelIssue(ctx, p.issueID)),
  defineConsoleHandler(cfns.getMagazineIssueStats, async (p, ctx) => service.issueStats(ctx.db, p.issueID)),
];
