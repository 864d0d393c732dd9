import * as fns from '@hibi/contract/functions/help';
import { defineHandler, failure } from '../../core/handler.ts';
import { getTermsVersion } from '../auth/service.ts';
import { loadFaq, loadHelpPage } from './service.ts';

/** The FAQ and the static help pages (their functions are in the contract's functions/help.ts). */
export const helpHandlers = [
  defineHandler(fns.getFaq, async (_payload, ctx) => loadFaq(ctx.db, ctx.locale, ctx.now())),

  defineHandler(fns.getHelpPage, async ({ page }, ctx) => {
    const found = loadHelpPage(page, ctx.locale, await getTermsVersion(ctx.db));
    if (!found) return failure('notFound');
    return { page, ...found };
  }),
];
