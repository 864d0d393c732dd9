import { describe, expect, it } from 'vitest';
import { allConsoleFunctions } from './index.ts';
import { saveAnnouncement, saveArticle } from './content.ts';
import { verifyTotp } from './auth.ts';

describe('console contract', () => {
  it('names are unique and every signed-in function names at least one role', () => {
    const names = allConsoleFunctions.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of allConsoleFunctions) {
      if (f.auth === 'none') expect(f.roles).toEqual([]);
      else expect(f.roles.length).toBeGreaterThan(0);
    }
  });

  it('a Japanese title is required; an empty English one becomes null', () => {
    const bad = saveAnnouncement.payload.safeParse({ title: { ja: '  ', en: 'x' }, publishAt: null });
    expect(bad.success).toBe(false);
    const good = saveAnnouncement.payload.parse({ title: { ja: 'お知らせ', en: '' }, publishAt: null });
    expect(good.title).toEqual({ ja: 'お知らせ', en: null });
    expect(good.sections).toEqual([]);
  });

  it('images need Japanese alt text and a safe URL', () => {
    const base = { title: { ja: 'a' }, publishAt: 1, genreId: 'genre1' };
    expect(saveArticle.payload.safeParse({ ...base, headerImage: { url: '/media/a.webp', alt: { ja: '' } } }).success).toBe(false);
    expect(saveArticle.payload.safeParse({ ...base, headerImage: { url: 'javascript:alert(1)', alt: { ja: 'a' } } }).success).toBe(false);
    expect(saveArticle.payload.safeParse({ ...base, headerImage: { url: '//evil.example/a.png', alt: { ja: 'a' } } }).success).toBe(false);
    expect(saveArticle.payload.safeParse({ ...base, headerImage: { url: '/media/a.webp', alt: { ja: '画像' } } }).success).toBe(true);
  });

  it('verifyTotp takes a code or a recovery code, not both', () => {
    expect(verifyTotp.payload.safeParse({ challenge: 'c', code: '123456' }).success).toBe(true);
    expect(verifyTotp.payload.safeParse({ challenge: 'c', recoveryCode: 'abcd-efgh' }).success).toBe(true);
    expect(verifyTotp.payload.safeParse({ challenge: 'c' }).success).toBe(false);
    expect(verifyTotp.payload.safeParse({ challenge: 'c', code: '123456', recoveryCode: 'x' }).success).toBe(false);
    expect(verifyTotp.payload.safeParse({ challenge: 'c', code: '12345a' }).success).toBe(false);
  });
});
