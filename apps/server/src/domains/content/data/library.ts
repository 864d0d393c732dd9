// The library as members read it: new arrivals, the ranking, tags and their scores, the pickup, one article with its
// related ones, views of articles and their resources; and when announcements and the library change by the clock.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Tag } from '@hibi/contract/functions/content';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { type Reader, localized, iso, idList, visible, type ArticleRow, articleColumns } from './sql.ts';

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

/** Up to 3 visible articles an editor named as related, in their order. */
export async function explicitRelatedRows(db: Db, v: Reader, id: number) {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_article_relations r JOIN report_articles a ON a.id = r.related_id
        WHERE r.report_article_id = ${id} AND ${visible('a', 'published_at', v)} ORDER BY r.position LIMIT 3`,
  );
}
