import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type Payload, type TestApp } from '../../../test/helpers.ts';
import { tokyoDay } from '@hibi/contract/time';
import { loadHelpPage, versionFolder } from './service.ts';

const SEEDED_AT = new Date('2026-11-20T03:00:00Z'); // 12:00 in Tokyo

describe('FAQ', () => {
  let t: TestApp;
  let clock = SEEDED_AT;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    // A test item shown on 2026-12-01 .. 2026-12-03 (Tokyo days), plus open-ended ones on each side.
    await t.database.db
      .execute(sql`INSERT INTO faq_items (id, category_id, sort_order, title_ja, title_en, html_ja, html_en, from_date, to_date) VALUES
      (9901, 9000, 9901, '期間テスト', 'Window test', '<p>x</p>', '<p>x</p>', '2026-12-01', '2026-12-03'),
      (9902, 9000, 9902, '開始のみ', 'From only', '<p>x</p>', NULL, '2026-12-02', NULL),
      (9903, 9000, 9903, '終了のみ', 'To only', '<p>x</p>', NULL, NULL, '2026-12-01')`);
  }, 120_000);
  afterAll(async () => t?.close());

  const itemIds = async (at: Date) => {
    clock = at;
    const r = await t.call('getFaq', {});
    expect(r.body.succeed).toBe(true);
    return (r.body.categories as { items: { id: number }[] }[]).flatMap((c) => c.items.map((i) => i.id));
  };

  it('has the nine categories with their items, in both languages', async () => {
    clock = SEEDED_AT;
    const ja = await t.call('getFaq', {});
    expect(ja.body.categories.map((c: { id: number }) => c.id)).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
    expect(ja.body.categories[0]!.title).toBe('初めてのログイン');
    for (const c of ja.body.categories) expect(c.items.length).toBeGreaterThan(0);
    const en = await t.call('getFaq', { locale: 'en' });
    expect(en.body.categories[6]!.title).toBe('Point redemption');
    const all = JSON.stringify(en.body);
    for (const fact of [
      '7 or more',
      '14 days',
      'includes today',
      'excludes today',
      'middle of the next month',
      'late in the next month',
      '3 years',
    ]) {
      expect(all).toContain(fact);
    }
  });

  it('shows the demo items that are open today and hides expired and future ones', async () => {
    const ids = await itemIds(SEEDED_AT);
    expect(ids).toContain(6090); // open now
    expect(ids).toContain(1090); // last day is today
    expect(ids).not.toContain(9090); // expired
    expect(ids).not.toContain(7090); // future
  });

  it.each([
    ['2026-11-30T14:59:59Z', '2026-11-30', false], // 23:59:59 Tokyo, the day before
    ['2026-11-30T15:00:00Z', '2026-12-01', true], // 00:00 Tokyo on the first day
    ['2026-12-01T00:00:00Z', '2026-12-01', true],
    ['2026-12-03T14:59:59Z', '2026-12-03', true], // 23:59:59 Tokyo on the last day
    ['2026-12-03T15:00:00Z', '2026-12-04', false], // 00:00 Tokyo the day after
  ])('at %s (Tokyo day %s) the 12-01..12-03 item shown: %s', async (instant, day, shown) => {
    const at = new Date(instant);
    expect(tokyoDay(at)).toBe(day);
    const ids = await itemIds(at);
    expect(ids.includes(9901)).toBe(shown);
    expect((await t.call('getFaq', {})).body.today).toBe(day);
  });

  it('treats a missing from or to day as open-ended', async () => {
    expect(await itemIds(new Date('2026-12-01T14:59:59Z'))).toEqual(expect.arrayContaining([9903]));
    expect(await itemIds(new Date('2026-12-01T14:59:59Z'))).not.toContain(9902);
    expect(await itemIds(new Date('2026-12-01T15:00:00Z'))).toContain(9902);
    expect(await itemIds(new Date('2026-12-01T15:00:00Z'))).not.toContain(9903);
  });

  it('stores sanitised HTML and falls back to Japanese without English', async () => {
    clock = new Date('2026-12-02T03:00:00Z');
    const en = await t.call('getFaq', { locale: 'en' });
    const item = en.body.categories.find((c: { id: number }) => c.id === 9000)!.items.find((i: { id: number }) => i.id === 9902);
    expect(item).toMatchObject({ title: 'From only', html: '<p>x</p>', from: '2026-12-02', to: null });
    const fallback = en.body.categories.find((c: { id: number }) => c.id === 9000)!.items.find((i: { id: number }) => i.id === 9903);
    expect(fallback).toBeUndefined();
    const texts = JSON.stringify(en.body);
    expect(texts).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('links library articles that are published and open to everybody', async () => {
    clock = SEEDED_AT;
    const r = await t.call('getFaq', { locale: 'en' });
    const item = r.body.categories.find((c: { id: number }) => c.id === 6000)!.items.find((i: { id: number }) => i.id === 6095);
    const articles = (await t.database.db.execute(
      sql`SELECT id FROM report_articles WHERE NOT contract_only AND published_at <= ${SEEDED_AT.toISOString()}`,
    )) as unknown as { rows: { id: number }[] };
    if (articles.rows.length === 0) return expect(item).toBeUndefined();
    const linked = [...(item!.html as string).matchAll(/href="\/library\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(linked.length).toBeGreaterThan(0);
    for (const id of linked) expect(articles.rows.map((a) => a.id)).toContain(id);
  });

  it('refuses payload fields it does not know', async () => {
    expect((await t.callRaw('getFaq', { category: 1000 })).status).toBe(400);
  });
});

describe('help pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await t.database.db.execute(sql`UPDATE config SET value = '2' WHERE key = 'termsVersion'`);
  }, 120_000);
  afterAll(async () => t?.close());

  const text = async (page: Payload<'getHelpPage'>['page'], locale: string) => {
    const r = await t.call('getHelpPage', { page, locale });
    expect(r.body.succeed).toBe(true);
    return r.body;
  };

  it.each(['termsOfUse', 'websiteTermsOfUse', 'privacyPolicy', 'howToUse', 'about'] as const)(
    'serves %s in both languages with the same sections',
    async (page) => {
      const ja = await text(page, 'ja');
      const en = await text(page, 'en');
      expect(ja.title).not.toBe(en.title);
      expect(ja.sections.map((s: { id: string }) => s.id)).toEqual(en.sections.map((s: { id: string }) => s.id));
      expect(ja.sections.length).toBeGreaterThan(2);
      expect(en.termsVersion).toBe(2);
      for (const s of [...ja.sections, ...en.sections]) {
        for (const img of s.images) expect(img.url).toMatch(/^\/media\/help\/[a-z-]+\.svg$/);
        for (const img of s.images)
          expect(fs.existsSync(path.join(import.meta.dirname, '../../../public', img.url.replace('/media/', '')))).toBe(true);
      }
    },
  );

  it('states the facts of the terms in English and Japanese', async () => {
    const en = JSON.stringify([await text('termsOfUse', 'en'), await text('privacyPolicy', 'en')]);
    for (const fact of [
      '3 years from the day you last acquired points',
      'become <strong>void</strong> if your use is suspended or the Service ends',
      'within 3 months after the Service ends',
      'not shared with third parties other than our processors',
      'height, weight, steps and body fat ratio',
      'iOS 16 or later',
      'Android 10 or later',
      'Categories of information we collect',
      'Purposes of use',
      'correct or delete',
    ]) {
      expect(en).toContain(fact);
    }
    const ja = JSON.stringify([await text('termsOfUse', 'ja'), await text('privacyPolicy', 'ja')]);
    for (const fact of [
      '最後にポイントを獲得した日から3年間',
      '失効',
      'サービス終了後3か月以内',
      '業務委託先を除く第三者に提供しません',
      '身長・体重・歩数・体脂肪率',
      'iOS 16以上',
      'Android 10以上',
      '取得する情報の種類',
      '利用目的',
      '訂正・削除',
    ]) {
      expect(ja).toContain(fact);
    }
  });

  it('describes every service on the About page', async () => {
    const about = await text('about', 'en');
    expect(about.sections.map((s: { id: string }) => s.id)).toEqual([
      'team-walk',
      'individual-challenge',
      'health-festival',
      'health-quiz',
      'weekly-videos',
      'self-log',
      'missions',
      'points',
      'disease-risk',
      'friends',
      'weight-goal',
      'wearables',
    ]);
    const all = JSON.stringify(about);
    for (const fact of [
      '7 or more',
      '8,000 steps',
      'about 25 per round',
      'Tuesday and Wednesday',
      '10 stamps',
      'diabetes, high blood pressure and dyslipidemia 5 years ahead',
      '9-digit connect code',
      'chat',
    ]) {
      expect(all).toContain(fact);
    }
  });

  it('rejects unknown pages', async () => {
    expect((await t.callRaw('getHelpPage', { page: 'secrets' })).status).toBe(400);
    expect((await t.callRaw('getHelpPage', { page: '../../etc/passwd' })).status).toBe(400);
    expect((await t.callRaw('getHelpPage', {})).status).toBe(400);
  });

  it('uses the newest content folder not newer than the terms version, sanitises and keeps media self-hosted', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'help-'));
    fs.mkdirSync(path.join(dir, 'v1', 'ja'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'v3', 'ja'), { recursive: true });
    const page = (title: string) => ({
      title,
      updatedOn: '2026-01-01',
      sections: [
        {
          id: 'a',
          heading: 'A',
          html: ['<p onclick="x()">ok</p>', '<script>alert(1)</script>'],
          images: [
            { url: 'https://evil.example/x.png', alt: '' },
            { url: '/media/help/points.svg', alt: 'p' },
          ],
          video: { url: 'https://youtube.example/v' },
        },
      ],
    });
    fs.writeFileSync(path.join(dir, 'v1', 'ja', 'about.json'), JSON.stringify(page('one')));
    fs.writeFileSync(path.join(dir, 'v3', 'ja', 'about.json'), JSON.stringify(page('three')));
    expect(versionFolder(2, dir)).toBe(1);
    expect(loadHelpPage('about', 'en', 2, dir)!.title).toBe('one');
    expect(loadHelpPage('about', 'ja', 5, dir)!.title).toBe('three');
    const loaded = loadHelpPage('about', 'ja', 2, dir)!;
    expect(loaded.sections[0]!.html).toBe('<p>ok</p>\n');
    expect(loaded.sections[0]!.images).toEqual([{ url: '/media/help/points.svg', alt: 'p' }]);
    expect(loaded.sections[0]!.video).toBeNull();
    expect(loadHelpPage('termsOfUse', 'ja', 2, dir)).toBeNull();
    expect(versionFolder(0, dir)).toBe(1);
    expect(versionFolder(1, fs.mkdtempSync(path.join(os.tmpdir(), 'help-empty-')))).toBeNull();
  });
});
