import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AnnouncementFormValues, ArticleFormValues } from '@hibi/contract/console/content';
import { rows } from '../../src/db/query.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 15, item 4: announcements and library articles authored from the console land in the content tables the
 * member calls read; drafts, future and taken-down items are absent for members (lists and details), and a scheduled
 * item appears at its time without a restart. A clock of the test's own.
 */
const MINUTE = 60_000;
let clock = Date.parse('2026-11-21T03:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
let member = '';
beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  member = await t.login('member@example.com');
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: 'announcements' | 'report_articles' | 'sections') =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;

const announcement = (over: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  title: { ja: 'コンソールからのお知らせ', en: 'A notice from the console' },
  images: [{ url: '/media/uploads/0123456789abcdef0123456789abcdef.webp', alt: { ja: '窓の外の景色', en: 'The view' } }],
  sections: [
    {
      sectionType: 2,
      subtitle: { ja: '見出し', en: 'Heading' },
      comment: {
        ja: '<p>本文<strong>強調</strong><script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">リンク</a></p>',
        en: '<p>Body <img src=x onerror=alert(3)></p>',
      },
      images: [{ url: 'https://cdn.example.com/a.jpg', alt: { ja: '図' } }],
      attachments: [{ url: '/media/uploads/0123456789abcdef0123456789abcdef.pdf', fileName: { ja: '資料.pdf' } }],
    },
    { sectionType: 5, relType: 'EventList', relLabel: { ja: 'イベント一覧へ', en: 'To the events' } },
  ],
  isImportant: true,
  contractOnly: false,
  publishAt: null,
  ...over,
});

/** An answer with the signatures of its upload URLs taken off (every answer signs them, decision 144). */
const unsigned = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\?exp=\d+&sig=[\w-]+/g, '')) as T;

const memberList = async () => (await t.call('getAnnouncements', { offset: 0, perPage: 50 }, member)).body.announcements.map((a) => a.id);
const memberDetail = async (id: number) => (await t.call('getAnnouncementById', { id }, member)).body;

describe('announcements', () => {
  it('a draft is stored with its sections, rich text sanitised again, and is absent for members', async () => {
    const saved = await t.consoleCall('saveAnnouncement', announcement(), { token: editor });
    expect(saved.body).toMatchObject({ succeed: true, state: 'draft' });
    const id = saved.body.id;
    const read = (await t.consoleCall('getConsoleAnnouncement', { id }, { token: editor })).body.announcement;
    expect(read).toMatchObject({
      id,
      state: 'draft',
      publishAt: null,
      isImportant: true,
      title: { ja: 'コンソールからのお知らせ' },
      updatedBy: 'editor@example.com',
    });
    expect(read.images[0]!.url).toMatch(/^\/media\/uploads\/0123456789abcdef0123456789abcdef\.webp\?exp=\d+&sig=/);
    expect(unsigned(read.images)).toEqual([
      { url: '/media/uploads/0123456789abcdef0123456789abcdef.webp', alt: { ja: '窓の外の景色', en: 'The view' } },
    ]);
    const comment = read.sections[0]!.comment!;
    expect(comment.ja).toBe('<p>本文<strong>強調</strong><a>リンク</a></p>');
    expect(comment.en).toBe('<p>Body </p>');
    expect(read.sections[0]!.images).toEqual([{ url: 'https://cdn.example.com/a.jpg', alt: { ja: '図', en: null } }]);
    expect(read.sections[1]).toMatchObject({ sectionType: 5, relType: 'EventList', relLabel: { ja: 'イベント一覧へ', en: 'To the events' } });
    expect(await memberList()).not.toContain(id);
    expect(await memberDetail(id)).toEqual({ succeed: false, errorCode: 'notFound' });
    // The console list finds it by title and state.
    const listed = await t.consoleCall('listConsoleAnnouncements', { query: 'コンソール', state: 'draft' }, { token: editor });
    expect(listed.body.announcements.map((a) => a.id)).toEqual([id]);
    expect(listed.body.total).toBe(1);
  });

  it('a scheduled one appears at its time, without a restart, in lists and details', async () => {
    const at = clock + 10 * MINUTE;
    const saved = await t.consoleCall('saveAnnouncement', announcement({ title: { ja: '予約投稿' }, publishAt: at }), { token: editor });
    expect(saved.body.state).toBe('scheduled');
    const id = saved.body.id;
    expect(await memberList()).not.toContain(id);
    expect((await memberDetail(id)).succeed).toBe(false);
    clock = at - 1;
    expect(await memberList()).not.toContain(id);
    clock = at;
    expect(await memberList()).toContain(id);
    const detail = await memberDetail(id);
    expect(detail).toMatchObject({ succeed: true, announcement: { id, title: '予約投稿', isImportant: true } });
    expect(detail.announcement.sections?.[0]?.comment).toBe('<p>本文<strong>強調</strong><a>リンク</a></p>');
    // Alt texts reach the member calls in the caller's language (Japanese when there is no English one).
    expect(detail.announcement.images[0]?.alt).toBe('窓の外の景色');
    expect(detail.announcement.sections?.[0]?.images[0]?.alt).toBe('図');
    const en = (await t.call('getAnnouncementById', { id, locale: 'en' }, member)).body.announcement;
    expect([en.images[0]?.alt, en.sections?.[0]?.images[0]?.alt]).toEqual(['The view', '図']);
    // Guests too, and in English the Japanese title stands in for the missing English one.
    expect((await t.call('getAnnouncements', { offset: 0, perPage: 50, locale: 'en' })).body.announcements.find((a) => a.id === id)?.title).toBe(
      '予約投稿',
    );
    expect((await t.consoleCall('getConsoleAnnouncement', { id }, { token: editor })).body.announcement.state).toBe('published');
  });

  it('unpublish takes it down at once; saving again decides anew; duplicate makes a draft; delete removes it', async () => {
    const id = (await t.consoleCall('saveAnnouncement', announcement({ title: { ja: '公開中' }, publishAt: clock - MINUTE }), { token: editor })).body
      .id;
    expect(await memberList()).toContain(id);
    expect((await t.consoleCall('unpublishAnnouncement', { id }, { token: editor })).body.succeed).toBe(true);
    expect(await memberList()).not.toContain(id);
    expect((await memberDetail(id)).succeed).toBe(false);
    const unpublished = await t.consoleCall('listConsoleAnnouncements', { state: 'unpublished' }, { token: editor });
    expect(unpublished.body.announcements.map((a) => a.id)).toContain(id);

    const copy = await t.consoleCall('duplicateAnnouncement', { id }, { token: editor });
    expect(copy.body.succeed).toBe(true);
    const copied = (await t.consoleCall('getConsoleAnnouncement', { id: copy.body.id }, { token: editor })).body.announcement;
    expect(copied).toMatchObject({ state: 'draft', title: { ja: '公開中（コピー）' } });
    expect(copied.sections).toHaveLength(2);

    expect(
      (await t.consoleCall('saveAnnouncement', announcement({ id, title: { ja: '再公開' }, publishAt: clock - MINUTE }), { token: editor })).body
        .state,
    ).toBe('published');
    expect(await memberList()).toContain(id);

    const sectionsBefore = await count('sections');
    expect((await t.consoleCall('deleteAnnouncement', { id }, { token: editor })).body.succeed).toBe(true);
    expect(await count('sections')).toBe(sectionsBefore - 2);
    expect((await t.consoleCall('getConsoleAnnouncement', { id }, { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('deleteAnnouncement', { id }, { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('saveAnnouncement', announcement({ id }), { token: editor })).body.errorCode).toBe('notFound');
    const audit = await rows<{ action: string; target_id: string }>(
      t.database.db,
      sql`SELECT action, target_id FROM audit_log WHERE target_type = 'announcement' AND target_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['saveAnnouncement', 'unpublishAnnouncement', 'saveAnnouncement', 'deleteAnnouncement']);
  });

  it('lists page and sort in SQL', async () => {
    const page1 = await t.consoleCall('listConsoleAnnouncements', { perPage: 5, sort: 'titleAsc' }, { token: editor });
    const page2 = await t.consoleCall('listConsoleAnnouncements', { perPage: 5, offset: 5, sort: 'titleAsc' }, { token: editor });
    expect(page1.body.announcements).toHaveLength(5);
    expect(page1.body.total).toBe(await count('announcements'));
    const titles = [...page1.body.announcements, ...page2.body.announcements].map((a) => a.title.ja);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beyond = await t.consoleCall('listConsoleAnnouncements', { offset: 10_000 }, { token: editor });
    expect(beyond.body).toMatchObject({ announcements: [], total: await count('announcements') });
  });

  it('bad input is a 400 and stores nothing', async () => {
    const before = await count('announcements');
    const bad: [string, unknown][] = [
      ['missing ja title', { ...announcement(), title: { en: 'Only English' } }],
      ['empty ja title', { ...announcement(), title: { ja: '   ' } }],
      ['title too long', { ...announcement(), title: { ja: 'あ'.repeat(201) } }],
      ['title with a line break', { ...announcement(), title: { ja: '一行目\n二行目' } }],
      ['title with a bidi override', { ...announcement(), title: { ja: 'abc\u202edef' } }],
      ['publishAt a string', { ...announcement(), publishAt: '2026-01-01' }],
      ['publishAt negative', { ...announcement(), publishAt: -1 }],
      ['publishAt absent', { title: { ja: 'x' } }],
      ['isImportant a string', { ...announcement(), isImportant: 'yes' }],
      ['unknown field', { ...announcement(), author: 'x' }],
      ['image without alt', { ...announcement(), images: [{ url: '/media/a.png', alt: { ja: '' } }] }],
      ['javascript URL', { ...announcement(), images: [{ url: 'javascript:alert(1)', alt: { ja: 'a' } }] }],
      ['unknown section type', { ...announcement(), sections: [{ sectionType: 9 }] }],
      ['unknown relType', { ...announcement(), sections: [{ sectionType: 5, relType: 'Elsewhere' }] }],
      ['rich text too long', { ...announcement(), sections: [{ sectionType: 2, comment: { ja: 'あ'.repeat(50_001) } }] }],
      ['too many sections', { ...announcement(), sections: Array.from({ length: 51 }, () => ({ sectionType: 2 })) }],
      ['NUL in a comment', { ...announcement(), sections: [{ sectionType: 2, comment: { ja: 'a\u0000b' } }] }],
      ['id zero', { ...announcement(), id: 0 }],
      ['id huge', { ...announcement(), id: 2 ** 31 }],
    ];
    for (const [why, payload] of bad) {
      const answer = await t.consoleRaw('saveAnnouncement', payload, { token: editor });
      expect([answer.status, answer.body.errorCode], why).toEqual([400, 'validationError']);
    }
    const missing = await t.consoleRaw('saveAnnouncement', { ...announcement(), title: { en: 'x' } }, { token: editor });
    expect(missing.body.validationErrorMessage?.join(' ')).toContain('title.ja');
    const ja = await t.consoleRaw('saveAnnouncement', { ...announcement(), title: { ja: '' } }, { token: editor });
    expect(ja.body.validationErrorMessage).toContain('日本語のタイトルが入力されていません');
    expect(await count('announcements')).toBe(before);
    for (const fn of ['getConsoleAnnouncement', 'duplicateAnnouncement', 'unpublishAnnouncement', 'deleteAnnouncement']) {
      expect((await t.consoleRaw(fn, { id: 'one' }, { token: editor })).status, fn).toBe(400);
      expect((await t.consoleRaw(fn, { id: 999_999 }, { token: editor })).body.errorCode, fn).toBe('notFound');
    }
    expect((await t.consoleRaw('listConsoleAnnouncements', { state: 'hidden' }, { token: editor })).status).toBe(400);
    expect((await t.consoleRaw('listConsoleAnnouncements', { perPage: 101 }, { token: editor })).status).toBe(400);
    expect((await t.consoleRaw('listConsoleAnnouncements', { query: 'x'.repeat(101) }, { token: editor })).status).toBe(400);
    // Search text is data, not a pattern.
    expect((await t.consoleCall('listConsoleAnnouncements', { query: '%' }, { token: editor })).body.announcements).toEqual([]);
  });
});

const article = (over: Partial<ArticleFormValues> = {}): ArticleFormValues => ({
  title: { ja: '眠りの質を上げる', en: 'Better sleep' },
  headerImage: { url: '/media/uploads/0123456789abcdef0123456789abcdef.jpg', alt: { ja: '寝室', en: 'A bedroom' } },
  description: { ja: '睡眠の基本', en: 'The basics of sleep' },
  genreId: 'genre3',
  tagIds: [],
  sections: [{ sectionType: 2, comment: { ja: '<p>早寝早起き</p><iframe src="https://evil.example"></iframe>' } }],
  contractOnly: false,
  publishAt: null,
  ...over,
});

describe('library articles', () => {
  it('genre, tags, pickup, relations, description and header image reach the member pages at their time', async () => {
    const tags = (await t.consoleCall('listArticleGenresAndTags', {}, { token: editor })).body;
    expect(tags.genres).toHaveLength(8);
    const tag = tags.tags.find((x) => x.genreId === 'genre3')!;
    const related = (await t.consoleCall('listConsoleArticles', { state: 'published', perPage: 2 }, { token: editor })).body.articles.map(
      (a) => a.id,
    );
    expect(related).toHaveLength(2);
    const at = clock + 5 * MINUTE;
    const saved = await t.consoleCall(
      'saveArticle',
      article({ tagIds: [tag.id], pickupPosition: 1, relatedArticleIds: related, recommendScore: 5, publishAt: at }),
      { token: editor },
    );
    expect(saved.body).toMatchObject({ succeed: true, state: 'scheduled' });
    const id = saved.body.id;
    const read = unsigned((await t.consoleCall('getConsoleArticle', { id }, { token: editor })).body.article);
    expect(read).toMatchObject({
      genreId: 'genre3',
      tagIds: [tag.id],
      pickupPosition: 1,
      relatedArticleIds: related,
      headerImage: { url: '/media/uploads/0123456789abcdef0123456789abcdef.jpg', alt: { ja: '寝室', en: 'A bedroom' } },
      description: { ja: '睡眠の基本', en: 'The basics of sleep' },
      state: 'scheduled',
    });
    expect(read.sections[0]!.comment!.ja).toBe('<p>早寝早起き</p>');

    const memberArticle = () => t.call('getReportArticleById', { id }, member);
    expect((await memberArticle()).body.succeed).toBe(false);
    expect((await t.call('getReportArticleTop', {}, member)).body.pickups.map((a) => a.id)).not.toContain(id);
    clock = at;
    const shown = (await memberArticle()).body;
    expect(shown).toMatchObject({ succeed: true, article: { id, title: '眠りの質を上げる', description: '睡眠の基本' } });
    expect(shown.article.relatedReportArticles?.map((a) => a.id)).toEqual(related);
    expect(shown.article.tags.map((x) => x.id)).toEqual(['genre3', tag.id]);
    expect((await t.call('getReportArticleTop', {}, member)).body.pickups.map((a) => a.id)).toContain(id);
    expect(
      (await t.call('getReportArticlesByTag', { tagIds: [tag.id], sortBy: 'newer', offset: 0, perPage: 50 }, member)).body.reportArticles.map(
        (a) => a.id,
      ),
    ).toContain(id);

    // Unpublished: gone from every member list and the detail.
    await t.consoleCall('unpublishArticle', { id }, { token: editor });
    expect((await memberArticle()).body.succeed).toBe(false);
    expect((await t.call('getNewArrivalReportArticles', { offset: 0, perPage: 50 }, member)).body.reportArticles.map((a) => a.id)).not.toContain(id);
    expect((await t.call('getReportArticleTop', {}, member)).body.pickups.map((a) => a.id)).not.toContain(id);

    const copy = (await t.consoleCall('duplicateArticle', { id }, { token: editor })).body;
    const copied = (await t.consoleCall('getConsoleArticle', { id: copy.id }, { token: editor })).body.article;
    expect(copied).toMatchObject({ state: 'draft', pickupPosition: null, genreId: 'genre3', tagIds: [tag.id] });
    expect((await t.consoleCall('deleteArticle', { id: copy.id }, { token: editor })).body.succeed).toBe(true);
    const found = (await t.consoleCall('listConsoleArticles', { genreId: 'genre3', query: '眠りの質' }, { token: editor })).body.articles;
    expect(found.map((a) => a.id)).toContain(id);
    expect(found.map((a) => a.id)).not.toContain(copy.id);
    expect(found.every((a) => a.genreId === 'genre3' && a.title.ja.includes('眠りの質'))).toBe(true);
    expect(
      (await t.consoleCall('listConsoleArticles', { genreId: 'genre1', query: '眠りの質を上げる' }, { token: editor })).body.articles.map(
        (a) => a.id,
      ),
    ).not.toContain(id);
  });

  it('unknown tags, genres as tags, unknown or self relations are refused; bad input stores nothing', async () => {
    const before = await count('report_articles');
    expect((await t.consoleCall('saveArticle', article({ tagIds: ['no-such-tag'] }), { token: editor })).body.errorCode).toBe('unknownTag');
    expect((await t.consoleCall('saveArticle', article({ tagIds: ['genre1'] }), { token: editor })).body.errorCode).toBe('unknownTag');
    expect((await t.consoleCall('saveArticle', article({ relatedArticleIds: [999_999] }), { token: editor })).body.errorCode).toBe('unknownArticle');
    const bad: [string, unknown][] = [
      ['missing ja title', { ...article(), title: { en: 'x' } }],
      ['no header image', { ...article(), headerImage: undefined }],
      ['header image without alt', { ...article(), headerImage: { url: '/media/a.jpg', alt: { ja: '' } } }],
      ['unknown genre', { ...article(), genreId: 'genre9' }],
      ['four relations', { ...article(), relatedArticleIds: [1, 2, 3, 4] }],
      ['pickup zero', { ...article(), pickupPosition: 0 }],
      ['description too long', { ...article(), description: { ja: 'あ'.repeat(2001) } }],
      ['tag with a space', { ...article(), tagIds: ['a b'] }],
      ['relType unknown', { ...article(), relType: 'Other' }],
    ];
    for (const [why, payload] of bad) {
      expect((await t.consoleRaw('saveArticle', payload, { token: editor })).status, why).toBe(400);
    }
    expect(await count('report_articles')).toBe(before);
  });
});
