import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@hibi/contract/locale';
import type { HelpPageName } from '@hibi/contract/functions/help';
import { callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { helpKeys } from './keys.ts';

/** A help page from the server's content files: terms, website terms, privacy policy, how to use, about (getHelpPage). */
export const getHelpPage = (page: HelpPageName) => callOrThrow('getHelpPage', { page });

/** Help pages change only with a new terms version: ten minutes fresh. */
const HELP_PAGE_FRESH_MS = 10 * 60_000;

export const helpPageQueryOptions = (page: HelpPageName, locale: Locale) =>
  queryOptions({ queryKey: helpKeys.page(page, locale), queryFn: () => getHelpPage(page), staleTime: HELP_PAGE_FRESH_MS });

export function useHelpPage(page: HelpPageName) {
  return useQuery(helpPageQueryOptions(page, currentLocale()));
}
