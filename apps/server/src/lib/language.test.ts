import { describe, expect, it } from 'vitest';
import { negotiateLanguage, pageLanguage } from './language.ts';

describe('negotiateLanguage (Accept-Language)', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['ja,en-US;q=0.9,en;q=0.8', 'ja'],
    ['en-GB', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8,ja;q=0.7', 'en'],
    ['fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7', 'ja'],
    ['en;q=0.5,ja;q=0.8', 'ja'],
    ['en;q=0.8,ja;q=0.8', 'en'],
    ['JA-jp', 'ja'],
    ['*', 'ja'],
    ['ja;q=0,*', 'en'],
    ['en;q=0, ja;q=0', null],
    ['fr, de', null],
    ['', null],
    [undefined, null],
    ['en;q=abc', 'en'],
    [';;;,,,', null],
    [`${'x,'.repeat(5000)}en`, null],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('pageLanguage', () => {
  it('the chosen language (hibi_lang) wins over the browser’s, which wins over the default', () => {
    expect(pageLanguage({ cookie: 'a=1; hibi_lang=ja', 'accept-language': 'en-US' })).toEqual({ lang: 'ja', source: 'choice' });
    expect(pageLanguage({ cookie: 'hibi_lang=fr', 'accept-language': 'en-US' })).toEqual({ lang: 'en', source: 'browser' });
    expect(pageLanguage({ 'accept-language': 'fr' })).toEqual({ lang: 'ja', source: 'default' });
    expect(pageLanguage({})).toEqual({ lang: 'ja', source: 'default' });
  });
});
