import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/query.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createMember, type MemberFixture } from '../fixtures.ts';

/**
 * Issue 16, item 3: FAQ categories and items and the help pages written from the console land where getFaq and
 * getHelpPage read; an item shows only within its Tokyo date window; publishing a new terms version sends every member
 * through the terms gate again. A clock of the test's own.
 */
// 00:30 on 2026-11-22 in Tokyo, still the 21st in UTC: the windows below are told apart only by the Tokyo day.
const clock = Date.parse('2026-11-21T15:30:00Z');
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
let support = '';
let member: MemberFixture;

beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  support = await t.operatorToken('support@example.com');
  member = await createMember(t.database.db, { now: now() });
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string) => (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const snapshot = async () => ({ items: await count('faq_items'), categories: await count('faq_categories'), pages: await count('help_pages') });
const memberFaqTitles = async (locale: 'ja' | 'en' = 'ja') =>
  (await t.call('getFaq', { locale } as never)).body.categories?.flatMap((c: { items: { title: string }[] }) => c.items.map((i) => i.title)) ?? [];

describe('FAQ', () => {
  let categoryId = 0;
  let itemId = 0;

  it('a new category and an item with a Tokyo date window appear for members within the window only', async () => {
    const category = await t.consoleCall('saveFaqCategory', { title: { ja: 'コンソールの質問', en: 'Console questions' } }, { token: editor });
    expect(category.body.succeed).toBe(true);
    categoryId = category.body.succeed ? category.body.id : 0;
    expect(categoryId).toBeGreaterThanOrEqual(10_000);

    const saved = await t.consoleCall(
      'saveFaqItem',
      {
        categoryId,
        title: { ja: '新しい質問', en: 'A new question' },
        html: { ja: '<p>答え<script>alert(1)</script></p>', en: '<p>Answer</p>' },
        fromDate: '2026-11-22',
        toDate: '2026-11-23',
      },
      { token: editor },
    );
    expect(saved.body.succeed).toBe(true);
    itemId = saved.body.succeed ? saved.body.id : 0;
    expect(await memberFaqTitles()).toContain('新しい質問');
    expect(await memberFaqTitles('en')).toContain('A new question');
    const faq = (await t.call('getFaq', {})).body;
    const item = faq.categories.find((c) => c.id === categoryId)!.items[0]!;
    expect(item.html).not.toContain('script');
    // Ended yesterday in Tokyo (today in UTC), or starting tomorrow: hidden.
    const edit = { id: itemId, categoryId, title: { ja: '新しい質問', en: 'A new question' }, html: { ja: '<p>答え</p>' } };
    expect((await t.consoleCall('saveFaqItem', { ...edit, fromDate: '2026-11-01', toDate: '2026-11-21' }, { token: editor })).body.succeed).toBe(
      true,
    );
    expect(await memberFaqTitles()).not.toContain('新しい質問');
    expect((await t.consoleCall('saveFaqItem', { ...edit, fromDate: '2026-11-23', toDate: null }, { token: editor })).body.succeed).toBe(true);
    expect(await memberFaqTitles()).not.toContain('新しい質問');
    expect((await t.consoleCall('saveFaqItem', { ...edit, fromDate: '2026-11-22', toDate: '2026-11-23' }, { token: editor })).body.succeed).toBe(
      true,
    );
    expect(await memberFaqTitles()).toContain('新しい質問');

    const listed = (await t.consoleCall('listFaq', {}, { token: support })).body;
    if (!listed.succeed) throw new Error('listFaq failed');
    expect(listed.categories.at(-1)).toMatchObject({
      id: categoryId,
      items: [{ id: itemId, fromDate: '2026-11-22', toDate: '2026-11-23', shownToday: true }],
    });
    const read = (await t.consoleCall('getFaqItem', { id: itemId }, { token: editor })).body;
    expect(read).toMatchObject({ succeed: true, item: { categoryId, title: { ja: '新しい質問' }, html: { ja: '<p>答え</p>' } } });
  });

  it('orders items and categories, and refuses to delete a category that has items', async () => {
    const second = await t.consoleCall('saveFaqItem', { categoryId, title: { ja: '二つ目' }, html: { ja: '<p>二</p>' } }, { token: editor });
    expect(second.body).toMatchObject({ succeed: true });
    const secondId = second.body.succeed ? second.body.id : 0;
    const order = async () => (await t.call('getFaq', {})).body.categories.find((c) => c.id === categoryId)!.items.map((i) => i.id);
    expect(await order()).toEqual([itemId, secondId]);
    expect((await t.consoleCall('moveFaqItem', { id: secondId, direction: 'up' }, { token: editor })).body.succeed).toBe(true);
    expect(await order()).toEqual([secondId, itemId]);
    expect((await t.consoleCall('moveFaqItem', { id: secondId, direction: 'up' }, { token: editor })).body.succeed).toBe(true);
    expect(await order()).toEqual([secondId, itemId]);

    const categories = async () => (await t.call('getFaq', {})).body.categories.map((c) => c.id);
    const before = await categories();
    expect(before.at(-1)).toBe(categoryId);
    await t.consoleCall('moveFaqCategory', { id: categoryId, direction: 'up' }, { token: editor });
    expect((await categories()).at(-2)).toBe(categoryId);

    expect((await t.consoleCall('deleteFaqCategory', { id: categoryId }, { token: editor })).body).toMatchObject({
      succeed: false,
      errorCode: 'categoryNotEmpty',
    });
    expect((await t.consoleCall('deleteFaqItem', { id: secondId }, { token: editor })).body.succeed).toBe(true);
    expect(await order()).toEqual([itemId]);
  });

  it('bad input answers 400 or a business error and changes nothing', async () => {
    const before = await snapshot();
    const base = { categoryId, title: { ja: '質問' }, html: { ja: '<p>答え</p>' } };
    const bad: unknown[] = [
      { ...base, fromDate: '2026-11-23', toDate: '2026-11-22' },
      { ...base, fromDate: '2026-02-30' },
      { ...base, fromDate: '2026/11/22' },
      { ...base, toDate: '99999-01-01' },
      { ...base, title: { ja: '' } },
      { ...base, title: { ja: 'a\u0000' } },
      { ...base, title: { ja: '\u202eabc' } },
      { ...base, categoryId: -1 },
      { ...base, categoryId: 1.5 },
      { ...base, html: { ja: 'x'.repeat(50_001) } },
      { ...base, id: 0 },
    ];
    for (const payload of bad) {
      const res = await t.consoleRaw('saveFaqItem', payload, { token: editor });
      expect(res.status, JSON.stringify(payload).slice(0, 100)).toBe(400);
    }
    expect((await t.consoleCall('saveFaqItem', { ...base, categoryId: 999_999 }, { token: editor })).body).toMatchObject({
      succeed: false,
      errorCode: 'unknownCategory',
    });
    expect((await t.consoleCall('saveFaqItem', { ...base, id: 999_999 }, { token: editor })).body).toMatchObject({
      succeed: false,
      errorCode: 'notFound',
    });
    expect((await t.consoleCall('moveFaqItem', { id: 999_999, direction: 'up' }, { token: editor })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await t.consoleRaw('moveFaqItem', { id: itemId, direction: 'sideways' }, { token: editor })).status).toBe(400);
    expect((await t.consoleRaw('saveFaqItem', base, { token: support })).status).toBe(403);
    expect((await t.consoleRaw('deleteFaqCategory', { id: categoryId }, { token: support })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('help pages and terms versions', () => {
  const section = (heading: string, html: string) => ({ heading, html });

  it('a correction of the current version is what members read at once, in its language', async () => {
    const listed = (await t.consoleCall('listHelpPages', {}, { token: support })).body;
    expect(listed).toMatchObject({ succeed: true, termsVersion: 2 });
    if (!listed.succeed) throw new Error('list failed');
    expect(listed.pages).toHaveLength(10);
    expect(listed.pages.find((p) => p.page === 'about' && p.language === 'ja')).toMatchObject({ source: 'file', version: 2, nextDraft: false });

    const draft = (await t.consoleCall('getHelpPageDraft', { page: 'about', language: 'en', version: 2 }, { token: editor })).body;
    expect(draft).toMatchObject({ succeed: true });
    if (!draft.succeed) throw new Error('draft failed');
    expect(draft.own).toBe(false);
    expect(draft.sections.length).toBeGreaterThan(0);

    const saved = await t.consoleCall(
      'saveHelpPage',
      {
        page: 'about',
        language: 'en',
        version: 2,
        title: 'About Hibi (revised)',
        lead: 'Lead',
        updatedOn: '2026-11-21',
        sections: [section('One', '<p>Text<img src=x onerror=alert(1)></p>')],
      },
      { token: editor },
    );
    expect(saved.body.succeed).toBe(true);
    const en = (await t.call('getHelpPage', { page: 'about', locale: 'en' } as never)).body;
    expect(en).toMatchObject({ succeed: true, title: 'About Hibi (revised)', termsVersion: 2, updatedOn: '2026-11-21' });
    expect(en.sections[0]!.html).not.toContain('onerror');
    // Japanese readers keep the Japanese file.
    expect((await t.call('getHelpPage', { page: 'about', locale: 'ja' } as never)).body.title).not.toBe('About Hibi (revised)');
    const after = (await t.consoleCall('listHelpPages', {}, { token: editor })).body;
    if (!after.succeed) throw new Error('list failed');
    expect(after.pages.find((p) => p.page === 'about' && p.language === 'en')).toMatchObject({ source: 'console', title: 'About Hibi (revised)' });
  });

  it('a draft of the next version stays hidden until published; publishing sends members through the terms gate', async () => {
    const terms = { page: 'termsOfUse' as const, version: 3, lead: '', updatedOn: '2026-12-01', sections: [section('第1条', '<p>新しい規約</p>')] };
    // Publishing needs the Japanese terms of the new version.
    expect((await t.consoleCall('publishTermsVersion', { version: 3 }, { token: editor })).body).toMatchObject({
      succeed: false,
      errorCode: 'termsDraftMissing',
    });
    expect((await t.consoleCall('saveHelpPage', { ...terms, language: 'ja', title: '利用規約（第3版）' }, { token: editor })).body.succeed).toBe(
      true,
    );
    expect((await t.consoleCall('saveHelpPage', { ...terms, language: 'en', title: 'Terms of Use (3rd)' }, { token: editor })).body.succeed).toBe(
      true,
    );
    expect((await t.call('getHelpPage', { page: 'termsOfUse' })).body).toMatchObject({ termsVersion: 2 });
    expect((await t.call('getHelpPage', { page: 'termsOfUse' })).body.title).not.toBe('利用規約（第3版）');
    expect((await t.callRaw('getMyProfile', {}, member.token)).status).toBe(200);

    const before = await snapshot();
    for (const version of [2, 4, 100]) {
      expect((await t.consoleCall('publishTermsVersion', { version }, { token: editor })).body, String(version)).toMatchObject({
        succeed: false,
        errorCode: 'versionNotNext',
      });
    }
    expect((await t.consoleRaw('publishTermsVersion', { version: 1 }, { token: editor })).status).toBe(400);
    expect((await t.consoleRaw('publishTermsVersion', { version: 3 }, { token: support })).status).toBe(403);
    expect((await t.consoleRaw('saveHelpPage', { ...terms, version: 5, language: 'ja', title: 'x' }, { token: editor })).body).toMatchObject({
      errorCode: 'versionNotEditable',
    });
    expect((await t.consoleRaw('saveHelpPage', { ...terms, language: 'fr', title: 'x' }, { token: editor })).status).toBe(400);
    expect((await t.consoleRaw('saveHelpPage', { ...terms, language: 'ja', title: 'x', updatedOn: '2026-13-01' }, { token: editor })).status).toBe(
      400,
    );
    expect((await t.consoleRaw('saveHelpPage', { ...terms, language: 'ja', title: 'x', sections: [] }, { token: editor })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await t.call('getConfig', {})).body.termsVersion).toBe(2);

    const published = await t.consoleCall('publishTermsVersion', { version: 3 }, { token: editor });
    expect(published.body).toMatchObject({ succeed: true, termsVersion: 3 });
    expect((await t.call('getConfig', {})).body.termsVersion).toBe(3);
    expect((await t.call('getHelpPage', { page: 'termsOfUse' })).body).toMatchObject({ termsVersion: 3, title: '利用規約（第3版）' });
    expect((await t.call('getHelpPage', { page: 'termsOfUse', locale: 'en' } as never)).body).toMatchObject({
      termsVersion: 3,
      title: 'Terms of Use (3rd)',
    });
    // Pages without a draft stay as they were.
    expect((await t.call('getHelpPage', { page: 'privacyPolicy' })).body).toMatchObject({ succeed: true, termsVersion: 2 });

    // The member accepted version 2: the gate holds every signed-in call until they accept version 3.
    const gated = await t.callRaw('getMyProfile', {}, member.token);
    expect(gated.status).toBe(403);
    expect(gated.body).toEqual({ succeed: false, errorCode: 'termsNotAccepted' });
    expect((await t.call('acceptTerms', { termsVersion: 3 }, member.token)).body).toEqual({ succeed: true, termsVersion: 3 });
    expect((await t.callRaw('getMyProfile', {}, member.token)).status).toBe(200);

    // The next draft is version 4 now.
    expect((await t.consoleCall('publishTermsVersion', { version: 3 }, { token: editor })).body).toMatchObject({
      errorCode: 'versionNotNext',
      termsVersion: 3,
    });
  });

  it('every write is audited', async () => {
    const audit = await rows<{ action: string }>(
      t.database.db,
      sql`SELECT DISTINCT action FROM audit_log WHERE target_type IN ('faq_item', 'faq_category', 'help_page', 'terms') ORDER BY action`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'deleteFaqItem',
      'moveFaqCategory',
      'moveFaqItem',
      'publishTermsVersion',
      'saveFaqCategory',
      'saveFaqItem',
      'saveHelpPage',
    ]);
  });
});
