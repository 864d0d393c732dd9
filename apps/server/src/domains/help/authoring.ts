// The FAQ and the help pages from the operator console (issue 16, item 3; docs/decisions/123-console-help.md), written
// through this domain's data module into the tables getFaq and getHelpPage read.
import { tokyoDay } from '@hibi/contract/time';
import { HELP_PAGES, type HelpPageName } from '@hibi/contract/functions/help';
import type { FaqItemInput, HelpPageInput } from '@hibi/contract/console/help';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { getTermsVersion, publishNextTermsVersion } from '../auth/service.ts';
import * as data from './data.ts';
import { fileHelpPage, readHelpPage } from './service.ts';

/* ------------------------------------------------------------------ FAQ */

export async function listFaq(db: Db, now: Date) {
  const today = tokyoDay(now);
  const [categories, items] = await Promise.all([data.consoleFaqCategories(db), data.consoleFaqItems(db, today)]);
  return {
    today,
    categories: categories.map((c) => ({
      id: c.id,
      title: { ja: c.titleJa, en: c.titleEn },
      items: items
        .filter((i) => i.category_id === c.id)
        .map((i) => ({
          id: i.id,
          title: { ja: i.title_ja, en: i.title_en },
          fromDate: i.from_date,
          toDate: i.to_date,
          shownToday: i.shown,
        })),
    })),
  };
}

export async function getFaqItem(db: Db, id: number) {
  const row = await data.faqItemById(db, id);
  if (!row) return null;
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: { ja: row.titleJa, en: row.titleEn },
    html: { ja: row.htmlJa, en: row.htmlEn },
    fromDate: row.fromDate,
    toDate: row.toDate,
    updatedBy: row.updatedBy,
  };
}

const windowText = (from: string | null, to: string | null) => (from || to ? ` ${from ?? '…'}〜${to ?? '…'}` : '');

export async function saveFaqItem(
  ctx: ConsoleContext,
  input: FaqItemInput,
): Promise<{ id: number } | BusinessFailure<'notFound' | 'unknownCategory'>> {
  const write: data.FaqItemWrite = {
    categoryId: input.categoryId,
    titleJa: input.title.ja,
    titleEn: input.title.en,
    htmlJa: sanitizeRichText(input.html.ja),
    htmlEn: input.html.en === null ? null : sanitizeRichText(input.html.en),
    fromDate: input.fromDate,
    toDate: input.toDate,
    updatedAt: ctx.now(),
    updatedBy: ctx.operator!.email,
  };
  const outcome = await transaction(ctx.db, async (tx) => {
    if (!(await data.faqCategoryExists(tx, input.categoryId))) return 'unknownCategory' as const;
    if (input.id === undefined) return data.insertFaqItem(tx, write);
    return (await data.updateFaqItem(tx, input.id, write)) ? input.id : ('notFound' as const);
  });
  if (typeof outcome === 'string') return failure(outcome);
  ctx.note({
    targetType: 'faq_item',
    targetId: outcome,
    summary: `${input.id ? 'edited' : 'created'} 「${input.title.ja.slice(0, 80)}」${windowText(input.fromDate, input.toDate)}`,
  });
  return { id: outcome };
}

export async function deleteFaqItem(ctx: ConsoleContext, id: number): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const row = await data.faqItemById(ctx.db, id);
  if (!row || !(await data.deleteFaqItemRow(ctx.db, id))) return failure('notFound');
  ctx.note({ targetType: 'faq_item', targetId: id, summary: `deleted 「${row.titleJa.slice(0, 80)}」` });
  return {};
}

export async function moveFaq(
  ctx: ConsoleContext,
  kind: 'faq_item' | 'faq_category',
  id: number,
  direction: 'up' | 'down',
): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  const moved = await transaction(ctx.db, (tx) => data.moveFaqRow(tx, kind === 'faq_item' ? 'faq_items' : 'faq_categories', id, direction));
  if (!moved) return failure('notFound');
  ctx.note({ targetType: kind, targetId: id, summary: `moved ${direction}` });
  return {};
}

export async function saveFaqCategory(
  ctx: ConsoleContext,
  input: { id?: number | undefined; title: { ja: string; en: string | null } },
): Promise<{ id: number } | BusinessFailure<'notFound'>> {
  let id = input.id;
  if (id === undefined) id = await data.insertFaqCategory(ctx.db, input.title.ja, input.title.en);
  else if (!(await data.renameFaqCategory(ctx.db, id, input.title.ja, input.title.en))) return failure('notFound');
  ctx.note({ targetType: 'faq_category', targetId: id, summary: `${input.id ? 'renamed' : 'created'} 「${input.title.ja.slice(0, 80)}」` });
  return { id };
}

export async function deleteFaqCategory(
  ctx: ConsoleContext,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'categoryNotEmpty'>> {
  const outcome = await transaction(ctx.db, (tx) => data.deleteEmptyFaqCategory(tx, id));
  if (outcome === 'notFound') return failure('notFound');
  if (outcome === 'notEmpty') return failure('categoryNotEmpty');
  ctx.note({ targetType: 'faq_category', targetId: id, summary: 'deleted' });
  return {};
}

/* ------------------------------------------------------------------ help pages */

export async function listHelpPages(db: Db) {
  const termsVersion = await getTermsVersion(db);
  const drafts = new Set((await data.helpPagesOfVersion(db, termsVersion + 1)).map((r) => `${r.page}:${r.locale}`));
  const pages = [];
  for (const page of HELP_PAGES) {
    for (const locale of ['ja', 'en'] as const) {
      const read = await readHelpPage(db, page, locale, termsVersion);
      const row = await data.helpPageRow(db, page, locale, termsVersion);
      const file = fileHelpPage(page, [locale], termsVersion);
      pages.push({
        page,
        language: locale,
        title: read?.title ?? '',
        updatedOn: read?.updatedOn ?? '',
        version: read?.termsVersion ?? termsVersion,
        source: row && (!file || row.termsVersion >= file.termsVersion) ? ('console' as const) : ('file' as const),
        nextDraft: drafts.has(`${page}:${locale}`),
      });
    }
  }
  return { termsVersion, pages };
}

/** The text an editor starts from for a page of `version`: its own row, else what members read now in that language. */
export async function helpPageDraft(db: Db, now: Date, page: HelpPageName, locale: Locale, version: number) {
  const termsVersion = await getTermsVersion(db);
  if (version !== termsVersion && version !== termsVersion + 1) return failure('versionNotEditable');
  const own = await data.helpPageRow(db, page, locale, version, true);
  const base = own
    ? { title: own.title, lead: own.lead, updatedOn: own.updatedOn, sections: own.sections }
    : ((await data.helpPageRow(db, page, locale, termsVersion)) ?? fileHelpPage(page, [locale, 'ja'], termsVersion));
  return {
    termsVersion,
    own: Boolean(own),
    title: base?.title ?? '',
    lead: base?.lead ?? '',
    updatedOn: base?.updatedOn ?? tokyoDay(now),
    sections: (base?.sections ?? []).map((s) => ({ heading: s.heading, html: s.html })),
  };
}

export async function saveHelpPage(
  ctx: ConsoleContext,
  input: HelpPageInput,
): Promise<Record<string, never> | BusinessFailure<'versionNotEditable'>> {
  const termsVersion = await getTermsVersion(ctx.db);
  if (input.version !== termsVersion && input.version !== termsVersion + 1) return failure('versionNotEditable');
  // Images and videos of a file's sections are kept by their place: the console edits headings and text.
  const previous = (await data.helpPageRow(ctx.db, input.page, input.language, termsVersion)) ?? null;
  const fileSections = previous ? previous.sections : (fileHelpPage(input.page, [input.language], termsVersion)?.sections ?? []);
  await data.upsertHelpPage(ctx.db, {
    page: input.page,
    locale: input.language,
    termsVersion: input.version,
    title: input.title,
    lead: input.lead,
    updatedOn: input.updatedOn,
    sections: input.sections.map((s, n) => ({
      id: `s${n + 1}`,
      heading: s.heading,
      html: sanitizeRichText(s.html),
      images: fileSections[n]?.images ?? [],
      video: fileSections[n]?.video ?? null,
    })),
    savedAt: ctx.now(),
    savedBy: ctx.operator!.email,
  });
  const kind = input.version === termsVersion ? 'corrected' : `drafted for version ${input.version}`;
  ctx.note({
    targetType: 'help_page',
    targetId: `${input.page}:${input.language}:${input.version}`,
    summary: `${kind} 「${input.title.slice(0, 80)}」`,
  });
  return {};
}

export async function publishTerms(
  ctx: ConsoleContext,
  version: number,
): Promise<{ termsVersion: number } | BusinessFailure<'versionNotNext' | 'termsDraftMissing'>> {
  const current = await getTermsVersion(ctx.db);
  if (version !== current + 1) return failure('versionNotNext', { termsVersion: current });
  if (!(await data.helpPageRow(ctx.db, 'termsOfUse', 'ja', version, true))) return failure('termsDraftMissing');
  if (!(await publishNextTermsVersion(ctx.db, version))) return failure('versionNotNext', { termsVersion: await getTermsVersion(ctx.db) });
  ctx.note({
    targetType: 'terms',
    targetId: version,
    summary: `published terms version ${version} (was ${current}); members accept it at their next visit`,
  });
  return { termsVersion: version };
}
