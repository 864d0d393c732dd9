import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';

describe('i18n (issue 13, finding 13)', () => {
  it('Japanese by default, English as the fallback for a message Japanese lacks', async () => {
    await initI18n('ja');
    expect(i18next.language).toBe('ja');
    await i18next.loadLanguages('en');
    i18next.addResource('en', 'common', 'onlyInEnglish', 'English text');
    expect(i18next.t('onlyInEnglish')).toBe('English text');
    // A message both files have comes in Japanese.
    expect(i18next.t('language.current')).toBe('日本語');
  });
});
