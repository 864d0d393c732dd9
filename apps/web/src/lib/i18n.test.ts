import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, changeLanguage, chosenLanguage, i18n, initI18n, initialLanguage } from './i18n.ts';
import { withFallback } from './messageFallback.ts';

describe('i18n (issue 13, finding 13)', () => {
  it('Japanese by default; a Japanese page loads no English messages (the fallback is built in, decision 142)', async () => {
    await initI18n('ja');
    expect(i18n.language).toBe('ja');
    expect(Object.keys(i18n.data)).toEqual(['ja']);
    expect(i18n.t('language.current')).toBe('日本語');
  });

  it('English fills what a Japanese message file lacks, at build time; Japanese wins where it has the message', () => {
    const ja = { title: '日々', nested: { one: 'ひとつ' }, items_other: '{{count}} 件', list: ['あ'] };
    const en = {
      title: 'Hibi',
      nested: { one: 'one', two: 'two' },
      items_one: 'one item',
      items_other: '{{count}} items',
      only: 'English',
      list: ['a', 'b'],
    };
    expect(withFallback(ja, en)).toEqual({
      title: '日々',
      nested: { one: 'ひとつ', two: 'two' },
      // Japanese has only the `other` plural form: English's `one` is no Japanese message.
      items_other: '{{count}} 件',
      list: ['あ'],
      only: 'English',
    });
  });
});

describe('the first visit follows the browser (decision 108)', () => {
  const clear = () => {
    localStorage.clear();
    document.cookie = 'hibi_lang=; Path=/; Max-Age=0';
    delete document.documentElement.dataset.langSource;
    document.documentElement.lang = 'ja';
  };
  const withBrowser = (languages: string[]) =>
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages as unknown as readonly string[] & string[]);
  afterEach(() => {
    clear();
    vi.restoreAllMocks();
  });

  it('the browser’s first Japanese or English language, else Japanese', () => {
    clear();
    expect(browserLanguage(['fr-FR', 'en-GB', 'ja'])).toBe('en');
    expect(browserLanguage(['ja-JP', 'en'])).toBe('ja');
    expect(browserLanguage(['fr', 'de'])).toBeNull();
    withBrowser(['en-US', 'en']);
    expect(initialLanguage()).toBe('en');
    withBrowser(['fr']);
    expect(initialLanguage()).toBe('ja');
  });

  it('the language the server wrote into the page wins over navigator.languages, so the text matches <html lang>', () => {
    clear();
    withBrowser(['ja']);
    document.documentElement.lang = 'en';
    document.documentElement.dataset.langSource = 'browser';
    expect(initialLanguage()).toBe('en');
  });

  it('the member’s pick wins over both, and is written to the cookie the server reads', async () => {
    clear();
    withBrowser(['en-US']);
    document.documentElement.lang = 'en';
    document.documentElement.dataset.langSource = 'browser';
    await changeLanguage('ja');
    expect(document.cookie).toContain('hibi_lang=ja');
    expect(localStorage.getItem('hibi.language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(initialLanguage()).toBe('ja');
    // A pick only in the cookie (storage cleared) still counts.
    localStorage.clear();
    expect(chosenLanguage()).toBe('ja');
  });

  it('a pick saved before the cookie existed is copied into it at start', async () => {
    clear();
    localStorage.setItem('hibi.language', 'en');
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('hibi_lang=en');
  });
});
