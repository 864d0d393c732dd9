import { currentLocale } from '../../lib/i18n.ts';

/** The title in the console's language, the Japanese one when there is no English. */
export function localized(text: { ja: string; en: string | null }): string {
  return currentLocale() === 'en' && text.en ? text.en : text.ja;
}
