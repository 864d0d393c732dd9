import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createArticle, createLiteTenant, createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { insertSections } from './data/sections.ts';
import { SECTION_TYPE } from '@hibi/contract/constants';

let t: TestApp;
let corporate: MemberFixture;
let lite: MemberFixture;
const ids: Record<string, number> = {};
const HOUR = 3600_000;

/** Searches as `token` (a guest without one); the ids found, in order, and the total. */
async function search(query: string, token?: string, page: { offset?: number; perPage?: number } = {}) {
  const { status, body } = await t.call('searchReportArticles', { query, ...page }, token);
  expect(status).toBe(200);
  expect(body.succeed).toBe(true);
  return { ids: body.reportArticles.map((a) => a.id), total: body.total, titles: body.reportArticles.map((a) => a.title) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const db = t.database.db;
  corporate = await createMember(db);
  lite = await createMember(db, { tenantId: await createLiteTenant(db) });
  ids.sleepTitle = await createArticle(db, {
    titleJa: '睡眠の質を上げる夜の習慣',
    titleEn: 'Evening habits for better sleep',
    descriptionJa: '眠りについての記事',
    publishedAt: new Date(Date.now() - 5 * HOUR),
  });
  ids.sleepDescription = await createArticle(db, {
    titleJa: '夜の過ごし方',
    titleEn: 'Your evenings',
    descriptionJa: '睡眠と食事の関係を紹介します',
    descriptionEn: 'How sleeping and eating meet',
    publishedAt: new Date(Date.now() - 4 * HOUR),
  });
  ids.sleepSection = await createArticle(db, { titleJa: '週末のリズム', titleEn: 'Weekend rhythm', publishedAt: new Date(Date.now() - 3 * HOUR) });
  await insertSections(db, 'report_article', ids.sleepSection, [
    {
      sectionType: SECTION_TYPE.description,
      subtitleJa: 'ポイント',
      commentJa: '<p>休日も<strong>睡眠</strong>時間を一定に。</p>',
      commentEn: '<p>Keep sleep &amp; wake times.</p>',
    },
  ]);
  ids.contractOnly = await createArticle(db, {
    titleJa: '睡眠セミナー（契約企業向け）',
    contractOnly: true,
    publishedAt: new Date(Date.now() - 2 * HOUR),
  });
  ids.scheduled = await createArticle(db, { titleJa: '睡眠の新しい記事（予約公開）', publishedAt: new Date(Date.now() + 24 * HOUR) });
  ids.running = await createArticle(db, {
    titleJa: 'ランニング入門',
    titleEn: 'Running for beginners',
    publishedAt: new Date(Date.now() - 6 * HOUR),
  });
  ids.nasty = await createArticle(db, {
    titleJa: '100% 果汁_ジュースと "糖分" の話',
    titleEn: "Juice: 100% isn't sugar-free",
    publishedAt: new Date(Date.now() - 7 * HOUR),
  });
  for (let i = 0; i < 12; i++) {
    await createArticle(db, { titleJa: `ストレッチ講座 第${i + 1}回`, publishedAt: new Date(Date.now() - (10 + i) * HOUR) });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('searchReportArticles', () => {
  it('finds a Japanese word inside longer text (睡眠 in 睡眠の質), titles first, then descriptions, then sections', async () => {
    const found = await search('睡眠', corporate.token);
    // Two title matches (equal rank: the newer first), a description match, a section match.
    expect(found.ids).toEqual([ids.contractOnly, ids.sleepTitle, ids.sleepDescription, ids.sleepSection]);
    expect(found.total).toBe(4);
    // A longer substring (three characters and more use the trigram index).
    expect((await search('睡眠の質', corporate.token)).ids).toEqual([ids.sleepTitle]);
  });

  it('matches English by stem and ignores case', async () => {
    // "sleeping" in a description and "sleep" in a title and a section: all found by the stem.
    const found = await search('Sleeping', corporate.token);
    expect(found.ids).toEqual(expect.arrayContaining([ids.sleepTitle, ids.sleepDescription, ids.sleepSection]));
    expect((await search('sleep', corporate.token)).ids).toEqual([ids.sleepTitle, ids.sleepDescription, ids.sleepSection]);
    expect((await search('RUNS', corporate.token)).ids).toEqual([ids.running]);
    expect((await search('beginner', corporate.token)).ids).toEqual([ids.running]);
  });

  it('needs every word to match', async () => {
    expect((await search('睡眠 食事', corporate.token)).ids).toEqual([ids.sleepDescription]);
    expect((await search('睡眠　習慣', corporate.token)).ids).toEqual([ids.sleepTitle]); // ideographic space
    expect((await search('睡眠 ランニング', corporate.token)).ids).toEqual([]);
  });

  it('applies the library list rules: guests, members without a corporate contract, corporate members', async () => {
    // Guests: no contract-only articles, no section text (members' content), never scheduled ones.
    expect((await search('睡眠')).ids).toEqual([ids.sleepTitle, ids.sleepDescription]);
    // A lite-plan member: sections yes, contract-only no.
    expect((await search('睡眠', lite.token)).ids).toEqual([ids.sleepTitle, ids.sleepDescription, ids.sleepSection]);
    // A corporate member: everything published.
    const all = await search('睡眠', corporate.token);
    expect(all.ids).toContain(ids.contractOnly);
    expect(all.ids).not.toContain(ids.scheduled);
    // A guest cannot find an article by its section text.
    expect((await search('休日')).ids).toEqual([]);
    expect((await search('休日', lite.token)).ids).toEqual([ids.sleepSection]);
  });

  it('answers titles in the caller language', async () => {
    const en = await t.call('searchReportArticles', { query: '睡眠の質', locale: 'en' });
    expect(en.body.reportArticles.map((a) => a.title)).toEqual(['Evening habits for better sleep']);
    const ja = await t.call('searchReportArticles', { query: 'better sleep' });
    expect(ja.body.reportArticles.map((a) => a.title)).toEqual(['睡眠の質を上げる夜の習慣']);
  });

  it('pages in SQL with the total on every page, also past the end', async () => {
    const first = await search('ストレッチ', undefined, { offset: 0, perPage: 5 });
    const second = await search('ストレッチ', undefined, { offset: 5, perPage: 5 });
    const third = await search('ストレッチ', undefined, { offset: 10, perPage: 5 });
    const past = await search('ストレッチ', undefined, { offset: 50, perPage: 5 });
    expect([first.total, second.total, third.total, past.total]).toEqual([12, 12, 12, 12]);
    expect([first.ids.length, second.ids.length, third.ids.length, past.ids.length]).toEqual([5, 5, 2, 0]);
    expect(new Set([...first.ids, ...second.ids, ...third.ids]).size).toBe(12);
    // Equal ranks: newest first.
    expect(first.titles[0]).toBe('ストレッチ講座 第1回');
    expect(third.titles.at(-1)).toBe('ストレッチ講座 第12回');
  });

  it('takes %, _, quotes and backslashes literally, never as patterns or syntax', async () => {
    expect((await search('%')).ids).toEqual([ids.nasty]);
    expect((await search('_')).ids).toEqual([ids.nasty]);
    expect((await search('果汁_')).ids).toEqual([ids.nasty]);
    expect((await search('"糖分"')).ids).toEqual([ids.nasty]);
    expect((await search("isn't")).ids).toEqual([ids.nasty]);
    for (const query of ['\\', "'", '"', '&', '|', '!', '(', ':*', "' OR 1=1 --", '%%%', '<b>', '睡眠 & !', 'a'.repeat(100)]) {
      const { status, body } = await t.callRaw('searchReportArticles', { query });
      expect(status, query).toBe(200);
      expect(body.succeed, query).toBe(true);
    }
    expect((await search('%%%')).ids).toEqual([]);
  });

  it('refuses empty, too long and forbidden text with a clear 400', async () => {
    for (const query of ['', '   ', 'a'.repeat(101), 'a\u0000b', '\u202e睡眠', '\ud800', 12, null]) {
      const { status, body } = await t.callRaw('searchReportArticles', { query });
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.errorCode).toBe('validationError');
      expect(body.validationErrorMessage?.length).toBeGreaterThan(0);
    }
    for (const page of [{ offset: -1 }, { perPage: 0 }, { perPage: 51 }, { offset: 1.5 }]) {
      const { status } = await t.callRaw('searchReportArticles', { query: '睡眠', ...page });
      expect(status).toBe(400);
    }
  });

  it('follows edits of titles and sections (the search rows are kept by triggers)', async () => {
    const db = t.database.db;
    const id = await createArticle(db, { titleJa: '新着の記事' });
    expect((await search('瞑想', corporate.token)).ids).toEqual([]);
    await insertSections(db, 'report_article', id, [{ sectionType: SECTION_TYPE.description, commentJa: '<p>瞑想の時間</p>' }]);
    expect((await search('瞑想', corporate.token)).ids).toEqual([id]);
    await db.execute(sql`UPDATE report_articles SET title_ja = 'マインドフルネス' WHERE id = ${id}`);
    expect((await search('マインドフル')).ids).toEqual([id]);
    await db.execute(sql`DELETE FROM sections WHERE owner_type = 'report_article' AND owner_id = ${id}`);
    expect((await search('瞑想', corporate.token)).ids).toEqual([]);
    // Tags in section HTML are not text.
    expect((await search('strong', corporate.token)).ids).toEqual([]);
  });

  it('finds one- and two-character Japanese words and mixed words through the grams index, and ASCII parts in any case', async () => {
    const db = t.database.db;
    const id = await createArticle(db, { titleJa: '体の記録', publishedAt: new Date(Date.now() - 8 * HOUR) });
    await insertSections(db, 'report_article', id, [{ sectionType: SECTION_TYPE.description, commentJa: '<p>体重とBMI値の関係</p>' }]);
    for (const query of ['値', 'BMI値', 'bmi値', 'I値の', '体重']) {
      expect((await search(query, corporate.token)).ids, query).toContain(id);
    }
    // The pairs must be next to each other, in order: 値B is nowhere in the text.
    expect((await search('値B', corporate.token)).ids).not.toContain(id);
    // Section text is members' content: a guest finds the article by its title only.
    expect((await search('値')).ids).not.toContain(id);
    expect((await search('記録')).ids).toContain(id);
    // A row's grams: non-ASCII characters and pairs holding one, none across a space (either kind).
    const [row] = await rows<{ g: string[] }>(db, sql`SELECT search_grams(${'睡眠の質\u3000とbmi'}) AS g`);
    expect(row!.g.sort()).toEqual(['と', 'とb', 'の', 'の質', '眠', '眠の', '睡', '睡眠', '質'].sort());
  });
});
