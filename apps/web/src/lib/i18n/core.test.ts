import { describe, expect, it, vi } from 'vitest';
import { Translator, type Messages } from './core.ts';

const en: Record<string, Messages> = {
  common: {
    hello: 'Hello, {{name}}',
    nested: { deep: 'From {{place.city}}, {{ missing }}' },
    items_one: 'one item',
    items_other: '{{count}} items',
    likes_zero: 'no likes',
    likes_one: 'one like',
    likes_other: '{{count}} likes',
    friend: 'a friend',
    friend_male: 'a boyfriend',
    friend_male_other: '{{count}} boyfriends',
    sections: [{ heading: 'One {{name}}', body: 'Body' }, { heading: 'Two' }],
    empty: '',
    nothing: null,
  },
  other: { only: 'only in other', hello: 'Hello from other' },
};
const ja: Record<string, Messages> = { common: { items_other: '{{count}} 件', likes_zero: 'いいねなし', likes_other: '{{count}} いいね' } };

function translator(language = 'en') {
  const t = new Translator(async () => ({}), language);
  t.addMessages('en', en);
  t.addMessages('ja', ja);
  return t;
}

describe('the translator (decision 182): what i18next did with the app’s options', () => {
  it('plurals by Intl.PluralRules: English one / other, zero only where a key has it; Japanese always other', () => {
    const i18n = translator();
    expect(i18n.t('items', { count: 0 })).toBe('0 items');
    expect(i18n.t('items', { count: 1 })).toBe('one item');
    expect(i18n.t('items', { count: 2 })).toBe('2 items');
    expect(i18n.t('likes', { count: 0 })).toBe('no likes');
    expect(i18n.t('likes', { count: 1 })).toBe('one like');
    expect(i18n.t('likes', { count: 7 })).toBe('7 likes');
    const jaT = translator('ja');
    expect(jaT.t('items', { count: 0 })).toBe('0 件');
    expect(jaT.t('items', { count: 1 })).toBe('1 件');
    expect(jaT.t('likes', { count: 0 })).toBe('いいねなし');
    expect(jaT.t('likes', { count: 1 })).toBe('1 いいね');
    // A count given as a string is no plural: the plain key (missing here).
    expect(i18n.t('items', { count: '1' as unknown as number })).toBe('items');
  });

  it('interpolates {{name}} and nested paths, unescaped; a variable not given stays as written', () => {
    const i18n = translator();
    expect(i18n.t('hello', { name: '<b>Ann</b>' })).toBe('Hello, <b>Ann</b>');
    expect(i18n.t('hello')).toBe('Hello, {{name}}');
    expect(i18n.t('hello', { name: 3 })).toBe('Hello, 3');
    expect(i18n.t('hello', { name: undefined })).toBe('Hello, ');
    expect(i18n.t('nested.deep', { place: { city: 'Kyoto' } })).toBe('From Kyoto, {{ missing }}');
  });

  it('namespaces: the ns: prefix, the ns option, and several looked up in order', () => {
    const i18n = translator();
    expect(i18n.t('other:only')).toBe('only in other');
    expect(i18n.t('only', { ns: 'other' })).toBe('only in other');
    expect(i18n.t('hello', { ns: ['other', 'common'] })).toBe('Hello from other');
    expect(i18n.t('only', { ns: ['common', 'other'] })).toBe('only in other');
    const fixed = i18n.getFixedT(null, ['common', 'other']);
    expect(fixed('only')).toBe('only in other');
    expect(fixed('hello', { name: 'A' })).toBe('Hello, A');
    expect(fixed('other:hello')).toBe('Hello from other');
    // A sentence with a colon is a key, not a namespace (i18next's rule).
    expect(i18n.t('Note: later')).toBe('Note: later');
  });

  it('a missing key: the defaultValue (interpolated), else the key without its namespace', () => {
    const i18n = translator();
    expect(i18n.t('kinds.unknown')).toBe('kinds.unknown');
    expect(i18n.t('other:kinds.unknown')).toBe('kinds.unknown');
    expect(i18n.t('kinds.unknown', { defaultValue: 'raw {{v}}', v: 1 })).toBe('raw 1');
    expect(i18n.t('hello', { defaultValue: 'unused', name: 'B' })).toBe('Hello, B');
    // An empty message is a message; null is none.
    expect(i18n.t('empty')).toBe('');
    expect(i18n.t('nothing')).toBe('nothing');
  });

  it('returnObjects: the array or object, its strings interpolated; without it, i18next’s sentence', () => {
    const i18n = translator();
    expect(i18n.t('sections', { returnObjects: true, name: 'N' })).toEqual([{ heading: 'One N', body: 'Body' }, { heading: 'Two' }]);
    expect(i18n.t('sections')).toBe("key 'sections (en)' returned an object instead of string.");
  });

  it('context, with plurals', () => {
    const i18n = translator();
    expect(i18n.t('friend', { context: 'male' })).toBe('a boyfriend');
    expect(i18n.t('friend', { context: 'female' })).toBe('a friend');
    expect(i18n.t('friend', { context: 'male', count: 2 })).toBe('2 boyfriends');
    expect(i18n.t('friend', { context: '' })).toBe('a friend');
  });

  it('lng and getFixedT in another language', () => {
    const i18n = translator();
    expect(i18n.t('items', { count: 3, lng: 'ja' })).toBe('3 件');
    expect(i18n.getFixedT('ja')('items', { count: 3 })).toBe('3 件');
  });

  it('loads a namespace once, even when asked twice at the same time; a file that fails counts as empty', async () => {
    const loader = vi.fn(async (language: string, namespace: string) => {
      if (namespace === 'broken') throw new Error('gone');
      return { word: `${language}/${namespace}` };
    });
    const i18n = new Translator(loader, 'ja');
    expect(i18n.isLoaded('health')).toBe(false);
    await Promise.all([i18n.loadNamespaces('health'), i18n.loadNamespaces(['health'])]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(i18n.isLoaded('health')).toBe(true);
    expect(i18n.t('health:word')).toBe('ja/health');
    await i18n.loadNamespaces('broken');
    expect(i18n.isLoaded('broken')).toBe(true);
    expect(i18n.t('broken:word')).toBe('word');
  });

  it('a change of language loads the namespaces in use first, then tells the listeners; the last change wins', async () => {
    const loader = vi.fn(async (language: string, namespace: string) => ({ word: `${language}/${namespace}` }));
    const i18n = new Translator(loader, 'ja', { common: { word: 'ja/common' } });
    await i18n.loadNamespaces('health');
    const seen: string[] = [];
    i18n.subscribe(() => seen.push(`${i18n.language}:${String(i18n.isLoaded('health', 'en'))}:${String(i18n.isLoaded('common', 'en'))}`));
    await i18n.changeLanguage('en');
    expect(seen).toEqual(['en:true:true']);
    expect(i18n.t('word')).toBe('en/common');
    await Promise.all([i18n.changeLanguage('ja'), i18n.changeLanguage('en')]);
    expect(i18n.language).toBe('en');
    expect(seen).toEqual(['en:true:true']);
  });
});
