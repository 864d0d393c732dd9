import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpPageName } from '@hibi/contract/functions/help';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';

/** Query keys of the FAQ and help pages screens, in one place. */
export const helpKeys = {
  all: ['console', 'help'] as const,
  faq: ['console', 'help', 'faq'] as const,
  faqItem: (id: number) => ['console', 'help', 'faq', id] as const,
  pages: ['console', 'help', 'pages'] as const,
  page: (page: string, language: string, version: number) => ['console', 'help', 'pages', page, language, version] as const,
};

export function useFaq() {
  return useQuery({ queryKey: helpKeys.faq, queryFn: () => consoleCallOrThrow('listFaq') });
}

export function useFaqItem(id: number | null) {
  return useQuery({
    queryKey: helpKeys.faqItem(id ?? 0),
    queryFn: async () => (await consoleCallOrThrow('getFaqItem', { id: id! })).item,
    enabled: id !== null,
  });
}

export function useHelpPages() {
  return useQuery({ queryKey: helpKeys.pages, queryFn: () => consoleCallOrThrow('listHelpPages') });
}

export function useHelpPageDraft(page: HelpPageName, language: 'ja' | 'en', version: number) {
  return useQuery({
    queryKey: helpKeys.page(page, language, version),
    queryFn: () => consoleCallOrThrow('getHelpPageDraft', { page, language, version }),
  });
}

/** Every FAQ and help write: read everything of the area again afterwards. */
function useHelpWrite<P, R>(fn: (payload: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: helpKeys.all }) });
}

export const useSaveFaqItem = () => useHelpWrite((p: ConsolePayload<'saveFaqItem'>) => consoleCall('saveFaqItem', p));
export const useSaveHelpPage = () => useHelpWrite((p: ConsolePayload<'saveHelpPage'>) => consoleCall('saveHelpPage', p));
export const useSaveFaqCategory = () => useHelpWrite((p: ConsolePayload<'saveFaqCategory'>) => consoleCall('saveFaqCategory', p));

export type FaqAction =
  | { action: 'moveItem' | 'moveCategory'; id: number; direction: 'up' | 'down' }
  | { action: 'deleteItem' | 'deleteCategory'; id: number }
  | { action: 'publishTerms'; version: number };

export function useFaqAction() {
  return useHelpWrite(async (a: FaqAction) => {
    switch (a.action) {
      case 'moveItem':
        return consoleCallOrThrow('moveFaqItem', { id: a.id, direction: a.direction });
      case 'moveCategory':
        return consoleCallOrThrow('moveFaqCategory', { id: a.id, direction: a.direction });
      case 'deleteItem':
        return consoleCallOrThrow('deleteFaqItem', { id: a.id });
      case 'deleteCategory':
        return consoleCallOrThrow('deleteFaqCategory', { id: a.id });
      case 'publishTerms':
        return consoleCallOrThrow('publishTermsVersion', { version: a.version });
    }
  });
}
