import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { AnnouncementHead, ReportArticle, ReportArticleHead, SortBy, Tag } from '@hibi/contract/functions/content';
import { GENRE_IDS } from '@hibi/contract/functions/content';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../core/handler.ts';
import { hitRateLimit, TooManyRequests } from '../../lib/rate-limit.ts';
import { loadSections, localized } from './sections.ts';
import { rows } from '../../db/query.ts';

/** Views counted by popularity, ranking and popular tags: the last 30 days. */
export const POPULARITY_WINDOW_MS = 30 * 86_400_000;
export const RANKING_SIZE = 10;
export const INDEX_LIST_SIZE = 3;
export const POPULAR_TAGS_ALL = 20;
export const POPULAR_TAGS_PER_GENRE = 10;

/** Who is asking: decides contract-only visibility and whether detail content is sent. */
export interface Viewer {
  user: AuthUser | null;
  locale: Locale;
  now: Date;
}

const iso = (d: Date) => d.toISOString();
const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Rows a viewer may see: published, and contract-only ones only for corporate-contract members. */
function visible(alias: 'a' | 'n', dateColumn: string, v: Viewer): SQL {
  const published = sql.raw(`${alias}.${dateColumn}`);
  const contract = v.user?.contract.corporateContract ? sql`TRUE` : sql.raw(`NOT ${alias}.contract_only`);
  return sql`(${published} <= ${iso(v.now)}::timestamptz AND ${contract})`;
}

/* ------------------------------------------------------------------ announcements */

interface AnnouncementRow {
  id: number;
  title: string;
  from_ms: string | number;
  is_important: boolean;
  is_read: boolean;
  images: { id: number; url: string }[] | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function announcementSelect(v: Viewer): SQL {
  const read = v.user ? sql`EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = n.id AND r.user_id = ${v.user.id})` : sql`FALSE`;
  return sql`SELECT n.id, ${localized('n', 'title', v.locale)} AS title, (extract(epoch FROM n.from_at) * 1000)::bigint AS from_ms,
      n.is_important, ${read} AS is_read,
      COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.id)
                FROM announcement_images i WHERE i.announcement_id = n.id), '[]'::json) AS images
    FROM announcements n`;
}

function toAnnouncementHead(r: AnnouncementRow): AnnouncementHead {
  return { id: r.id, title: r.title, fromDateTime: Number(r.from_ms), isImportant: r.is_important, isRead: r.is_read, images: json(r.images) };
}

export async function listAnnouncements(db: Db, v: Viewer, offset: number, perPage: number): Promise<AnnouncementHead[]> {
  const list = await rows<AnnouncementRow>(
    db,
    sql`${announcementSelect(v)} WHERE ${visible('n', 'from_at', v)} ORDER BY n.from_at DESC, n.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
  return list.map(toAnnouncementHead);
}

/** One announcement; for a signed-in viewer the read is recorded (in the same statement that checks visibility). */
export async function getAnnouncement(db: Db, v: Viewer, id: number) {
  if (v.user) {
    await db.execute(
      sql`INSERT INTO announcement_reads (announcement_id, user_id, read_at)
          SELECT n.id, ${v.user.id}, ${iso(v.now)}::timestamptz FROM announcements n WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}
          ON CONFLICT DO NOTHING`,
    );
  }
  const [row] = await rows<AnnouncementRow>(db, sql`${announcementSelect(v)} WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}`);
  if (!row) return null;
  const head = toAnnouncementHead(row);
  if (!v.user) return head;
  const sections = await loadSections(db, 'announcement', [id], v.locale);
  return { ...head, sections: sections.get(id) ?? [] };
}

/* ------------------------------------------------------------------ report articles */

interface ArticleRow {
  id: number;
  title: string;
  image_url: string;
  rel_type: ReportArticleHead['relType'];
  published_ms: string | number;
  tags: Tag[] | string;
}

function articleColumns(v: Viewer): SQL {
  return sql`a.id, ${localized('a', 'title', v.locale)} AS title, a.image_url, a.rel_type,
    (extract(epoch FROM a.published_at) * 1000)::bigint AS published_ms,
    COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', ${localized('t', 'name', v.locale)}) ORDER BY rt.position, t.id)
              FROM report_article_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_article_id = a.id), '[]'::json) AS tags`;
}

function toArticleHead(r: ArticleRow): ReportArticleHead {
  return { id: r.id, title: r.title, imageUrl: r.image_url, relType: r.rel_type, publishedAt: Number(r.published_ms), tags: json(r.tags) };
}

/** Recent views per article, as a derived table `pv(report_article_id, views)`. */
function recentViews(v: Viewer): SQL {
  return sql`(SELECT report_article_id, count(*)::int AS views FROM report_article_views
              WHERE viewed_at > ${iso(new Date(v.now.getTime() - POPULARITY_WINDOW_MS))}::timestamptz AND viewed_at <= ${iso(v.now)}::timestamptz
              GROUP BY report_article_id)`;
}

export async function newArrivals(db: Db, v: Viewer, offset: number, perPage: number): Promise<ReportArticleHead[]> {
  const list = await rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a WHERE ${visible('a', 'published_at', v)}
        ORDER BY a.published_at DESC, a.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
  return list.map(toArticleHead);
}

export async function ranking(db: Db, v: Viewer, limit: number): Promise<ReportArticleHead[]> {
  const list = await rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a JOIN ${recentViews(v)} pv ON pv.report_article_id = a.id
        WHERE ${visible('a', 'published_at', v)} ORDER BY pv.views DESC, a.published_at DESC, a.id DESC LIMIT ${limit}`,
  );
  return list.map(toArticleHead);
}

export async function articlesByTag(db: Db, v: Viewer, tagIds: string[], sortBy: SortBy, offset: number, perPage: number) {
  const order =
    sortBy === 'popular'
      ? sql`COALESCE(pv.views, 0) DESC, a.published_at DESC, a.id DESC`
      : sortBy === 'reccomend'
        ? sql`a.recommend_score DESC, a.published_at DESC, a.id DESC`
        : sql`a.published_at DESC, a.id DESC`;
  const popular = sortBy === 'popular' ? sql`LEFT JOIN ${recentViews(v)} pv ON pv.report_article_id = a.id` : sql``;
  const [list, tagRows] = await Promise.all([
    rows<ArticleRow>(
      db,
      sql`SELECT ${articleColumns(v)} FROM report_articles a ${popular}
          WHERE ${visible('a', 'published_at', v)}
            AND EXISTS (SELECT 1 FROM report_article_tags rt WHERE rt.report_article_id = a.id AND rt.tag_id IN (${idList(tagIds)}))
          ORDER BY ${order} LIMIT ${perPage} OFFSET ${offset}`,
    ),
    rows<Tag>(
      db,
      sql`SELECT t.id, ${localized('t', 'name', v.locale)} AS name FROM tags t WHERE t.id IN (${idList(tagIds)}) ORDER BY t.position, t.id`,
    ),
  ]);
  // Tags in the order asked for.
  const byId = new Map(tagRows.map((t) => [t.id, t]));
  return { reportArticles: list.map(toArticleHead), tags: tagIds.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * The library index in four queries whatever the number of listed tags: pickups, new arrivals, ranking,
 * and every tag's three newest articles at once (ROW_NUMBER over the tag).
 */
export async function libraryTop(db: Db, v: Viewer) {
  const pickupsQuery = rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a WHERE a.pickup_position IS NOT NULL AND ${visible('a', 'published_at', v)}
        ORDER BY a.pickup_position, a.id`,
  );
  const taggedQuery = rows<ArticleRow & { tag_id: string; tag_name: string }>(
    db,
    sql`SELECT x.* FROM (
          SELECT t.id AS tag_id, ${localized('t', 'name', v.locale)} AS tag_name, t.top_position,
                 ROW_NUMBER() OVER (PARTITION BY t.id ORDER BY a.published_at DESC, a.id DESC) AS rn,
                 ${articleColumns(v)}
          FROM tags t
          JOIN report_article_tags rt0 ON rt0.tag_id = t.id
          JOIN report_articles a ON a.id = rt0.report_article_id
          WHERE t.top_position IS NOT NULL AND ${visible('a', 'published_at', v)}
        ) x WHERE x.rn <= ${INDEX_LIST_SIZE} ORDER BY x.top_position, x.tag_id, x.rn`,
  );
  const [pickups, arrivals, top, tagged] = await Promise.all([
    pickupsQuery,
    newArrivals(db, v, 0, INDEX_LIST_SIZE),
    ranking(db, v, INDEX_LIST_SIZE),
    taggedQuery,
  ]);
  const lists = new Map<string, { tag: Tag; reportArticles: ReportArticleHead[] }>();
  for (const r of tagged) {
    let entry = lists.get(r.tag_id);
    if (!entry) lists.set(r.tag_id, (entry = { tag: { id: r.tag_id, name: r.tag_name }, reportArticles: [] }));
    entry.reportArticles.push(toArticleHead(r));
  }
  return { pickups: pickups.map(toArticleHead), newArrivals: arrivals, ranking: top, tagedLists: [...lists.values()] };
}

/** Popular search words: topic tags ranked by recent views of the visible articles carrying them. */
export async function popularTags(db: Db, v: Viewer) {
  const list = await rows<{ id: string; name: string; genre_id: string | null; is_genre: boolean; score: number }>(
    db,
    sql`SELECT t.id, ${localized('t', 'name', v.locale)} AS name, t.genre_id, t.is_genre,
          COALESCE(sum(pv.views), 0)::int AS score
        FROM tags t
        LEFT JOIN report_article_tags rt ON rt.tag_id = t.id
        LEFT JOIN report_articles a ON a.id = rt.report_article_id AND ${visible('a', 'published_at', v)}
        LEFT JOIN ${recentViews(v)} pv ON pv.report_article_id = a.id
        GROUP BY t.id
        ORDER BY score DESC, t.position, t.id`,
  );
  const topics = list.filter((t) => !t.is_genre);
  const tag = (t: { id: string; name: string }): Tag => ({ id: t.id, name: t.name });
  const popular = { all: topics.slice(0, POPULAR_TAGS_ALL).map(tag) } as Record<'all' | (typeof GENRE_IDS)[number], Tag[]>;
  for (const g of GENRE_IDS)
    popular[g] = topics
      .filter((t) => t.genre_id === g)
      .slice(0, POPULAR_TAGS_PER_GENRE)
      .map(tag);
  const genres = GENRE_IDS.flatMap((g) => list.filter((t) => t.id === g).map(tag));
  return { popularTags: popular, genres };
}

interface ArticleDetailRow extends ArticleRow {
  description: string | null;
  images: { id: number; url: string }[] | string;
  related_event: unknown;
  individual_match: unknown;
  team_match: unknown;
}

/**
 * One article. Guests get the head (title, images, description, tags); signed-in viewers also the sections,
 * the related event and matches (read from the events and health tables in the same query), 3 related and
 * 3 recommended articles. Every call records a view.
 */
export async function getArticle(db: Db, v: Viewer, id: number): Promise<ReportArticle | null> {
  const member = v.user !== null;
  const eventVisible = v.user?.contract.corporateContract ? sql`TRUE` : sql`NOT e.contract_only`;
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
          COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.id)
                    FROM report_article_images i WHERE i.report_article_id = a.id), '[]'::json) AS images
          ${extra}
        FROM report_articles a ${joins}
        WHERE a.id = ${id} AND ${visible('a', 'published_at', v)}`,
  );
  if (!row) return null;
  if (v.user) await recordArticleView(db, id, v.user.id, v.now);
  const head = { ...toArticleHead(row), description: row.description, images: json(row.images) };
  if (!member) return head;

  const [sections, related] = await Promise.all([
    loadSections(db, 'report_article', [id], v.locale),
    rows<ArticleRow>(
      db,
      sql`SELECT ${articleColumns(v)} FROM report_articles a
          JOIN (SELECT rt.report_article_id, count(*) AS shared FROM report_article_tags rt
                WHERE rt.tag_id IN (SELECT tag_id FROM report_article_tags WHERE report_article_id = ${id}) AND rt.report_article_id <> ${id}
                GROUP BY rt.report_article_id) s ON s.report_article_id = a.id
          WHERE ${visible('a', 'published_at', v)}
          ORDER BY s.shared DESC, a.published_at DESC, a.id DESC LIMIT 3`,
    ),
  ]);
  const exclude = [id, ...related.map((r) => r.id)];
  const recommended = await rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(v)} FROM report_articles a
        WHERE ${visible('a', 'published_at', v)} AND a.id NOT IN (${idList(exclude)})
        ORDER BY a.recommend_score DESC, a.published_at DESC, a.id DESC LIMIT 3`,
  );
  const decode = <T>(value: unknown): T | null => (value == null ? null : json(value as T));
  const toPeriod = (value: unknown) => {
    const p = decode<{ startDateTime: number | string; endDateTime: number | string }>(value);
    return p ? { startDateTime: Number(p.startDateTime), endDateTime: Number(p.endDateTime) } : null;
  };
  const event = decode<Record<string, unknown>>(row.related_event);
  return {
    ...head,
    sections: sections.get(id) ?? [],
    relatedEvent: event
      ? {
          id: Number(event.id),
          title: String(event.title),
          startDateTime: Number(event.startDateTime),
          endDateTime: Number(event.endDateTime),
          dateRemarks: (event.dateRemarks as string | null) ?? null,
          place: (event.place as string | null) ?? null,
          price: Number(event.price),
          extraLabel: (event.extraLabel as string | null) ?? null,
          extraText: (event.extraText as string | null) ?? null,
        }
      : null,
    relatedIndividualMatch: toPeriod(row.individual_match),
    relatedTeamMatch: toPeriod(row.team_match),
    relatedReportArticles: related.map(toArticleHead),
    recommendedReportArticles: recommended.map(toArticleHead),
  };
}

/** Records a video play or attachment open; false when the resource is not one of this visible article's. */
export async function recordResourceView(
  db: Db,
  v: Viewer & { user: AuthUser },
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
        SELECT a.id, ${v.user.id}, ${videoId}, ${attachmentId}, ${iso(v.now)}::timestamptz FROM report_articles a
        WHERE a.id = ${libraryId} AND ${visible('a', 'published_at', v)} AND ${owned}
        RETURNING id`,
  );
  return inserted.length > 0;
}

/** Views a member may record in an hour; past it reading still works, it just stops counting (issue 12, finding 13). */
export const RECORDED_VIEWS_PER_HOUR = 120;

/**
 * A member's view of an article, once per Tokyo day (the unique index of migration 0101); guests are not recorded.
 * Over RECORDED_VIEWS_PER_HOUR a member's views stop counting for the rest of the hour.
 */
async function recordArticleView(db: Db, articleId: number, userId: number, now: Date): Promise<void> {
  try {
    await hitRateLimit(db, `article-views:${userId}`, RECORDED_VIEWS_PER_HOUR, 3_600_000, now);
  } catch (error) {
    if (error instanceof TooManyRequests) return;
    throw error;
  }
  await db.execute(sql`
    INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day)
    VALUES (${articleId}, ${userId}, ${iso(now)}::timestamptz, (${iso(now)}::timestamptz AT TIME ZONE 'Asia/Tokyo')::date)
    ON CONFLICT DO NOTHING`);
}
