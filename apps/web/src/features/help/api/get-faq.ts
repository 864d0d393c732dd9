import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@hibi/contract/locale';
import { callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { helpKeys } from './keys.ts';

/** The FAQ's categories with the items the server shows today (getFaq). */
export const getFaq = () => callOrThrow('getFaq');

export const faqQueryOptions = (locale: Locale) => queryOptions({ queryKey: helpKeys.faq(locale), queryFn: getFaq });

export function useFaq() {
  return useQuery(faqQueryOptions(currentLocale()));
}
