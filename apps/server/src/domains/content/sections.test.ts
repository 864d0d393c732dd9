import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertSections } from './data/sections.ts';
import { loadSections } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('sections', () => {
  it('stores sanitised sections and loads many owners in one query, in order, with the Japanese fallback', async () => {
    const db = t.database.db;
    await insertSections(db, 'event', 9001, [
      {
        sectionType: 2,
        subtitleJa: '見出し',
        commentJa: '<p onclick="x()">本文<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
        commentEn: '<p>Body</p>',
        images: ['/media/content/a.svg', '/media/content/b.svg'],
        videos: [{ videoUrl: '/media/content/v.mp4', thumbnailUrl: '/media/content/t.svg' }],
        attachments: [{ fileNameJa: '資料.pdf', url: '/media/content/doc.pdf' }],
      },
      { sectionType: 5, relType: 'TaggedReportArticles', relObjectId: 'genre3', relLabelJa: '休養の記事', relLabelEn: 'Rest articles' },
    ]);
    await insertSections(db, 'event', 9002, [{ sectionType: 2, commentJa: '<p>二つ目</p>' }]);
    await insertSections(db, 'announcement', 9001, [{ sectionType: 2, commentJa: '<p>別の持ち主</p>' }]);

    const en = await loadSections(db, 'event', [9001, 9002, 9003], 'en');
    expect([...en.keys()]).toEqual([9001, 9002, 9003]);
    const [first, link] = en.get(9001)!;
    expect(first).toMatchObject({ sectionType: 2, subtitle: '見出し', comment: '<p>Body</p>', relType: null, relObjectID: null });
    expect(first!.images.map((i) => i.url)).toEqual(['/media/content/a.svg', '/media/content/b.svg']);
    expect(first!.videos).toEqual([{ videoID: expect.any(Number), videoUrl: '/media/content/v.mp4', thumbnailImageUrl: '/media/content/t.svg' }]);
    expect(first!.attachments).toEqual([{ id: expect.any(Number), fileName: '資料.pdf', url: '/media/content/doc.pdf' }]);
    expect(link).toMatchObject({ sectionType: 5, relType: 'TaggedReportArticles', relObjectID: 'genre3', relLabel: 'Rest articles' });
    expect(en.get(9002)).toHaveLength(1);
    expect(en.get(9003)).toEqual([]);

    const ja = await loadSections(db, 'event', [9001], 'ja');
    const comment = ja.get(9001)![0]!.comment!;
    expect(comment).toContain('本文');
    expect(comment).not.toMatch(/script|onerror|onclick|alert/);

    const stored = (await db.execute(sql`SELECT count(*)::int AS n FROM sections WHERE owner_type = 'announcement'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0]!.n).toBe(1);
  });
});
