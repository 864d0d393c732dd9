import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The offline page's script (public/offline.js) run on the page's markup (offline.html after the build fills it).
const webRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const script = fs.readFileSync(path.join(webRoot, 'public/offline.js'), 'utf8');
const body = /<body>([\s\S]*)<\/body>/
  .exec(fs.readFileSync(path.join(webRoot, 'offline.html'), 'utf8'))![1]!
  .replace(
    /\{\{(ja|en)\.(\w+)\}\}/g,
    (_, lang: string, key: string) =>
      (JSON.parse(fs.readFileSync(path.join(webRoot, `src/locales/${lang}/offline.json`), 'utf8')) as Record<string, string>)[key]!,
  );

function openOffline({ saved, browser }: { saved?: string; browser: string[] }) {
  localStorage.clear();
  if (saved) localStorage.setItem('hibi.language', saved);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  document.body.innerHTML = body;
  new Function(script)();
  const shown = [...document.querySelectorAll<HTMLElement>('[data-lang]')].filter((block) => !block.hidden);
  return { shown: shown.map((block) => block.dataset.lang), lang: document.documentElement.lang, title: document.title };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('the offline page', () => {
  it("shows the language the member chose in the app, whatever the browser's", () => {
    expect(openOffline({ saved: 'en', browser: ['ja-JP'] })).toEqual({ shown: ['en'], lang: 'en', title: 'You are offline | Hibi' });
    expect(openOffline({ saved: 'ja', browser: ['en-US'] })).toEqual({ shown: ['ja'], lang: 'ja', title: 'オフラインです | Hibi（日々）' });
  });

  it("without a choice: the browser's first Japanese or English language, else Japanese", () => {
    expect(openOffline({ browser: ['en-GB', 'ja'] }).shown).toEqual(['en']);
    expect(openOffline({ browser: ['fr-FR', 'ja-JP', 'en'] }).shown).toEqual(['ja']);
    expect(openOffline({ browser: ['de-DE'] }).shown).toEqual(['ja']);
    expect(openOffline({ saved: 'xx', browser: [] }).shown).toEqual(['ja']);
  });

  it('tries the page again with its button', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    openOffline({ saved: 'en', browser: [] });
    const button = document.querySelector<HTMLButtonElement>('[data-lang="en"] .offline__retry')!;
    expect(button.textContent).toBe('Try again');
    button.click();
    expect(reload).toHaveBeenCalled();
  });
});
