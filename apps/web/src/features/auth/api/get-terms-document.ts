import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@hibi/contract/locale';
import { callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { authKeys } from './keys.ts';

type TermsPage = 'termsOfUse' | 'privacyPolicy';

/** The full Terms of Use or privacy policy of the current terms version (the help pages' content files). */
export const getTermsDocument = (page: TermsPage) => callOrThrow('getHelpPage', { page });

export const termsDocumentQueryOptions = (page: TermsPage, locale: Locale) =>
  queryOptions({ queryKey: authKeys.termsDocument(page, locale), queryFn: () => getTermsDocument(page) });

export function useTermsDocument(page: TermsPage) {
  return useQuery(termsDocumentQueryOptions(page, currentLocale()));
}
