import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { normaliseLocale, type Locale } from '@hibi/contract/locale';

const LANGUAGE_KEY = 'hibi.language';

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

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no messages for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export function storedLanguage(): Locale {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (saved) return normaliseLocale(saved);
  } catch {
    /* storage unavailable: default language */
  }
  return 'ja';
}

export async function initI18n(language: Locale = storedLanguage()) {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Japanese is the default, English the fallback for a message a file lacks (spec 2, locales).
      fallbackLng: 'en',
      supportedLngs: ['ja', 'en'],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

export function currentLocale(): Locale {
  return normaliseLocale(i18next.language);
}

export async function changeLanguage(language: Locale) {
  localStorage.setItem(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };

/**
 * A separate i18next in one language, with the same message files, for rendering a part of a page in a language of its
 * own (the console's preview of a member page): the app's own instance and its loaded languages stay as they are.
 */
export async function createIsolatedI18n(language: Locale, namespaces: string[]) {
  const instance = i18next.createInstance();
  await instance.use(backend).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['ja', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });
  return instance;
}
