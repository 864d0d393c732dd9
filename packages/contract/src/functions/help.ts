import { z } from 'zod';
import { defineFunction } from '../protocol.ts';

/** The FAQ and the static help pages (docs/requirements/help.md#help-faq): read-only, for guests and members alike. */

export const FAQ_CATEGORY_IDS = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000] as const;

export const faqItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
  /** First and last day shown (YYYY-MM-DD, Asia/Tokyo, both inclusive); null means open-ended. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqCategorySchema = z.object({ id: z.number().int(), title: z.string(), items: z.array(faqItemSchema) });
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const getFaq = defineFunction({
  name: 'getFaq',
  auth: 'none',
  summary: 'The FAQ in its nine categories, with only the items whose date window contains today in Asia/Tokyo.',
  payload: z.object({}),
  response: z.object({ categories: z.array(faqCategorySchema), today: z.string() }),
});

export const HELP_PAGES = ['termsOfUse', 'websiteTermsOfUse', 'privacyPolicy', 'howToUse', 'about'] as const;
export type HelpPageName = (typeof HELP_PAGES)[number];

export const helpSectionSchema = z.object({
  id: z.string(),
  heading: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  /** A self-hosted video (under /media/), when the operator provided one. */
  video: z.object({ url: z.string(), posterUrl: z.string().nullable(), type: z.string() }).nullable(),
});
export type HelpSection = z.infer<typeof helpSectionSchema>;

export const getHelpPage = defineFunction({
  name: 'getHelpPage',
  auth: 'none',
  summary: 'A static help page (terms, website terms, privacy policy, how to use, about) of the current terms version.',
  payload: z.object({ page: z.enum(HELP_PAGES) }),
  response: z.object({
    page: z.enum(HELP_PAGES),
    termsVersion: z.number().int(),
    title: z.string(),
    lead: z.string(),
    /** YYYY-MM-DD the operator last revised the text. */
    updatedOn: z.string(),
    sections: z.array(helpSectionSchema),
  }),
  errorCodes: ['notFound'],
});

export const helpFunctions = [getFaq, getHelpPage] as const;
