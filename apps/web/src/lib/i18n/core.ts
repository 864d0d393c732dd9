/**
 * The app's translator (decision 182): the part of i18next the app used, with i18next's behaviour, in a few hundred
 * bytes. Messages are JSON files, one namespace per feature, nested objects of strings (and arrays); keys are paths
 * with `.`; `ns:key` names another namespace. What it does, as i18next (26) did with the app's options:
 *
 * - plurals: `{ count }` (a number) looks up `key_zero` (count 0 only), then `key_<Intl.PluralRules form>`, then `key`;
 * - context: `{ context }` looks up `key_<context>` (with the plural forms above) before `key`;
 * - interpolation: `{{name}}` and `{{a.b}}` from the options, unescaped (React escapes); a variable the options lack
 *   stays as written;
 * - a message not found: `defaultValue` (interpolated), else the key (without its `ns:` prefix);
 * - `returnObjects: true`: the object or array at the key, each string in it interpolated; an object without it: the
 *   sentence i18next returned;
 * - no fallback language: English fills the Japanese files at build time (lib/messageFallback.ts).
 */

export type Messages = { [key: string]: unknown };
/** Loads one namespace's messages in one language. */
export type Loader = (language: string, namespace: string) => Promise<Messages>;

export interface TOptions {
  count?: number;
  context?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  /** A namespace, or namespaces looked up in order, instead of the translator's. */
  ns?: string | readonly string[];
  /** Another language than the current. */
  lng?: string;
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export const DEFAULT_NS = 'common';

const plurals = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

const SENTENCE = /[ ,?!;]/;

function at(data: unknown, path: string): unknown {
  let value = data;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
    const value = at(options, name.trim());
    // A variable the options name as undefined is left out; one they lack stays as written (i18next's skipOnVariables).
    if (value === undefined) return Object.hasOwn(options, name.trim()) ? '' : written;
    return value === null ? '' : String(value as string);
  });
}

function interpolateAll(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, options));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, interpolateAll(item, options)]));
  }
  return value;
}

let app: Translator | null = null;

/** The translator of the components under no I18nProvider (the app's, lib/i18n.ts). */
export function setAppTranslator(translator: Translator) {
  app = translator;
}

export function appTranslator(): Translator | null {
  return app;
}

export class Translator {
  language: string;
  /** Loaded messages: language → namespace → messages. */
  readonly data: Record<string, Record<string, Messages>> = {};
  /** Namespaces the app has used: a change of language loads them before it shows. */
  private readonly used = new Set<string>([DEFAULT_NS]);
  private readonly loading = new Map<string, Promise<void>>();
  /** The language a change is loading for: a later change wins over one still loading (as with i18next). */
  private changingTo: string | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly loader: Loader;

  constructor(loader: Loader, language: string, messages?: Record<string, Messages>) {
    this.loader = loader;
    this.language = language;
    if (messages) this.addMessages(language, messages);
  }

  /** Messages the page carries (a server render's), taken as loaded. */
  addMessages(language: string, messages: Record<string, Messages>) {
    const loaded = (this.data[language] ??= {});
    for (const [namespace, bundle] of Object.entries(messages)) {
      loaded[namespace] = bundle;
      this.used.add(namespace);
    }
  }

  /** Whether a namespace is there to read (loaded, or failed to load: its keys then show, as with i18next). */
  isLoaded(namespace: string, language = this.language): boolean {
    return this.data[language]?.[namespace] !== undefined;
  }

  /** Loads the namespaces missing in a language (the current one by default); the same promise while under way. */
  loadNamespaces(namespaces: string | readonly string[], language = this.language): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(
      list.map((namespace) => {
        this.used.add(namespace);
        if (this.isLoaded(namespace, language)) return;
        const id = `${language}|${namespace}`;
        let pending = this.loading.get(id);
        if (!pending) {
          pending = this.loader(language, namespace).then(
            (messages) => void ((this.data[language] ??= {})[namespace] = messages),
            // A file that does not load counts as loaded and empty (i18next's backend did not retry either): the screen
            // shows its keys rather than waiting for ever.
            () => void ((this.data[language] ??= {})[namespace] = {}),
          );
          this.loading.set(id, pending);
          void pending.finally(() => this.loading.delete(id));
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /** Switches language once the namespaces in use are loaded in it; then every translated component renders again. */
  async changeLanguage(language: string) {
    this.changingTo = language;
    await this.loadNamespaces([...this.used], language);
    if (this.changingTo !== language) return;
    this.changingTo = null;
    if (this.language === language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly getLanguage = () => this.language;

  /** Translates a key, as i18next's `t` did (see the module's comment). */
  t(key: string, options?: TOptions & { returnObjects: true }): unknown;
  t(key: string, options?: TOptions): string;
  t(key: string, options?: TOptions): unknown {
    return this.translate(key, options, options?.lng ?? this.language, options?.ns ?? DEFAULT_NS);
  }

  /** A `t` bound to a language (null: the current one when called) and namespaces (looked up in order). */
  getFixedT(language: string | null, namespaces: string | readonly string[] = DEFAULT_NS): TFunction {
    return ((key: string, options?: TOptions) =>
      this.translate(key, options, options?.lng ?? language ?? this.language, options?.ns ?? namespaces)) as TFunction;
  }

  private translate(key: string, options: TOptions | undefined, language: string, namespaces: string | readonly string[]): unknown {
    let lookup = key;
    let list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    // `ns:key`, unless the key reads as a sentence ("Note: …"), as i18next tells them apart.
    const dot = key.indexOf('.');
    const sentence = SENTENCE.test(key) && !(dot > 0 && !SENTENCE.test(key.slice(0, dot)));
    if (key.includes(':') && !sentence) {
      const parts = key.split(':');
      list = [parts.shift()!];
      lookup = parts.join('.');
    }
    const candidates = [lookup];
    const count = options?.count;
    const plural = typeof count === 'number' ? `_${pluralForm(language, count)}` : null;
    if (plural) {
      candidates.push(lookup + plural);
      if (count === 0) candidates.push(`${lookup}_zero`);
    }
    const context = options?.context;
    if ((typeof context === 'string' || typeof context === 'number') && context !== '') {
      const withContext = `${lookup}_${context}`;
      candidates.push(withContext);
      if (plural) {
        candidates.push(withContext + plural);
        if (count === 0) candidates.push(`${withContext}_zero`);
      }
    }
    // The most specific first (i18next's order).
    candidates.reverse();
    for (const namespace of list) {
      const messages = this.data[language]?.[namespace];
      for (const candidate of candidates) {
        const found = at(messages, candidate);
        if (found === undefined || found === null) continue;
        if (typeof found === 'object') {
          if (options?.returnObjects) return interpolateAll(found, options);
          return `key '${candidate} (${language})' returned an object instead of string.`;
        }
        return interpolate(String(found as string), options);
      }
    }
    const fallback = options?.defaultValue;
    return typeof fallback === 'string' ? interpolate(fallback, options) : lookup;
  }
}
