// Zod-free, so that the web app's first screen can use it without shipping zod.
/** Languages the product speaks. Only the first two letters of a locale count; anything else is Japanese. */
export const SUPPORTED_LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';

export function normaliseLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const two = value.slice(0, 2).toLowerCase();
  return (SUPPORTED_LOCALES as readonly string[]).includes(two) ? (two as Locale) : DEFAULT_LOCALE;
}
