import { z } from 'zod';
import { localizedOut } from './content.ts';
import { HELP_PAGES } from '../functions/help.ts';
import { singleLineText } from '../text.ts';
import { consoleId, defineConsoleFunction, localizedRichText, localizedTitle, multiLineText, RICH_TEXT_MAX, TITLE_MAX } from './protocol.ts';

/**
 * The FAQ and the help pages in the operator console (issue 16, item 3; docs/decisions/123-console-help.md).
 *
 * FAQ: categories and items in the help domain's tables, in the order the editor sets; an item has an optional date
 * window (first and last day shown, Asia/Tokyo, both inclusive).
 *
 * Help pages (terms of use, website terms, privacy policy, how to use, about) per language and terms version: the
 * current version's text is corrected in place; the next version (current + 1) is drafted beside it and members see it
 * only once `publishTermsVersion` raises the terms version, which also makes every member accept the new terms at
 * their next visit (the existing terms flow).
 */

/** A calendar day, YYYY-MM-DD, that exists (shared with the other areas' day fields). */
import { calendarDay } from '../protocol.ts';

export { calendarDay };

const optionalDay = z
  .union([calendarDay, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const MOVE_DIRECTIONS = ['up', 'down'] as const;

/* ------------------------------------------------------------------ FAQ */

const faqItemRow = z.object({
  id: z.number().int(),
  title: localizedOut,
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  /** Whether members see it today (its window contains today in Asia/Tokyo). */
  shownToday: z.boolean(),
});

export const listFaq = defineConsoleFunction({
  name: 'listFaq',
  roles: ['owner', 'editor', 'support'],
  summary: 'Every FAQ category with its items in order (windows included; the FAQ is one short editorial list).',
  payload: z.object({}),
  response: z.object({
    today: z.string(),
    categories: z.array(z.object({ id: z.number().int(), title: localizedOut, items: z.array(faqItemRow) })),
  }),
});

export const faqItemInputSchema = z
  .object({
    id: consoleId.optional(),
    categoryId: consoleId,
    title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
    html: localizedRichText,
    fromDate: optionalDay,
    toDate: optionalDay,
  })
  .superRefine((v, ctx) => {
    if (v.fromDate && v.toDate && v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'msg:dateRangeInvalid' });
  });
export type FaqItemInput = z.output<typeof faqItemInputSchema>;
export type FaqItemFormValues = z.input<typeof faqItemInputSchema>;

export const getFaqItem = defineConsoleFunction({
  name: 'getFaqItem',
  roles: ['owner', 'editor', 'support'],
  summary: 'One FAQ item with both languages, for the editor.',
  payload: z.object({ id: consoleId }),
  response: z.object({
    item: z.object({
      id: z.number().int(),
      categoryId: z.number().int(),
      title: localizedOut,
      html: localizedOut,
      fromDate: z.string().nullable(),
      toDate: z.string().nullable(),
      updatedBy: z.string().nullable(),
    }),
  }),
  errorCodes: ['notFound'],
});

export const saveFaqItem = defineConsoleFunction({
  name: 'saveFaqItem',
  roles: ['owner', 'editor'],
  summary: 'Creates (id absent: last in its category) or replaces an FAQ item; HTML is sanitised again when stored.',
  payload: faqItemInputSchema,
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound', 'unknownCategory'],
  audited: true,
});

export const deleteFaqItem = defineConsoleFunction({
  name: 'deleteFaqItem',
  roles: ['owner', 'editor'],
  summary: 'Deletes an FAQ item.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const moveFaqItem = defineConsoleFunction({
  name: 'moveFaqItem',
  roles: ['owner', 'editor'],
  summary: 'Moves an FAQ item one place up or down within its category.',
  payload: z.object({ id: consoleId, direction: z.enum(MOVE_DIRECTIONS) }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const faqCategoryInputSchema = z.object({ id: consoleId.optional(), title: localizedTitle(TITLE_MAX, 'jaTitleRequired') });
export type FaqCategoryFormValues = z.input<typeof faqCategoryInputSchema>;

export const saveFaqCategory = defineConsoleFunction({
  name: 'saveFaqCategory',
  roles: ['owner', 'editor'],
  summary: 'Creates (id absent: last) or renames an FAQ category.',
  payload: faqCategoryInputSchema,
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const deleteFaqCategory = defineConsoleFunction({
  name: 'deleteFaqCategory',
  roles: ['owner', 'editor'],
  summary: 'Deletes an empty FAQ category (categoryNotEmpty while it has items).',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound', 'categoryNotEmpty'],
  audited: true,
});

export const moveFaqCategory = defineConsoleFunction({
  name: 'moveFaqCategory',
  roles: ['owner', 'editor'],
  summary: 'Moves an FAQ category one place up or down.',
  payload: z.object({ id: consoleId, direction: z.enum(MOVE_DIRECTIONS) }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

/* ------------------------------------------------------------------ help pages */

export const HELP_LOCALES = ['ja', 'en'] as const;

export const listHelpPages = defineConsoleFunction({
  name: 'listHelpPages',
  roles: ['owner', 'editor', 'support'],
  summary: 'The current terms version and, per page and language, what members read now and whether the next version has a draft.',
  payload: z.object({}),
  response: z.object({
    termsVersion: z.number().int(),
    pages: z.array(
      z.object({
        page: z.enum(HELP_PAGES),
        language: z.enum(HELP_LOCALES),
        title: z.string(),
        updatedOn: z.string(),
        /** The version members read (the newest not above the current one). */
        version: z.number().int(),
        source: z.enum(['file', 'console']),
        /** A draft of the next terms version exists. */
        nextDraft: z.boolean(),
      }),
    ),
  }),
});

const helpPageRef = z.object({
  page: z.enum(HELP_PAGES),
  /** The page's language (not `locale`: every call's envelope carries the operator's own locale under that name). */
  language: z.enum(HELP_LOCALES),
  /** The current terms version (a correction) or the next one (a draft). */
  version: z.number().int().min(1).max(100_000),
});

export const helpSectionInputSchema = z.object({
  heading: singleLineText(TITLE_MAX).pipe(z.string().min(1, { error: 'msg:required' })),
  /** Rich text (TipTap HTML; sanitised again when stored). */
  html: multiLineText(RICH_TEXT_MAX),
});

export const helpPageInputSchema = helpPageRef.extend({
  title: singleLineText(TITLE_MAX).pipe(z.string().min(1, { error: 'msg:required' })),
  lead: multiLineText(2000).default(''),
  updatedOn: calendarDay,
  sections: z.array(helpSectionInputSchema).min(1).max(60),
});
export type HelpPageInput = z.output<typeof helpPageInputSchema>;
export type HelpPageFormValues = z.input<typeof helpPageInputSchema>;

export const getHelpPageDraft = defineConsoleFunction({
  name: 'getHelpPageDraft',
  roles: ['owner', 'editor', 'support'],
  summary: 'A help page of a version for the editor: its own text, or (for a new draft) the text members read now.',
  payload: helpPageRef,
  response: z.object({
    termsVersion: z.number().int(),
    /** Whether the text is this version's own (false: a starting point copied from the version members read). */
    own: z.boolean(),
    title: z.string(),
    lead: z.string(),
    updatedOn: z.string(),
    sections: z.array(z.object({ heading: z.string(), html: z.string() })),
  }),
  errorCodes: ['versionNotEditable'],
});

export const saveHelpPage = defineConsoleFunction({
  name: 'saveHelpPage',
  roles: ['owner', 'editor'],
  summary: 'Stores a help page of the current terms version (members read it at once) or of the next one (a draft).',
  payload: helpPageInputSchema,
  response: z.object({}),
  errorCodes: ['versionNotEditable'],
  audited: true,
});

export const publishTermsVersion = defineConsoleFunction({
  name: 'publishTermsVersion',
  roles: ['owner', 'editor'],
  summary:
    'Raises the terms version to the next one (its drafts become what members read); every member must accept the new terms at their next visit. Needs a Japanese draft of the terms of use.',
  payload: z.object({ version: z.number().int().min(2).max(100_000) }),
  response: z.object({ termsVersion: z.number().int() }),
  errorCodes: ['versionNotNext', 'termsDraftMissing'],
  audited: true,
});

export const consoleHelpFunctions = [
  listFaq,
  getFaqItem,
  saveFaqItem,
  deleteFaqItem,
  moveFaqItem,
  saveFaqCategory,
  deleteFaqCategory,
  moveFaqCategory,
  listHelpPages,
  getHelpPageDraft,
  saveHelpPage,
  publishTermsVersion,
] as const;
