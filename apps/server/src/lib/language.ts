// The language of a page request (docs/decisions/108-first-visit-language.md): the member's choice (the `hibi_lang`
// cookie the web app writes when they pick one), else the browser's (Accept-Language), else Japanese.
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@hibi/contract/locale';
import { weightedList } from './accept.ts';
import { readCookie } from './cookies.ts';

/** The cookie the web app writes when a member picks a language (apps/web/src/lib/i18n.ts). */
export const LANGUAGE_COOKIE = 'hibi_lang';

const isLocale = (value: string | null): value is Locale => (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '');

/**
 * The supported language the browser prefers most (RFC 9110 §12.5.4): ranges by weight, the earlier one on a tie;
 * `en-GB` counts as `en`, `*` as any (the default), q=0 as "not this one". Null when none of ours is acceptable.
 */
export function negotiateLanguage(header: string | undefined): Locale | null {
  const weighted = weightedList(header);
  const ranges = weighted.filter((r) => r.value && r.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  const refused = new Set(weighted.filter((r) => r.q === 0).map((r) => r.value.split('-')[0]));
  for (const { value: tag } of ranges) {
    if (tag === '*') return SUPPORTED_LOCALES.find((l) => !refused.has(l)) ?? null;
    const primary = tag.split('-')[0]!;
    if (isLocale(primary)) return primary;
  }
  return null;
}

export type LanguageSource = 'choice' | 'browser' | 'default';

/** The page's language and where it came from. */
export function pageLanguage(headers: { cookie?: string; 'accept-language'?: string }): { lang: Locale; source: LanguageSource } {
  const chosen = readCookie(headers.cookie, LANGUAGE_COOKIE);
  if (isLocale(chosen)) return { lang: chosen, source: 'choice' };
  const browser = negotiateLanguage(headers['accept-language']);
  if (browser) return { lang: browser, source: 'browser' };
  return { lang: DEFAULT_LOCALE, source: 'default' };
}
