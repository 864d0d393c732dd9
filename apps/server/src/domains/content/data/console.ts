// Announcements and library articles as the operator console authors them (issue 15): lists in every state, one
// record with every language, writes, take-down and deletion; and the authoring writes the seed and test fixtures use.
import { sql, type SQL } from 'drizzle-orm';
import type { ReportArticleHead } from '@hibi/contract/functions/content';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { announcementImages, announcements, reportArticleImages, reportArticles, reportArticleTags } from '../../../db/schema/content.ts';
import type { ConsoleSectionJson } from './sections.ts';
import { iso, idList, type ImageWithAlt, imageColumns, imagesJson } from './sql.ts';

/* ------------------------------------------------------------------ authoring */

export type NewAnnouncement = typeof announcements.$inferInsert & { images?: (string | ImageWithAlt)[] };
export type NewReportArticle = typeof reportArticles.$inferInsert & { images?: (string | ImageWithAlt)[]; tagIds?: string[] };

/** A new announcement with its images (sections through insertSections); its id. */
export async function insertAnnouncement(db: Db, { images = [], ...a }: NewAnnouncement): Promise<number> {
  const [row] = await db.insert(announcements).values(a).returning({ id: announcements.id });
  if (images.length)
    await db.insert(announcementImages).values(images.map((image, position) => ({ announcementId: row!.id, position, ...imageColumns(image) })));
  return row!.id;
}

/** A new report article with its images and tags (sections through insertSections); its id. */
export async function insertReportArticle(db: Db, { images = [], tagIds = [], ...a }: NewReportArticle): Promise<number> {
  const [row] = await db.insert(reportArticles).values(a).returning({ id: reportArticles.id });
  if (images.length)
    await db.insert(reportArticleImages).values(images.map((image, position) => ({ reportArticleId: row!.id, position, ...imageColumns(image) })));
  if (tagIds.length) await db.insert(reportArticleTags).values(tagIds.map((tagId, position) => ({ reportArticleId: row!.id, tagId, position })));
  return row!.id;
}

/* ------------------------------------------------------------------ console authoring (issue 15) */

export type PublishStateName = 'draft' | 'scheduled' | 'published' | 'unpublished';
export type ContentSort = 'publishAtDesc' | 'publishAtAsc' | 'updatedAtDesc' | 'titleAsc';

/** The publishing state of a row, computed against `now` (never stored: a scheduled row turns published by itself). */
function stateSql(alias: string, dateColumn: string, now: Date): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  return sql`CASE WHEN ${a('unpublished_at')} IS NOT NULL THEN 'unpublished' WHEN ${a(dateColumn)} IS NULL THEN 'draft'
    WHEN ${a(dateColumn)} > ${iso(now)}::timestamptz THEN 'scheduled' ELSE 'published' END`;
}

function stateFilter(alias: string, dateColumn: string, state: PublishStateName, now: Date): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  switch (state) {
    case 'unpublished':
      return sql`${a('unpublished_at')} IS NOT NULL`;
    case 'draft':
      return sql`${a('unpublished_at')} IS NULL AND ${a(dateColumn)} IS NULL`;
    case 'scheduled':
      return sql`${a('unpublished_at')} IS NULL AND ${a(dateColumn)} > ${iso(now)}::timestamptz`;
    case 'published':
      return sql`${a('unpublished_at')} IS NULL AND ${a(dateColumn)} <= ${iso(now)}::timestamptz`;
  }
}

function sortSql(alias: string, dateColumn: string, sort: ContentSort): SQL {
  switch (sort) {
    case 'publishAtAsc':
      return sql.raw(`${alias}.${dateColumn} ASC NULLS LAST, ${alias}.id ASC`);
    case 'updatedAtDesc':
      return sql.raw(`${alias}.updated_at DESC, ${alias}.id DESC`);
    case 'titleAsc':
      return sql.raw(`${alias}.title_ja ASC, ${alias}.id ASC`);
    default:
      // Drafts (no publish time) first: they are what an editor is working on.
      return sql.raw(`${alias}.${dateColumn} DESC NULLS FIRST, ${alias}.id DESC`);
  }
}

export interface ConsoleListQuery {
  query?: string;
  state?: PublishStateName;
  offset: number;
  perPage: number;
  sort: ContentSort;
  now: Date;
  genreId?: string;
}

function titleSearch(alias: string, query: string | undefined): SQL {
  if (!query) return sql`TRUE`;
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.raw(`${alias}.title_ja`)} ILIKE ${pattern} OR ${sql.raw(`${alias}.title_en`)} ILIKE ${pattern})`;
}

export interface ConsoleListRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  state: PublishStateName;
  publish_ms: string | number | null;
  contract_only: boolean;
  updated_ms: string | number;
  updated_by: string | null;
  total: number;
}

/** One page of announcements in every state, with the total count (one query: count(*) OVER ()). */
export async function consoleAnnouncementPage(db: Db, q: ConsoleListQuery) {
  const where = [titleSearch('n', q.query), q.state ? stateFilter('n', 'from_at', q.state, q.now) : sql`TRUE`];
  return rows<ConsoleListRow & { is_important: boolean }>(
    db,
    sql`SELECT n.id, n.title_ja, n.title_en, ${stateSql('n', 'from_at', q.now)} AS state,
          (extract(epoch FROM n.from_at) * 1000)::bigint AS publish_ms, n.contract_only, n.is_important,
          (extract(epoch FROM n.updated_at) * 1000)::bigint AS updated_ms, n.updated_by, count(*) OVER ()::int AS total
        FROM announcements n WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${sortSql('n', 'from_at', q.sort)} LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

/** One page of library articles in every state, with the total count. */
export async function consoleArticlePage(db: Db, q: ConsoleListQuery) {
  const where = [titleSearch('a', q.query), q.state ? stateFilter('a', 'published_at', q.state, q.now) : sql`TRUE`];
  if (q.genreId) where.push(sql`EXISTS (SELECT 1 FROM report_article_tags g WHERE g.report_article_id = a.id AND g.tag_id = ${q.genreId})`);
  return rows<ConsoleListRow & { genre_id: string | null; pickup_position: number | null; image_url: string }>(
    db,
    sql`SELECT a.id, a.title_ja, a.title_en, ${stateSql('a', 'published_at', q.now)} AS state,
          (extract(epoch FROM a.published_at) * 1000)::bigint AS publish_ms, a.contract_only, a.pickup_position, a.image_url,
          (SELECT t.id FROM report_article_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_article_id = a.id AND t.is_genre
           ORDER BY rt.position, t.id LIMIT 1) AS genre_id,
          (extract(epoch FROM a.updated_at) * 1000)::bigint AS updated_ms, a.updated_by, count(*) OVER ()::int AS total
        FROM report_articles a WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${sortSql('a', 'published_at', q.sort)} LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export interface ConsoleAnnouncementRecord {
  id: number;
  title_ja: string;
  title_en: string | null;
  images: ConsoleSectionJson['images'] | string;
  is_important: boolean;
  contract_only: boolean;
  publish_ms: string | number | null;
  state: PublishStateName;
  created_ms: string | number;
  updated_ms: string | number;
  updated_by: string | null;
}

export async function consoleAnnouncement(db: Db, id: number, now: Date): Promise<ConsoleAnnouncementRecord | undefined> {
  const [row] = await rows<ConsoleAnnouncementRecord>(
    db,
    sql`SELECT n.id, n.title_ja, n.title_en, ${imagesJson('announcement_images', 'announcement_id', 'n')} AS images,
          n.is_important, n.contract_only, (extract(epoch FROM n.from_at) * 1000)::bigint AS publish_ms,
          ${stateSql('n', 'from_at', now)} AS state, (extract(epoch FROM n.created_at) * 1000)::bigint AS created_ms,
          (extract(epoch FROM n.updated_at) * 1000)::bigint AS updated_ms, n.updated_by
        FROM announcements n WHERE n.id = ${id}`,
  );
  return row;
}

export interface ConsoleArticleRecord {
  id: number;
  title_ja: string;
  title_en: string | null;
  rel_type: ReportArticleHead['relType'];
  image_url: string;
  image_alt_ja: string | null;
  image_alt_en: string | null;
  images: ConsoleSectionJson['images'] | string;
  description_ja: string | null;
  description_en: string | null;
  tags: { id: string; is_genre: boolean }[] | string;
  related_ids: number[] | string;
  pickup_position: number | null;
  recommend_score: number;
  contract_only: boolean;
  publish_ms: string | number | null;
  state: PublishStateName;
  created_ms: string | number;
  updated_ms: string | number;
  updated_by: string | null;
}

export async function consoleArticle(db: Db, id: number, now: Date): Promise<ConsoleArticleRecord | undefined> {
  const [row] = await rows<ConsoleArticleRecord>(
    db,
    sql`SELECT a.id, a.title_ja, a.title_en, a.rel_type, a.image_url, a.image_alt_ja, a.image_alt_en,
          ${imagesJson('report_article_images', 'report_article_id', 'a')} AS images, a.description_ja, a.description_en,
          COALESCE((SELECT json_agg(json_build_object('id', t.id, 'is_genre', t.is_genre) ORDER BY rt.position, t.id)
                    FROM report_article_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_article_id = a.id), '[]'::json) AS tags,
          COALESCE((SELECT json_agg(r.related_id ORDER BY r.position) FROM report_article_relations r WHERE r.report_article_id = a.id), '[]'::json) AS related_ids,
          a.pickup_position, a.recommend_score, a.contract_only, (extract(epoch FROM a.published_at) * 1000)::bigint AS publish_ms,
          ${stateSql('a', 'published_at', now)} AS state, (extract(epoch FROM a.created_at) * 1000)::bigint AS created_ms,
          (extract(epoch FROM a.updated_at) * 1000)::bigint AS updated_ms, a.updated_by
        FROM report_articles a WHERE a.id = ${id}`,
  );
  return row;
}

export interface AnnouncementWrite {
  titleJa: string;
  titleEn: string | null;
  isImportant: boolean;
  contractOnly: boolean;
  publishAt: Date | null;
  updatedBy: string;
  now: Date;
}

/** Replaces an announcement's own fields (clears any take-down: saving decides the state anew); false when absent. */
export async function updateAnnouncementRow(db: Db, id: number, w: AnnouncementWrite): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE announcements SET title_ja = ${w.titleJa}, title_en = ${w.titleEn}, is_important = ${w.isImportant},
          contract_only = ${w.contractOnly}, from_at = ${w.publishAt ? iso(w.publishAt) : null}::timestamptz, unpublished_at = NULL,
          updated_at = ${iso(w.now)}::timestamptz, updated_by = ${w.updatedBy}
        WHERE id = ${id} RETURNING id`,
  );
  return updated.length > 0;
}

/** Removes an owner's sections (child rows cascade) and, for an announcement or article, its own images. */
export async function deleteOwnedParts(db: Db, ownerType: 'announcement' | 'report_article', id: number): Promise<void> {
  await db.execute(sql`DELETE FROM sections WHERE owner_type = ${ownerType} AND owner_id = ${id}`);
  if (ownerType === 'announcement') await db.execute(sql`DELETE FROM announcement_images WHERE announcement_id = ${id}`);
  else {
    await db.execute(sql`DELETE FROM report_article_images WHERE report_article_id = ${id}`);
    await db.execute(sql`DELETE FROM report_article_tags WHERE report_article_id = ${id}`);
    await db.execute(sql`DELETE FROM report_article_relations WHERE report_article_id = ${id}`);
  }
}

export async function insertAnnouncementImages(db: Db, id: number, images: ImageWithAlt[]): Promise<void> {
  if (images.length)
    await db.insert(announcementImages).values(images.map((image, position) => ({ announcementId: id, position, ...imageColumns(image) })));
}

export async function insertArticleImages(db: Db, id: number, images: ImageWithAlt[]): Promise<void> {
  if (images.length)
    await db.insert(reportArticleImages).values(images.map((image, position) => ({ reportArticleId: id, position, ...imageColumns(image) })));
}

export async function insertArticleTags(db: Db, id: number, tagIds: string[]): Promise<void> {
  if (tagIds.length) await db.insert(reportArticleTags).values(tagIds.map((tagId, position) => ({ reportArticleId: id, tagId, position })));
}

export async function insertArticleRelations(db: Db, id: number, relatedIds: number[]): Promise<void> {
  if (relatedIds.length === 0) return;
  await db.execute(
    sql`INSERT INTO report_article_relations (report_article_id, related_id, position) VALUES ${sql.join(
      relatedIds.map((r, position) => sql`(${id}, ${r}, ${position})`),
      sql`, `,
    )}`,
  );
}

export interface ArticleWrite {
  titleJa: string;
  titleEn: string | null;
  descriptionJa: string | null;
  descriptionEn: string | null;
  relType: ReportArticleHead['relType'];
  imageUrl: string;
  imageAltJa: string;
  imageAltEn: string | null;
  contractOnly: boolean;
  publishAt: Date | null;
  pickupPosition: number | null;
  recommendScore: number;
  updatedBy: string;
  now: Date;
}

export async function updateArticleRow(db: Db, id: number, w: ArticleWrite): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE report_articles SET title_ja = ${w.titleJa}, title_en = ${w.titleEn}, description_ja = ${w.descriptionJa},
          description_en = ${w.descriptionEn}, rel_type = ${w.relType}, image_url = ${w.imageUrl}, image_alt_ja = ${w.imageAltJa},
          image_alt_en = ${w.imageAltEn}, contract_only = ${w.contractOnly},
          published_at = ${w.publishAt ? iso(w.publishAt) : null}::timestamptz, unpublished_at = NULL,
          pickup_position = ${w.pickupPosition}, recommend_score = ${w.recommendScore},
          updated_at = ${iso(w.now)}::timestamptz, updated_by = ${w.updatedBy}
        WHERE id = ${id} RETURNING id`,
  );
  return updated.length > 0;
}

/** Takes a row down now; false when absent. */
export async function unpublishRow(db: Db, table: 'announcements' | 'report_articles', id: number, by: string, now: Date): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE ${sql.raw(table)} SET unpublished_at = COALESCE(unpublished_at, ${iso(now)}::timestamptz),
          updated_at = ${iso(now)}::timestamptz, updated_by = ${by} WHERE id = ${id} RETURNING id`,
  );
  return updated.length > 0;
}

/** Deletes an announcement or article with its sections (reads, tags, views, images cascade); false when absent. */
export async function deleteContentRow(db: Db, ownerType: 'announcement' | 'report_article', id: number): Promise<boolean> {
  await db.execute(sql`DELETE FROM sections WHERE owner_type = ${ownerType} AND owner_id = ${id}`);
  const table = ownerType === 'announcement' ? 'announcements' : 'report_articles';
  const deleted = await rows<{ id: number }>(db, sql`DELETE FROM ${sql.raw(table)} WHERE id = ${id} RETURNING id`);
  return deleted.length > 0;
}

/** Which of these tag ids exist as topic tags (not genres). */
export async function existingTopicTags(db: Db, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  return (await rows<{ id: string }>(db, sql`SELECT id FROM tags WHERE NOT is_genre AND id IN (${idList(tagIds)})`)).map((r) => r.id);
}

/** Which of these article ids exist. */
export async function existingArticles(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await rows<{ id: number }>(db, sql`SELECT id FROM report_articles WHERE id IN (${idList(ids)})`)).map((r) => r.id);
}

export async function allTagsForEditor(db: Db) {
  return rows<{ id: string; name_ja: string; name_en: string | null; is_genre: boolean; genre_id: string | null }>(
    db,
    sql`SELECT id, name_ja, name_en, is_genre, genre_id FROM tags ORDER BY is_genre DESC, position, id`,
  );
}
