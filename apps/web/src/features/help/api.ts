import { useQuery } from '@tanstack/react-query';
import type { HelpPageName } from '@hibi/contract/functions/help';
import { callOrThrow } from '../../lib/api.ts';
import { currentLocale } from '../../lib/i18n.ts';

export function useHelpPage(page: HelpPageName) {
  const locale = currentLocale();
  return useQuery({ queryKey: ['help', 'page', page, locale], queryFn: () => callOrThrow('getHelpPage', { page }), staleTime: 10 * 60_000 });
}

export function useFaq() {
  const locale = currentLocale();
  return useQuery({ queryKey: ['help', 'faq', locale], queryFn: () => callOrThrow('getFaq') });
}
