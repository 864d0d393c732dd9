import type { Locale } from '@hibi/contract/locale';

/**
 * Query keys of the auth feature. The full terms documents are the help feature's pages, under the same keys, so the
 * terms page and the help pages share one cached copy.
 */
export const authKeys = {
  termsDocument: (page: 'termsOfUse' | 'privacyPolicy', locale: Locale) => ['help', 'page', page, locale] as const,
};
