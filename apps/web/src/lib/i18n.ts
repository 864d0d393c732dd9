import { setAppTranslator, Translator, type Messages } from './i18n/core.ts';
import { normaliseLocale, type Locale } from '@hibi/contract/locale';
import { requestScope } from './requestScope.ts';

const LANGUAGE_KEY = 'hibi.language';
/** The member's pick, also read by the server for the page's `lang` (apps/server/src/lib/language.ts). */
export const LANGUAGE_COOKIE = 'hibi_lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Message files, one namespace per feature, each its own chunk loaded when a screen first needs it. The offline page's
 * messages are written into offline.html at build time (vite.config.ts), not loaded by the app.
 */
type MessageFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
const files: MessageFiles = {
  // The console's messages (console*.json) belong to its own entry (src/console/lib/i18n.ts adds them).
  ...import.meta.glob<{ default: Record<string, unknown> }>([
    '../locales/*/*.json',
    '!../locales/*/devtool.json',
    '!../locales/*/offline.json',
    '!../locales/*/console*.json',
  ]),
  // The developer tool's messages only in builds with the tool (vite.config.ts, issue 12 finding 17).
  ...(__WITH_DEVTOOL__ ? import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/devtool.json') : {}),
};

/** Message files of another entry (the operator console's), added before initI18n. */
export function addMessageFiles(more: MessageFiles) {
  Object.assign(files, more);
}

/** Loads a namespace's messages from its chunk (a language or namespace without a file: an error). */
async function load(language: string, namespace: string): Promise<Messages> {
  const file = files[`../locales/${language}/${namespace}.json`];
  if (!file) throw new Error(`no messages for ${language}/${namespace}`);
  return (await file()).default;
}

/** The app's translator (lib/i18n/core.ts): the components under no I18nProvider use it. */
const i18n = new Translator(load, 'ja');
setAppTranslator(i18n);

const isLocale = (value: unknown): value is Locale => value === 'ja' || value === 'en';

function languageCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split(';').find((c) => c.trim().startsWith(`${LANGUAGE_COOKIE}=`));
  return found ? found.trim().slice(LANGUAGE_COOKIE.length + 1) : null;
}

function writeLanguageCookie(language: Locale) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The language the member picked in this browser (the language dialog), or null before they pick one. */
export function chosenLanguage(): Locale | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    /* storage unavailable: the cookie may still say */
  }
  const cookie = languageCookie();
  return isLocale(cookie) ? cookie : null;
}

/** The browser's first Japanese or English language (navigator.languages), or null. */
export function browserLanguage(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/**
 * The language of this page (decision 108): the member's pick; else the one the server chose for the page
 * (`data-lang-source` on <html>: the cookie or Accept-Language), so the text matches the page's `lang`; else the
 * browser's (a page the server did not write, as Vite's development server's); else Japanese.
 */
export function initialLanguage(): Locale {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  if (typeof document !== 'undefined' && document.documentElement.dataset.langSource && isLocale(document.documentElement.lang)) {
    return document.documentElement.lang;
  }
  if (typeof navigator !== 'undefined') {
    const browser = browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
    if (browser) return browser;
  }
  return 'ja';
}

/**
 * Starts the translator in the page's language. `messages`: the message files a page the server rendered carries (its
 * data script, decision 143), used as they are; the other namespaces load from their chunks when a screen needs them.
 *
 * Japanese is the default. English, the fallback for a message a Japanese file lacks (docs/requirements/platform.md#platform-language), is put into the
 * Japanese files when the app is built (lib/messageFallback.ts): there is no fallback language, and a Japanese page
 * loads no English files.
 */
export async function initI18n(language: Locale = initialLanguage(), messages?: Record<string, Record<string, unknown>>) {
  // A pick saved before the cookie existed reaches the server from now on.
  const chosen = chosenLanguage();
  if (chosen && languageCookie() !== chosen) writeLanguageCookie(chosen);
  if (messages) i18n.addMessages(language, messages);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  return i18n;
}

export function currentLocale(): Locale {
  // A server render: the request's language (each request has its own translator, entry-server.tsx).
  const scope = requestScope();
  if (scope) return scope.locale;
  return normaliseLocale(i18n.language);
}

/** The member picks a language: kept in this browser (storage, and the cookie the server reads for pages). */
export async function changeLanguage(language: Locale) {
  localStorage.setItem(LANGUAGE_KEY, language);
  writeLanguageCookie(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };

/**
 * A separate translator in one language, with the same message files, for rendering a part of a page in a language of
 * its own (a server render's, per request; the console's preview of a member page): the app's own translator and its
 * language stay as they are.
 */
export async function createIsolatedI18n(language: Locale, namespaces: string[]) {
  const instance = new Translator(load, language);
  await instance.loadNamespaces(namespaces);
  return instance;
}
