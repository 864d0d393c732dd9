import * as fns from '@hibi/contract/functions/help';
import * as cfns from '@hibi/contract/console/help';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as authoring from './authoring.ts';
import { defineHandler, failure } from '../../core/handler.ts';
import { getTermsVersion } from '../auth/service.ts';
import { loadFaq, readHelpPage } from './service.ts';

/** The FAQ and the static help pages (their functions are in the contract's functions/help.ts). */
export const helpHandlers = [
  defineHandler(fns.getFaq, async (_payload, ctx) => loadFaq(ctx.db, ctx.locale, ctx.now())),

  defineHandler(fns.getHelpPage, async ({ page }, ctx) => {
    const found = await readHelpPage(ctx.db, page, ctx.locale, await getTermsVersion(ctx.db));
    if (!found) return failure('notFound');
    return { page, ...found };
  }),
];

/** The console's FAQ and help page functions (issue 16, item 3). */
export const helpConsoleHandlers = [
  defineConsoleHandler(cfns.listFaq, async (_p, ctx) => authoring.listFaq(ctx.db, ctx.now())),
  defineConsoleHandler(cfns.getFaqItem, async ({ id }, ctx) => {
    const item = await authoring.getFaqItem(ctx.db, id);
    return item ? { item } : failure('notFound');
  }),
  defineConsoleHandler(cfns.saveFaqItem, async (p, ctx) => authoring.saveFaqItem(ctx, p)),
  defineConsoleHandler(cfns.deleteFaqItem, async ({ id }, ctx) => authoring.deleteFaqItem(ctx, id)),
  defineConsoleHandler(cfns.moveFaqItem, async ({ id, direction }, ctx) => authoring.moveFaq(ctx, 'faq_item', id, direction)),
  defineConsoleHandler(cfns.saveFaqCategory, async (p, ctx) => authoring.saveFaqCategory(ctx, p)),
  defineConsoleHandler(cfns.deleteFaqCategory, async ({ id }, ctx) => authoring.deleteFaqCategory(ctx, id)),
  defineConsoleHandler(cfns.moveFaqCategory, async ({ id, direction }, ctx) => authoring.moveFaq(ctx, 'faq_category', id, direction)),
  defineConsoleHandler(cfns.listHelpPages, async (_p, ctx) => authoring.listHelpPages(ctx.db)),
  defineConsoleHandler(cfns.getHelpPageDraft, async ({ page, language, version }, ctx) =>
    authoring.helpPageDraft(ctx.db, ctx.now(), page, language, version),
  ),
  defineConsoleHandler(cfns.saveHelpPage, async (p, ctx) => authoring.saveHelpPage(ctx, p)),
  defineConsoleHandler(cfns.publishTermsVersion, async ({ version }, ctx) => authoring.publishTerms(ctx, version)),
];
