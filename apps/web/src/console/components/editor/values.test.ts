import { describe, expect, it } from 'vitest';
import { sectionsForMembers, sectionsToPayload, emptySection, isEmptyHtml } from './values.ts';

describe('editor values', () => {
  it('sends empty optional texts as null and keeps what was written', () => {
    const section = { ...emptySection(), subtitle: { ja: '見出し', en: '' }, comment: { ja: '<p></p>', en: '' } };
    const [payload] = sectionsToPayload([section]);
    expect(payload!.subtitle).toEqual({ ja: '見出し', en: '' });
    expect(payload!.comment).toBeNull();
    expect(payload!.relType).toBeNull();
    expect(payload!.relLabel).toBeNull();
  });

  it('renders English with the Japanese text where English is missing', () => {
    const section = { ...emptySection(), subtitle: { ja: '見出し', en: 'Heading' }, comment: { ja: '<p>本文</p>', en: '' } };
    const [en] = sectionsForMembers([section], 'en');
    expect(en!.subtitle).toBe('Heading');
    expect(en!.comment).toBe('<p>本文</p>');
    const [ja] = sectionsForMembers([section], 'ja');
    expect(ja!.subtitle).toBe('見出し');
  });

  it('knows the rich-text editor’s empty paragraph', () => {
    expect(isEmptyHtml('<p></p>')).toBe(true);
    expect(isEmptyHtml('<p> <br></p>')).toBe(true);
    expect(isEmptyHtml('<p>a</p>')).toBe(false);
  });
});
