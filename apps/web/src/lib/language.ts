import type { Locale } from '@hibi/contract/locale';
import { call } from './api.ts';
import { changeLanguage } from './i18n.ts';
import { clearCachedLists } from './queryClient.ts';

/**
 * Switches the language (docs/requirements/web.md#web-language-switch): saved in the browser, every cached list forgotten (their texts are in the old
 * language), and the server told, for the mails it sends a signed-in member (best effort).
 */
export async function switchLanguage(locale: Locale) {
  await changeLanguage(locale);
  clearCachedLists();
  call('updateLocale').catch(() => {});
}
