import type { Locale } from '@hibi/contract/locale';
import type { HelpPageName } from '@hibi/contract/functions/help';

/**
 * Every query key of the help feature, in one place; keys end with the language (the content files are per
 * language and the same for every member). The terms page (auth) reads the terms of use and privacy policy under
 * the same keys, so the two screens share one cached copy.
 */
export const helpKeys = {
  all: ['help'] as const,
  page: (page: HelpPageName, locale: Locale) => ['help', 'page', page, locale] as const,
  faq: (locale: Locale) => ['help', 'faq', locale] as const,
};
