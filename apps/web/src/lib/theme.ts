import { useSyncExternalStore } from 'react';

/**
 * Light and dark themes (docs/decisions/100-themes-and-design-tokens.md). The member's choice (light, dark, or the
 * system's setting) is kept in this browser; until they choose, the app follows `prefers-color-scheme`. The theme is
 * `data-theme` on <html>, which switches every colour token of styles/tokens.css. The inline script of index.html and
 * offline.html applies it before the first paint (theme.test.ts runs it against this module's rules; its hash is in
 * the server's Content-Security-Policy); this module applies it again at start and keeps it up to date.
 */
export type Theme = 'light' | 'dark';
export type ThemeChoice = Theme | 'system';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'hibi.theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a choice: anything but 'light' or 'dark' (nothing stored, an old or damaged value) is 'system'. */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The theme a choice gives, with the system's setting for 'system'. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/**
 * Puts a theme on the document: `data-theme` on <html> (the tokens and `color-scheme` follow it), and the browser's
 * bar colour: each `<meta name="theme-color" data-for="light|dark">` applies always (its theme), never (the other),
 * or by the system's setting when the member follows it.
 */
export function applyTheme(theme: Theme, choice: ThemeChoice, doc: Document = document) {
  doc.documentElement.setAttribute('data-theme', theme);
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][data-for]')) {
    const own = meta.getAttribute('data-for');
    meta.setAttribute('media', choice === 'system' ? `(prefers-color-scheme: ${own})` : own === theme ? 'all' : 'not all');
  }
}

function readStoredChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // storage unavailable (private mode, blocked): follow the system
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

let choice: ThemeChoice = 'system';
let theme: Theme = 'light';
let started = false;
const listeners = new Set<() => void>();

/**
 * Applies the current choice and tells the listeners (a listener whose value did not change does nothing). A change of
 * theme switches every colour at once: transitions are off for two frames (global.css), or the header would fade to
 * its new background behind text that already has its new colour.
 */
function update() {
  theme = resolveTheme(choice, systemPrefersDark());
  const root = document.documentElement;
  if (root.getAttribute('data-theme') !== theme && typeof requestAnimationFrame === 'function') {
    root.setAttribute('data-theme-switching', '');
    requestAnimationFrame(() => requestAnimationFrame(() => root.removeAttribute('data-theme-switching')));
  }
  applyTheme(theme, choice);
  for (const listener of listeners) listener();
}

/** Reads the stored choice, applies it and follows the system's setting from now on. Called once at start. */
export function initTheme() {
  choice = readStoredChoice();
  theme = resolveTheme(choice, systemPrefersDark());
  applyTheme(theme, choice);
  if (started) return;
  started = true;
  window.matchMedia?.(DARK_SCHEME_QUERY).addEventListener('change', update);
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    choice = parseThemeChoice(event.newValue);
    update();
  });
}

/** Saves and applies the member's choice. */
export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    /* storage unavailable: the choice lasts until the page closes */
  }
  update();
}

export const currentTheme = (): Theme => theme;
export const currentThemeChoice = (): ThemeChoice => choice;

/** Calls `listener` when the theme or the choice changes; returns the unsubscribe function. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme in force, re-rendering when it changes. */
export function useTheme(): Theme {
  // The server knows no theme (it is this browser's): its render, and so the hydrating one, use the light theme.
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
}

/** The member's choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeTheme, currentThemeChoice, () => 'system');
}
