/**
 * The React side of the app's translator (core.ts, decision 182), what the app used of react-i18next:
 * `useTranslation(ns)` (suspends until its namespaces are loaded, renders again on a change of language), `Trans`
 * (a message with `<0>…</0>` tags filled with elements) and `I18nProvider` (a translator of its own for a part of the
 * tree: a server render's, the console's preview). Without a provider, components use the app's (core.ts setAppTranslator).
 */
import { cloneElement, createContext, isValidElement, useContext, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { appTranslator, DEFAULT_NS, type TFunction, type TOptions, type Translator } from './core.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

export interface UseTranslationResult {
  t: TFunction;
  i18n: Translator;
  ready: boolean;
}

/**
 * `t` for a namespace, or namespaces looked up in order (the first is also the one loaded first). The component
 * suspends (throws the loading promise, as react-i18next did with useSuspense) until they are loaded in the language.
 */
export function useTranslation(namespaces: string | readonly string[] = DEFAULT_NS): UseTranslationResult {
  const provided = useContext(TranslatorContext);
  const i18n = provided ?? appTranslator();
  if (!i18n) throw new Error('useTranslation: no translator (lib/i18n.ts initI18n, or an I18nProvider)');
  const language = useSyncExternalStore(i18n.subscribe, i18n.getLanguage, i18n.getLanguage);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const joined = list.join('|');
  // A new t with each language, as react-i18next's: effects that depend on t run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- joined stands for list
  const t = useMemo(() => i18n.getFixedT(language, list), [i18n, language, joined]);
  if (!list.every((namespace) => i18n.isLoaded(namespace, language))) throw i18n.loadNamespaces(list, language);
  return { t, i18n, ready: true };
}

type Components = readonly ReactElement[] | Readonly<Record<string, ReactElement>>;

const TAG = /<(\w+)\s*\/>|<(\w+)>|<\/(\w+)>/g;

/** Turns `text <0>inner</0> more` into nodes, each tag's element given the tag's content as children. */
function fill(message: string, components: Components): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { name: string; children: ReactNode[] }[] = [];
  const current = () => stack.at(-1)?.children ?? root;
  const element = (name: string, children: ReactNode[]) => {
    const found = (components as Record<string, ReactElement>)[name];
    if (!isValidElement(found)) return null;
    return cloneElement(found, { key: `${name}-${current().length}` }, ...(children.length ? children : []));
  };
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) current().push(message.slice(last, match.index));
    last = match.index + match[0].length;
    const [written, selfClosing, opening, closing] = match;
    if (selfClosing !== undefined) {
      const made = element(selfClosing, []);
      current().push(made ?? written);
    } else if (opening !== undefined) {
      stack.push({ name: opening, children: [] });
    } else if (closing !== undefined && stack.at(-1)?.name === closing) {
      const { name, children } = stack.pop()!;
      const made = element(name, children);
      if (made) current().push(made);
      else current().push(`<${name}>`, ...children, written);
    } else {
      current().push(written);
    }
  }
  if (last < message.length) current().push(message.slice(last));
  // A tag never closed: its text as written.
  while (stack.length) {
    const { name, children } = stack.pop()!;
    current().push(`<${name}>`, ...children);
  }
  return root;
}

/**
 * A message with elements in it: `<0>…</0>` (or `<name>…</name>`, `<0/>`) is the element of that index (or name) in
 * `components`, with the tag's content as its children.
 */
export function Trans({
  t: given,
  i18nKey,
  components = [],
  values,
  count,
  ns,
  defaults,
}: {
  t?: TFunction;
  i18nKey: string;
  components?: Components;
  values?: Record<string, unknown>;
  count?: number;
  ns?: string | readonly string[];
  defaults?: string;
}) {
  const own = useTranslation(ns);
  const t = given ?? own.t;
  const options: TOptions = { ...values };
  if (count !== undefined) options.count = count;
  if (defaults !== undefined) options.defaultValue = defaults;
  return <>{fill(t(i18nKey, options), components)}</>;
}
