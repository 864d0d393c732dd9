import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  currentTheme,
  currentThemeChoice,
  DARK_SCHEME_QUERY,
  initTheme,
  parseThemeChoice,
  resolveTheme,
  setThemeChoice,
  subscribeTheme,
  THEME_STORAGE_KEY,
} from './theme.ts';

const webRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const inlineScript = (file: string) => /<script>([\s\S]*?)<\/script>/.exec(fs.readFileSync(path.join(webRoot, file), 'utf8'))![1]!;

/** A matchMedia whose dark-scheme answer the test sets and changes. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return dark;
    },
    media: DARK_SCHEME_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query === DARK_SCHEME_QUERY ? list : { matches: false, addEventListener() {} }));
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

function themeMetas() {
  document.head.innerHTML = `
    <meta name="theme-color" content="#1f7a6d" media="(prefers-color-scheme: light)" data-for="light" />
    <meta name="theme-color" content="#10403a" media="(prefers-color-scheme: dark)" data-for="dark" />`;
  const [light, dark] = document.querySelectorAll('meta');
  return { light: light!, dark: dark! };
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme rules', () => {
  it('only "light" and "dark" are choices; anything else stored means following the system', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    for (const value of [null, undefined, '', 'system', 'Dark', 'blue', '{"theme":"dark"}']) expect(parseThemeChoice(value)).toBe('system');
  });

  it('a choice wins over the system; "system" follows it', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it("puts the theme on <html> and makes the chosen theme's bar colour apply whatever the system says", () => {
    const metas = themeMetas();
    applyTheme('dark', 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect([metas.light.getAttribute('media'), metas.dark.getAttribute('media')]).toEqual(['not all', 'all']);
    applyTheme('light', 'light');
    expect([metas.light.getAttribute('media'), metas.dark.getAttribute('media')]).toEqual(['all', 'not all']);
    // Following the system again: each colour goes back to its media query.
    applyTheme('dark', 'system');
    expect([metas.light.getAttribute('media'), metas.dark.getAttribute('media')]).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
  });
});

describe('the theme in the browser', () => {
  it('follows the system until the member chooses, keeps the choice, and tells the listeners', () => {
    const system = fakeSystem(false);
    initTheme();
    expect(currentThemeChoice()).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('light');
    const listener = vi.fn();
    const stop = subscribeTheme(listener);

    system.set(true);
    expect(currentTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(listener).toHaveBeenCalled();

    setThemeChoice('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(currentTheme()).toBe('light');
    // The system's changes no longer matter.
    system.set(false);
    system.set(true);
    expect(document.documentElement.dataset.theme).toBe('light');

    setThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(currentTheme()).toBe('dark');
    stop();
    listener.mockClear();
    setThemeChoice('light');
    expect(listener).not.toHaveBeenCalled();
  });

  it('turns transitions off while the colours change, for two frames', () => {
    fakeSystem(false);
    initTheme();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const root = document.documentElement;
    setThemeChoice('dark');
    expect(root.hasAttribute('data-theme-switching')).toBe(true);
    frames.shift()!(0);
    expect(root.hasAttribute('data-theme-switching')).toBe(true);
    frames.shift()!(0);
    expect(root.hasAttribute('data-theme-switching')).toBe(false);
    // The same theme again changes nothing.
    setThemeChoice('dark');
    expect(root.hasAttribute('data-theme-switching')).toBe(false);
  });

  it('starts from the stored choice, and takes up a choice made in another tab', () => {
    fakeSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    initTheme();
    expect(currentThemeChoice()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: null }));
    expect(currentThemeChoice()).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('works without storage (blocked) and without matchMedia: light, the choice kept for the page', () => {
    vi.stubGlobal('matchMedia', undefined);
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    initTheme();
    expect(currentTheme()).toBe('light');
    setThemeChoice('dark');
    expect(currentTheme()).toBe('dark');
    getItem.mockRestore();
    setItem.mockRestore();
  });
});

describe('the inline script that applies the theme before the first paint', () => {
  it('is the same in index.html and offline.html (one hash in the Content-Security-Policy)', () => {
    expect(inlineScript('offline.html')).toBe(inlineScript('index.html'));
  });

  for (const stored of [null, 'light', 'dark', 'bogus'])
    for (const systemDark of [false, true]) {
      it(`gives what theme.ts gives: stored ${stored}, system ${systemDark ? 'dark' : 'light'}`, () => {
        fakeSystem(systemDark);
        if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
        const metas = themeMetas();
        new Function(inlineScript('index.html'))();
        const expected = resolveTheme(parseThemeChoice(stored), systemDark);
        expect(document.documentElement.dataset.theme).toBe(expected);
        const scriptMedia = [metas.light.getAttribute('media'), metas.dark.getAttribute('media')];
        applyTheme(expected, parseThemeChoice(stored));
        expect(scriptMedia).toEqual([metas.light.getAttribute('media'), metas.dark.getAttribute('media')]);
      });
    }
});
