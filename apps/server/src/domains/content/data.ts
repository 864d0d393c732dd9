// The content domain's data module: every SQL statement of announcements, report articles, tags, views and the Section
// model (shared by announcements, articles and events), with typed rows. Writes of authored content (sections,
// announcements, articles) are here too, so the seed, test fixtures and the operator console store them one way.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { ReportArticleHead, Section, SectionRelType, Tag } from '@hibi/contract/functions/content';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';
import {
  announcementImages,
  announcements,
  reportArticleImages,
  reportArticles,
  reportArticleTags,
  sectionAttachments,
  sectionImages,
  sections,
  sectionVideos,
} from '../../db/schema/content.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';

/** Who reads, as the SQL needs it: decides contract-only visibility and the caller's own rows. */
export interface Reader {
  userId: number | null;
  corporate: boolean;
  locale: Locale;
  now: Date;
}

/** `<alias>.<base>_ja`, or `COALESCE(<alias>.<base>_en, <alias>.<base>_ja)` in English. Names are code constants. */
export function localized(alias: string, base: string, locale: Locale): SQL {
  return locale === 'en' ? sql.raw(`COALESCE(${alias}.${base}_en, ${alias}.${base}_ja)`) : sql.raw(`${alias}.${base}_ja`);
}

const iso = (d: Date) => d.toISOString();
const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Rows a reader may see: published, and contract-only ones only for corporate-contract members. `corporate` is the
 * reader's (a value), or a column of each member's row when a query asks it for every member at once (the audience of
 * an important announcement's push notice, decision 153): one rule either way.
 */
function visible(alias: 'a' | 'n', dateColumn: string, v: { now: Date; corporate: boolean | SQL }): SQL {
  const published = sql.raw(`${alias}.${dateColumn}`);
  const contract =
    v.corporate === true
      ? sql`TRUE`
      : v.corporate === false
        ? sql.raw(`NOT ${alias}.contract_only`)
        : sql`(${v.corporate} OR ${sql.raw(`NOT ${alias}.contract_only`)})`;
  const unpublished = sql.raw(`${alias}.unpublished_at`);
  // A draft's publish time is NULL (the comparison is then not true); a taken-down row has unpublished_at.
  return sql`(${published} <= ${iso(v.now)}::timestamptz AND ${unpublished} IS NULL AND ${contract})`;
}

/* ------------------------------------------------------------------ announcements */

export interface AnnouncementRow {
  id: number;
  title: string;
  from_ms: string | number;
  is_important: boolean;
  is_read: boolean;
  images: { id: number; url: string }[] | string;
}

function announcementSelect(v: Reader): SQL {
  const read =
    v.userId !== null ? sql`EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = n.id AND r.user_id = ${v.userId})` : sql`FALSE`;
  return sql`SELECT n.id, ${localized('n', 'title', v.locale)} AS title, (extract(epoch FROM n.from_at) * 1000)::bigint AS from_ms,
      n.is_important, ${read} AS is_read,
      COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', ${localized('i', 'alt', v.locale)}) ORDER BY i.position, i.id)
                FROM announcement_images i WHERE i.announcement_id = n.id), '[]'::json) AS images
    FROM announcements n`;
}

export async function announcementList(db: Db, v: Reader, offset: number, perPage: number) {
  return rows<AnnouncementRow>(
    db,
    sql`${announcementSelect(v)} WHERE ${visible('n', 'from_at', v)} ORDER BY n.from_at DESC, n.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** Which of the announcements the member has read. */
export async function readAnnouncementIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT announcement_id AS id FROM announcement_reads WHERE user_id = ${userId} AND announcement_id IN (${idList(ids)})`,
  );
  return new Set(found.map((r) => r.id));
}

/** Records that a member read an announcement, if it is one they may see (in the statement that checks it). */
export async function recordAnnouncementRead(db: Db, v: Reader & { userId: number }, id: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO announcement_reads (announcement_id, user_id, read_at)
          SELECT n.id, ${v.userId}, ${iso(v.now)}::timestamptz FROM announcements n WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}
          ON CONFLICT DO NOTHING`,
  );
}

export async function announcementById(db: Db, v: Reader, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await rows<AnnouncementRow>(db, sql`${announcementSelect(v)} WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}`);
  return row;
}

/* ------------------------------------------------------------------ push notices of important announcements (decision 153) */

/** Important announcements published in (since, now] and not taken down: candidates for the push notice. */
export async function importantAnnouncementsPublishedBetween(db: Db, since: Date, now: Date) {
  return rows<{ id: number; title_ja: string; title_en: string | null }>(
    db,
    sql`SELECT n.id, n.title_ja, n.title_en FROM announcements n
         WHERE n.is_important AND n.from_at > ${iso(since)}::timestamptz AND n.from_at <= ${iso(now)}::timestamptz AND n.unpublished_at IS NULL
         ORDER BY n.id`,
  );
}

/**
 * A page of the members who may read an announcement at `now` (after member `afterUserId`, by id): the readers' rule
 * of every member call (`visible`), with each member's own contract, and no deactivated member.
 */
export async function announcementAudience(db: Db, id: number, now: Date, afterUserId: number, limit: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id JOIN announcements n ON n.id = ${id}
         WHERE ${visible('n', 'from_at', { now, corporate: sql`t.corporate_contract` })}
           AND u.deactivated_at IS NULL AND u.id > ${afterUserId}
         ORDER BY u.id LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}

/** The next publish time after `now` of any announcement or article (epoch ms); null when none is scheduled. */
export async function nextPublishMs(db: Db, now: Date): Promise<number | null> {
  const [row] = await rows<{ at: string | number | null }>(
    db,
    sql`SELECT (extract(epoch FROM least(
          (SELECT min(from_at) FROM announcements WHERE from_at > ${iso(now)}::timestamptz),
          (SELECT min(published_at) FROM report_articles WHERE published_at > ${iso(now)}::timestamptz))) * 1000)::bigint AS at`,
  );
  return row?.at == null ? null : Number(row.at);
}

/** When the oldest view inside the window leaves it (epoch ms): popularity changes then without a write. */
export async function nextViewExpiryMs(db: Db, now: Date, windowMs: number): Promise<number | null> {
  const [row] = await rows<{ at: string | number | null }>(
    db,
    sql`SELECT (extract(epoch FROM min(viewed_at)) * 1000 + ${windowMs})::bigint AS at FROM report_article_views
        WHERE viewed_at > ${iso(new Date(now.getTime() - windowMs))}::timestamptz`,
  );
  return row?.at == null ? null : Number(row.at);
}

/* ------------------------------------------------------------------ report articles */

export interface ArticleRow {
  id: number;
  title: string;
  image_url: string;
  rel_type: ReportArticleHead['relType'];
  published_ms: string | number;
  tags: Tag[] | string;
}

function articleColumns(v: Reader): SQL {
  return sql`a.id, ${localized('a', 'title', v.locale)} AS title, a.image_url, a.rel_type,
    (extract(epoch FROM a.published_at) * 1000)::bigint AS published_ms,
    COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', ${localized('t', 'name', v.locale)}) ORDER BY rt.position, t.id)
              FROM report_article_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_article_id = a.id), '[]'::json) AS tags`;
}

/** Recent views per article, as a derived table `pv(report_article_id, views)`. */
function recentViews(v: Reader, windowMs: number): SQL {
  return sql`(SELECT report_article_id, count(*)::int AS views FROM report_article_views
              WHERE viewed_at > ${iso(new Date(v.now.getTime() - windowMs))}::timestamptz AND viewed_at <= ${iso(v.now)}::timestamptz
              GROUP BY report_article_id)`;
}

export async function newArrivalRows(db: Db, v: Reader, offset: number, perPage: number) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a WHERE ${visible('a', 'published_at', v)}
        ORDER BY a.published_at DESC, a.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** The most viewed articles of the last `windowMs`. */
export async function rankingRows(db: Db, v: Reader, windowMs: number, limit: number) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a JOIN ${recentViews(v, windowMs)} pv ON pv.report_article_id = a.id
        WHERE ${visible('a', 'published_at', v)} ORDER BY pv.views DESC, a.published_at DESC, a.id DESC LIMIT ${limit}`,
  );
}

/** Visible articles carrying any of the tags, in an order ('popular' counts views of the last `windowMs`). */
export async function articlesByTagRows(
  db: Db,
  v: Reader,
  tagIds: string[],
  sortBy: 'new' | 'popular' | 'reccomend' | string,
  windowMs: number,
  offset: number,
  perPage: number,
) {
  const order =
    sortBy === 'popular'
      ? sql`COALESCE(pv.views, 0) DESC, a.published_at DESC, a.id DESC`
      : sortBy === 'reccomend'
        ? sql`a.recommend_score DESC, a.published_at DESC, a.id DESC`
        : sql`a.published_at DESC, a.id DESC`;
  const popular = sortBy === 'popular' ? sql`LEFT JOIN ${recentViews(v, windowMs)} pv ON pv.report_article_id = a.id` : sql``;
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a ${popular}
          WHERE ${visible('a', 'published_at', v)}
            AND EXISTS (SELECT 1 FROM report_article_tags rt WHERE rt.report_article_id = a.id AND rt.tag_id IN (${idList(tagIds)}))
          ORDER BY ${order} LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function tagsById(db: Db, locale: Locale, tagIds: string[]) {
  return rows<Tag>(
    db,
    sql`SELECT t.id, ${localized('t', 'name', locale)} AS name FROM tags t WHERE t.id IN (${idList(tagIds)}) ORDER BY t.position, t.id`,
  );
}

export async function pickupRows(db: Db, v: Reader) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a WHERE a.pickup_position IS NOT NULL AND ${visible('a', 'published_at', v)}
        ORDER BY a.pickup_position, a.id`,
  );
}

/** Every index tag's `perTag` newest visible articles at once (ROW_NUMBER over the tag). */
export async function taggedIndexRows(db: Db, v: Reader, perTag: number) {
  return rows<ArticleRow & { tag_id: string; tag_name: string }>(
    db,
    sql`SELECT x.* FROM (
          SELECT t.id AS tag_id, ${localized('t', 'name', v.locale)} AS tag_name, t.top_position,
                 ROW_NUMBER() OVER (PARTITION BY t.id ORDER BY a.published_at DESC, a.id DESC) AS rn,
                 ${articleColumns(v)}
          FROM tags t
          JOIN report_article_tags rt0 ON rt0.tag_id = t.id
          JOIN report_articles a ON a.id = rt0.report_article_id
          WHERE t.top_position IS NOT NULL AND ${visible('a', 'published_at', v)}
        ) x WHERE x.rn <= ${perTag} ORDER BY x.top_position, x.tag_id, x.rn`,
  );
}

/** Every tag with its score: recent views of the visible articles carrying it. */
export async function tagScores(db: Db, v: Reader, windowMs: number) {
  return rows<{ id: string; name: string; genre_id: string | null; is_genre: boolean; score: number }>(
    db,
    sql`SELECT t.id, ${localized('t', 'name', v.locale)} AS name, t.genre_id, t.is_genre,
          COALESCE(sum(pv.views), 0)::int AS score
        FROM tags t
        LEFT JOIN report_article_tags rt ON rt.tag_id = t.id
        LEFT JOIN report_articles a ON a.id = rt.report_article_id AND ${visible('a', 'published_at', v)}
        LEFT JOIN ${recentViews(v, windowMs)} pv ON pv.report_article_id = a.id
        GROUP BY t.id
        ORDER BY score DESC, t.position, t.id`,
  );
}

export interface ArticleDetailRow extends ArticleRow {
  description: string | null;
  images: { id: number; url: string }[] | string;
  related_event: unknown;
  individual_match: unknown;
  team_match: unknown;
}

/**
 * One visible article with its description and images; for a member (userId set) also the related event and matches,
 * read from the events and health tables in the same query.
 */
export async function articleDetail(db: Db, v: Reader, id: number): Promise<ArticleDetailRow | undefined> {
  const member = v.userId !== null;
  const eventVisible = v.corporate ? sql`TRUE` : sql`NOT e.contract_only`;
  const extra = member
    ? sql`,
      ev.related_event, im.individual_match, tm.team_match`
    : sql`, NULL AS related_event, NULL AS individual_match, NULL AS team_match`;
  const joins = member
    ? sql`
      LEFT JOIN LATERAL (
        SELECT json_build_object('id', e.id, 'title', ${localized('e', 'title', v.locale)},
          'startDateTime', (extract(epoch FROM e.start_at) * 1000)::bigint, 'endDateTime', (extract(epoch FROM e.end_at) * 1000)::bigint,
          'dateRemarks', ${localized('e', 'date_remarks', v.locale)}, 'place', ${localized('e', 'place', v.locale)}, 'price', e.price,
          'extraLabel', ${localized('e', 'extra_label', v.locale)}, 'extraText', ${localized('e', 'extra_text', v.locale)}) AS related_event
        FROM events e WHERE e.report_article_id = a.id AND e.published_at <= ${iso(v.now)}::timestamptz AND ${eventVisible}
        ORDER BY e.start_at DESC, e.id DESC LIMIT 1) ev ON TRUE
      LEFT JOIN LATERAL (
        SELECT json_build_object('startDateTime', (extract(epoch FROM m.display_start_at) * 1000)::bigint,
          'endDateTime', (extract(epoch FROM m.display_end_at) * 1000)::bigint) AS individual_match
        FROM individual_matches m WHERE m.report_article_id = a.id ORDER BY m.display_start_at DESC, m.id DESC LIMIT 1) im ON TRUE
      LEFT JOIN LATERAL (
        SELECT json_build_object('startDateTime', (extract(epoch FROM m.start_at) * 1000)::bigint,
          'endDateTime', (extract(epoch FROM m.end_at) * 1000)::bigint) AS team_match
        FROM team_matches m WHERE m.report_article_id = a.id ORDER BY m.start_at DESC, m.id DESC LIMIT 1) tm ON TRUE`
    : sql``;
  const [row] = await rows<ArticleDetailRow>(
    db,
    sql`SELECT ${articleColumns(v)}, ${localized('a', 'description', v.locale)} AS description,
          COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', ${localized('i', 'alt', v.locale)}) ORDER BY i.position, i.id)
                    FROM report_article_images i WHERE i.report_article_id = a.id), '[]'::json) AS images
          ${extra}
        FROM report_articles a ${joins}
        WHERE a.id = ${id} AND ${visible('a', 'published_at', v)}`,
  );
  return row;
}

/** Up to 3 visible articles sharing the most tags with an article. */
export async function relatedArticleRows(db: Db, v: Reader, id: number) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a
          JOIN (SELECT rt.report_article_id, count(*) AS shared FROM report_article_tags rt
                WHERE rt.tag_id IN (SELECT tag_id FROM report_article_tags WHERE report_article_id = ${id}) AND rt.report_article_id <> ${id}
                GROUP BY rt.report_article_id) s ON s.report_article_id = a.id
          WHERE ${visible('a', 'published_at', v)}
          ORDER BY s.shared DESC, a.published_at DESC, a.id DESC LIMIT 3`,
  );
}

/** Up to 3 visible articles by recommendation score, leaving out `exclude`. */
export async function recommendedArticleRows(db: Db, v: Reader, exclude: number[]) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a
        WHERE ${visible('a', 'published_at', v)} AND a.id NOT IN (${idList(exclude)})
        ORDER BY a.recommend_score DESC, a.published_at DESC, a.id DESC LIMIT 3`,
  );
}

/** Records a video play or attachment open; false when the resource is not one of this visible article's. */
export async function insertResourceView(
  db: Db,
  v: Reader & { userId: number },
  libraryId: number,
  videoId: number | null,
  attachmentId: number | null,
): Promise<boolean> {
  const owned =
    videoId !== null
      ? sql`EXISTS (SELECT 1 FROM section_videos x JOIN sections s ON s.id = x.section_id
                   WHERE x.id = ${videoId} AND s.owner_type = 'report_article' AND s.owner_id = a.id)`
      : sql`EXISTS (SELECT 1 FROM section_attachments x JOIN sections s ON s.id = x.section_id
                   WHERE x.id = ${attachmentId} AND s.owner_type = 'report_article' AND s.owner_id = a.id)`;
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO report_article_resource_views (report_article_id, user_id, video_id, attachment_id, viewed_at)
        SELECT a.id, ${v.userId}, ${videoId}, ${attachmentId}, ${iso(v.now)}::timestamptz FROM report_articles a
        WHERE a.id = ${libraryId} AND ${visible('a', 'published_at', v)} AND ${owned}
        RETURNING id`,
  );
  return inserted.length > 0;
}

/** A member's view of an article, once per Tokyo day (the unique index of migration 0101). */
export async function insertArticleView(db: Db, articleId: number, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day)
    VALUES (${articleId}, ${userId}, ${iso(now)}::timestamptz, (${iso(now)}::timestamptz AT TIME ZONE 'Asia/Tokyo')::date)
    ON CONFLICT DO NOTHING`);
}

/* ------------------------------------------------------------------ the Section model */

/** An image with alt text in both languages (authored content). */
export interface ImageWithAlt {
  url: string;
  altJa: string | null;
  altEn: string | null;
}

const imageColumns = (image: string | ImageWithAlt) =>
  typeof image === 'string' ? { url: image } : { url: image.url, altJa: image.altJa, altEn: image.altEn };

/**
 * The Section model shared by announcements, report articles and events (spec 1 §3): stored in `sections`
 * with child tables for images, videos and attachments, owned through (owner_type, owner_id).
 */
export type SectionOwnerType = 'announcement' | 'report_article' | 'event';

/** The sections of many owners in ONE query (child rows folded in with json_agg), in owner and position order. */
export async function sectionRows(db: Db, ownerType: SectionOwnerType, ids: number[], locale: Locale) {
  return rows<{ owner_id: number; section: Section | string }>(
    db,
    sql`SELECT s.owner_id, json_build_object(
          'sectionType', s.section_type,
          'subtitle', ${localized('s', 'subtitle', locale)},
          'comment', ${localized('s', 'comment', locale)},
          'images', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', ${localized('i', 'alt', locale)}) ORDER BY i.position, i.id)
                              FROM section_images i WHERE i.section_id = s.id), '[]'::json),
          'videos', COALESCE((SELECT json_agg(json_build_object('videoID', v.id, 'videoUrl', v.video_url, 'thumbnailImageUrl', v.thumbnail_url) ORDER BY v.position, v.id)
                              FROM section_videos v WHERE v.section_id = s.id), '[]'::json),
          'attachments', COALESCE((SELECT json_agg(json_build_object('id', a.id, 'fileName', ${localized('a', 'file_name', locale)}, 'url', a.url) ORDER BY a.position, a.id)
                              FROM section_attachments a WHERE a.section_id = s.id), '[]'::json),
          'relType', s.rel_type,
          'relObjectID', s.rel_object_id,
          'relLabel', ${localized('s', 'rel_label', locale)}
        ) AS section
        FROM sections s
        WHERE s.owner_type = ${ownerType} AND s.owner_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY s.owner_id, s.position, s.id`,
  );
}

/** What a seed, a test or an authoring tool gives to store a section. Comments are sanitised on the way in. */
export interface SectionInput {
  sectionType: number;
  subtitleJa?: string | null;
  subtitleEn?: string | null;
  commentJa?: string | null;
  commentEn?: string | null;
  /** A URL, or a URL with its alt text. */
  images?: (string | ImageWithAlt)[];
  videos?: { videoUrl: string; thumbnailUrl: string }[];
  attachments?: { fileNameJa: string; fileNameEn?: string | null; url: string }[];
  relType?: SectionRelType | null;
  relObjectId?: string | number | null;
  relLabelJa?: string | null;
  relLabelEn?: string | null;
}

/** Stores the sections of one owner, appended after any it has. */
export async function insertSections(db: Db, ownerType: SectionOwnerType, ownerId: number, input: SectionInput[]): Promise<void> {
  await insertSectionsBulk(db, ownerType, [{ ownerId, sections: input }]);
}

/** Stores the sections of many owners with one INSERT per table (4 statements whatever the count). */
export async function insertSectionsBulk(
  db: Db,
  ownerType: SectionOwnerType,
  entries: { ownerId: number; sections: SectionInput[] }[],
): Promise<void> {
  const flat = entries.flatMap((e) => e.sections.map((s, position) => ({ ownerId: e.ownerId, position, s })));
  if (flat.length === 0) return;
  const clean = (html: string | null | undefined) => (html == null ? null : sanitizeRichText(html));
  const inserted = await db
    .insert(sections)
    .values(
      flat.map(({ ownerId, position, s }) => ({
        ownerType,
        ownerId,
        position,
        sectionType: s.sectionType,
        subtitleJa: s.subtitleJa ?? null,
        subtitleEn: s.subtitleEn ?? null,
        commentJa: clean(s.commentJa),
        commentEn: clean(s.commentEn),
        relType: s.relType ?? null,
        relObjectId: s.relObjectId == null ? null : String(s.relObjectId),
        relLabelJa: s.relLabelJa ?? null,
        relLabelEn: s.relLabelEn ?? null,
      })),
    )
    .returning({ id: sections.id });
  const images = flat.flatMap(({ s }, i) =>
    (s.images ?? []).map((image, position) => ({ sectionId: inserted[i]!.id, position, ...imageColumns(image) })),
  );
  const videos = flat.flatMap(({ s }, i) => (s.videos ?? []).map((v, position) => ({ sectionId: inserted[i]!.id, position, ...v })));
  const attachments = flat.flatMap(({ s }, i) =>
    (s.attachments ?? []).map((a, position) => ({
      sectionId: inserted[i]!.id,
      position,
      fileNameJa: a.fileNameJa,
      fileNameEn: a.fileNameEn ?? null,
      url: a.url,
    })),
  );
  if (images.length) await db.insert(sectionImages).values(images);
  if (videos.length) await db.insert(sectionVideos).values(videos);
  if (attachments.length) await db.insert(sectionAttachments).values(attachments);
}

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

/* ------------------------------------------------------------------ search (migration 0110, decision 103) */

/** One search row per page: the article head, its rank, and the number of matches (on every row; one row when none). */
export interface SearchRow extends ArticleRow {
  total: number | string;
}

/** `%term%` for LIKE, with the term's own `%`, `_` and `\` matched literally. */
const likePattern = (term: string) => sql`'%' || lower(${term.replace(/[\\%_]/g, '\\$&')}) || '%'`;

/**
 * Visible articles matching every term, ranked, one page of them and the total in one query. A term matches an
 * article's title or description (both languages) as a substring (trigram-indexed: Japanese has no word breaks) or
 * as English words (stemmed full text); for members (`withSections`) its sections' text too. Each term adds to the
 * rank 1.5 for a title hit, else 0.5 for a description hit, else 0.2 (a section hit), plus the full-text rank of the
 * head; ties go to the newest. Section text is read only for rows whose head does not match (the costly column).
 */
export async function searchRows(db: Db, v: Reader, terms: string[], withSections: boolean, offset: number, perPage: number) {
  const match: SQL[] = [];
  const rank: SQL[] = [];
  for (const term of terms) {
    const pattern = likePattern(term);
    const q = sql`plainto_tsquery('english', ${term})`;
    const words = /[\p{L}\p{N}]/u.test(term);
    if ([...term].some((c) => c.codePointAt(0)! > 0x7f)) {
      // A word with a non-ASCII character (Japanese): narrowed by the grams index to the rows holding all its
      // characters and pairs (migration 0710, decision 136), then matched as a substring.
      const like = sql`(s.head_text LIKE ${pattern}${withSections ? sql` OR s.body_text LIKE ${pattern}` : sql``})`;
      match.push(sql`(s.grams @> search_grams(lower(${term})) AND ${like})`);
      rank.push(
        sql`(CASE WHEN s.title_text LIKE ${pattern} THEN 1.5 WHEN s.head_text LIKE ${pattern} THEN 0.5 ELSE 0.2 END${words ? sql` + ts_rank(s.head_tsv, ${q})` : sql``})`,
      );
      continue;
    }
    const head = words ? sql`(s.head_text LIKE ${pattern} OR s.head_tsv @@ ${q})` : sql`s.head_text LIKE ${pattern}`;
    const body = words ? sql`(s.body_text LIKE ${pattern} OR s.body_tsv @@ ${q})` : sql`s.body_text LIKE ${pattern}`;
    match.push(withSections ? sql`(${head} OR ${body})` : head);
    rank.push(
      sql`(CASE WHEN s.title_text LIKE ${pattern} THEN 1.5 WHEN ${head} THEN 0.5 ELSE 0.2 END${words ? sql` + ts_rank(s.head_tsv, ${q})` : sql``})`,
    );
  }
  // The planner prices LIKE on long text like a comparison of short values, so for a word in many articles it chose a
  // sequential scan reading every row's section text (about 50 ms at 10,000 articles) over the index scans (3 ms):
  // this one query is told to use its indexes (decision 136). SET LOCAL ends with the transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return searchQuery(tx as unknown as Db, match, rank, v, offset, perPage);
  });
}

function searchQuery(db: Db, match: SQL[], rank: SQL[], v: Reader, offset: number, perPage: number) {
  return rows<SearchRow>(
    db,
    sql`WITH m AS (
          SELECT a.id, a.published_at, ${sql.join(rank, sql` + `)} AS rank
          FROM report_article_search s JOIN report_articles a ON a.id = s.report_article_id
          WHERE ${visible('a', 'published_at', v)} AND ${sql.join(match, sql` AND `)}
        )
        SELECT (SELECT count(*) FROM m)::int AS total, p.* FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT ${articleColumns(v)}, top.rank, top.published_at AS published_sort
          FROM (SELECT id, rank, published_at FROM m ORDER BY rank DESC, published_at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}) top
          JOIN report_articles a ON a.id = top.id
        ) p ON TRUE
        ORDER BY p.rank DESC, p.published_sort DESC, p.id DESC`,
  );
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

const imagesJson = (table: string, fk: string, ownerAlias: string) =>
  sql.raw(`COALESCE((SELECT json_agg(json_build_object('url', i.url, 'alt', json_build_object('ja', COALESCE(i.alt_ja, ''), 'en', i.alt_en))
                      ORDER BY i.position, i.id) FROM ${table} i WHERE i.${fk} = ${ownerAlias}.id), '[]'::json)`);

const localizedJson = (alias: string, base: string) =>
  sql.raw(`CASE WHEN ${alias}.${base}_ja IS NULL THEN NULL ELSE json_build_object('ja', ${alias}.${base}_ja, 'en', ${alias}.${base}_en) END`);

export interface ConsoleSectionJson {
  sectionType: number;
  subtitle: { ja: string; en: string | null } | null;
  comment: { ja: string; en: string | null } | null;
  images: { url: string; alt: { ja: string; en: string | null } }[];
  videos: { videoUrl: string; thumbnailImageUrl: string }[];
  attachments: { url: string; fileName: { ja: string; en: string | null } }[];
  relType: SectionRelType | null;
  relObjectID: string | null;
  relLabel: { ja: string; en: string | null } | null;
}

/** The sections of one owner with every language (the console's editor), in one query. */
export async function consoleSectionRows(db: Db, ownerType: SectionOwnerType, ownerId: number) {
  return rows<{ section: ConsoleSectionJson | string }>(
    db,
    sql`SELECT json_build_object(
          'sectionType', s.section_type,
          'subtitle', ${localizedJson('s', 'subtitle')},
          'comment', ${localizedJson('s', 'comment')},
          'images', ${imagesJson('section_images', 'section_id', 's')},
          'videos', COALESCE((SELECT json_agg(json_build_object('videoUrl', v.video_url, 'thumbnailImageUrl', v.thumbnail_url) ORDER BY v.position, v.id)
                              FROM section_videos v WHERE v.section_id = s.id), '[]'::json),
          'attachments', COALESCE((SELECT json_agg(json_build_object('url', a.url, 'fileName', json_build_object('ja', a.file_name_ja, 'en', a.file_name_en)) ORDER BY a.position, a.id)
                              FROM section_attachments a WHERE a.section_id = s.id), '[]'::json),
          'relType', s.rel_type,
          'relObjectID', s.rel_object_id,
          'relLabel', ${localizedJson('s', 'rel_label')}
        ) AS section
        FROM sections s WHERE s.owner_type = ${ownerType} AND s.owner_id = ${ownerId} ORDER BY s.position, s.id`,
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

/** Up to 3 visible articles an editor named as related, in their order. */
export async function explicitRelatedRows(db: Db, v: Reader, id: number) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_article_relations r JOIN report_articles a ON a.id = r.related_id
        WHERE r.report_article_id = ${id} AND ${visible('a', 'published_at', v)} ORDER BY r.position LIMIT 3`,
  );
}

/** Removes every section of an owner (child rows cascade): an event's sections when the console saves it (issue 16). */
export async function deleteSections(db: Db, ownerType: SectionOwnerType, ownerId: number): Promise<void> {
  await db.execute(sql`DELETE FROM sections WHERE owner_type = ${ownerType} AND owner_id = ${ownerId}`);
}
