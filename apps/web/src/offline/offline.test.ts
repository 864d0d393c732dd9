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

describe('entry passes on the offline page (issue 33)', () => {
  const qr = 'data:image/png;base64,iVBORw0KGgo=';
  const pass = {
    eventId: 1,
    sessionId: 2,
    token: 'ABCDEFGHJKMNPQRSTVWXYZ0123',
    eventTitle: 'Yoga',
    sessionTitle: 'Morning',
    when: '10:00',
    endAt: Date.now() + 3_600_000,
    qr,
  };

  function openWith(passes: unknown) {
    localStorage.clear();
    localStorage.setItem('hibi.language', 'en');
    localStorage.setItem('hibi.passes', JSON.stringify(passes));
    document.body.innerHTML = body;
    new Function(script)();
    return document.querySelector<HTMLElement>('[data-lang="en"] .offline__passes')!;
  }

  it('lists the passes kept in this browser with their QR code and code', () => {
    const section = openWith([pass]);
    expect(section.hidden).toBe(false);
    expect(section.querySelector('h2')!.textContent).toBe('Entry passes');
    expect(section.querySelector('img')!.getAttribute('src')).toBe(qr);
    expect(section.querySelector('code')!.textContent).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23');
  });

  it('shows no pass of a session long over, none whose image is not a PNG data URL, and writes text as text', () => {
    expect(openWith([{ ...pass, endAt: Date.now() - 2 * 86_400_000 }]).hidden).toBe(true);
    expect(openWith([{ ...pass, qr: 'javascript:alert(1)' }]).hidden).toBe(true);
    expect(openWith('nonsense').hidden).toBe(true);
    const section = openWith([{ ...pass, eventTitle: '<img src=x onerror=alert(1)>' }]);
    expect(section.querySelectorAll('img')).toHaveLength(1);
    expect(section.querySelector('h3')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
