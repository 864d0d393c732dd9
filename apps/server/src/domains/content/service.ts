// The content domain's service and public module: announcements, the library (report articles, tags, rankings) and
// the sections other domains show (events). Who sees what is decided in SQL (data/); rows become contract shapes here.
import type { Locale } from '@hibi/contract/protocol';
import type { AnnouncementHead, ReportArticle, ReportArticleHead, Section, SortBy, Tag } from '@hibi/contract/functions/content';
import { GENRE_IDS, SEARCH_TERMS_MAX } from '@hibi/contract/functions/content';
import { tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../core/handler.ts';
import { hitRateLimit, TooManyRequests } from '../../lib/rate-limit.ts';
import { signMediaUrl } from '../../lib/media-signing.ts';
import { ANNOUNCE_WINDOW_MS, announceToAudience } from '../../push/outbox.ts';
import {
  announcementById,
  announcementList,
  type AnnouncementRow,
  readAnnouncementIds,
  recordAnnouncementRead as insertAnnouncementRead,
} from './data/announcements.ts';
import {
  articleDetail,
  articlesByTagRows,
  explicitRelatedRows,
  insertArticleView,
  insertResourceView,
  newArrivalRows,
  nextPublishMs,
  nextViewExpiryMs,
  pickupRows,
  rankingRows,
  recommendedArticleRows,
  relatedArticleRows,
  taggedIndexRows,
  tagsById,
  tagScores,
} from './data/library.ts';
import { announcementAudience, importantAnnouncementsPublishedBetween } from './data/push-audience.ts';
import { searchRows } from './data/search.ts';
import { type SectionOwnerType, sectionRows } from './data/sections.ts';
import type { ArticleRow, Reader } from './data/sql.ts';
export type { SectionOwnerType } from './data/sections.ts';

/** Views counted by popularity, ranking and popular tags: the last 30 days. */
export const POPULARITY_WINDOW_MS = 30 * 86_400_000;
export const RANKING_SIZE = 10;
export const INDEX_LIST_SIZE = 3;
export const POPULAR_TAGS_ALL = 20;
export const POPULAR_TAGS_PER_GENRE = 10;

/** The tables announcements and the library are made of: a write to any of them renews their kept answers. */
export const CONTENT_TABLES = [
  'announcements',
  'announcement_images',
  'tags',
  'report_articles',
  'report_article_images',
  'report_article_tags',
  'report_article_relations',
  'sections',
  'section_images',
  'section_videos',
  'section_attachments',
] as const;

/** The next moment content changes by the clock alone: an announcement's or article's publish time. */
export const nextContentChange = (db: Db, now: Date) => nextPublishMs(db, now);

/** The tables the library's popularity (ranking, popular tags, the popular order) adds: members' views. */
export const POPULARITY_TABLES = [...CONTENT_TABLES, 'report_article_views'] as const;

/** As nextContentChange, or when a view leaves the popularity window. */
export async function nextPopularityChange(db: Db, now: Date): Promise<number | null> {
  const [published, expiring] = await Promise.all([nextPublishMs(db, now), nextViewExpiryMs(db, now, POPULARITY_WINDOW_MS)]);
  const next = Math.min(published ?? Number.POSITIVE_INFINITY, expiring ?? Number.POSITIVE_INFINITY);
  return Number.isFinite(next) ? next : null;
}

/** Who is asking: decides contract-only visibility and whether detail content is sent. */
export interface Viewer {
  user: AuthUser | null;
  locale: Locale;
  now: Date;
}

const reader = (v: Viewer): Reader => ({
  userId: v.user?.id ?? null,
  corporate: v.user?.contract.corporateContract ?? false,
  locale: v.locale,
  now: v.now,
});

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The sections of many owners in ONE query, in position order; owners without sections get an empty array.
 * Members-only files go out as short-lived signed URLs (issue 12, finding 10): sections reach only callers who may see
 * their item.
 */
export async function loadSections(db: Db, ownerType: SectionOwnerType, ownerIds: number[], locale: Locale): Promise<Map<number, Section[]>> {
  const result = new Map<number, Section[]>(ownerIds.map((id) => [id, []]));
  const ids = [...new Set(ownerIds.filter((id) => Number.isInteger(id)))];
  if (ids.length === 0) return result;
  for (const row of await sectionRows(db, ownerType, ids, locale)) {
    const section = json<Section>(row.section);
    section.videos = section.videos.map((v) => ({ ...v, videoUrl: signMediaUrl(v.videoUrl) }));
    section.attachments = section.attachments.map((a) => ({ ...a, url: signMediaUrl(a.url) }));
    result.get(Number(row.owner_id))?.push(section);
  }
  return result;
}

/* ------------------------------------------------------------------ announcements */

function toAnnouncementHead(r: AnnouncementRow): AnnouncementHead {
  return { id: r.id, title: r.title, fromDateTime: Number(r.from_ms), isImportant: r.is_important, isRead: r.is_read, images: json(r.images) };
}

export async function listAnnouncements(db: Db, v: Viewer, offset: number, perPage: number): Promise<AnnouncementHead[]> {
  return (await announcementList(db, reader(v), offset, perPage)).map(toAnnouncementHead);
}

/** A kept list of announcements with this member's read flags (core/read-cache.ts: personalize). */
export async function withReadFlags(list: AnnouncementHead[], userId: number, db: Db): Promise<AnnouncementHead[]> {
  const read = await readAnnouncementIds(
    db,
    userId,
    list.map((a) => a.id),
  );
  return list.map((a) => ({ ...a, isRead: read.has(a.id) }));
}

/**
 * What this process has recorded already, per database: a repeat would record nothing anyway (a unique index or ON
 * CONFLICT DO NOTHING), so a kept answer's caller costs no write. Forgotten wholesale past RECORDED_KEPT keys.
 */
class RecordedOnce {
  #byDb = new WeakMap<Db, Set<string>>();

  has(db: Db, key: string): boolean {
    return this.#byDb.get(db)?.has(key) ?? false;
  }

  add(db: Db, key: string): void {
    let recorded = this.#byDb.get(db);
    if (!recorded) this.#byDb.set(db, (recorded = new Set()));
    if (recorded.size >= RECORDED_KEPT) recorded.clear();
    recorded.add(key);
  }
}
const RECORDED_KEPT = 50_000;

/** Reads this process recorded: (announcement, member). */
const recordedReads = new RecordedOnce();

/** Records a member's read of an announcement they may see (in the statement that checks it), once per process. */
export async function recordAnnouncementRead(db: Db, user: { id: number; contract: { corporateContract: boolean } }, now: Date, id: number) {
  const key = `${id}:${user.id}`;
  if (recordedReads.has(db, key)) return;
  await insertAnnouncementRead(db, { userId: user.id, corporate: user.contract.corporateContract, locale: 'ja', now }, id);
  recordedReads.add(db, key);
}

/** One announcement; for a signed-in viewer the read is recorded (in the same statement that checks visibility). */
export async function getAnnouncement(db: Db, v: Viewer, id: number) {
  const r = reader(v);
  const row = await announcementById(db, r, id);
  if (!row) return null;
  // Recorded once it is known to be visible (the statement checks again), so a member's own copy says read.
  if (v.user) await recordAnnouncementRead(db, v.user, v.now, id);
  const head = { ...toAnnouncementHead(row), isRead: v.user !== null || row.is_read };
  if (!v.user) return head;
  const sections = await loadSections(db, 'announcement', [id], v.locale);
  return { ...head, sections: sections.get(id) ?? [] };
}

/* ------------------------------------------------------------------ report articles */

function toArticleHead(r: ArticleRow): ReportArticleHead {
  return { id: r.id, title: r.title, imageUrl: r.image_url, relType: r.rel_type, publishedAt: Number(r.published_ms), tags: json(r.tags) };
}

export async function newArrivals(db: Db, v: Viewer, offset: number, perPage: number): Promise<ReportArticleHead[]> {
  return (await newArrivalRows(db, reader(v), offset, perPage)).map(toArticleHead);
}

export async function ranking(db: Db, v: Viewer, limit: number): Promise<ReportArticleHead[]> {
  return (await rankingRows(db, reader(v), POPULARITY_WINDOW_MS, limit)).map(toArticleHead);
}

export async function articlesByTag(db: Db, v: Viewer, tagIds: string[], sortBy: SortBy, offset: number, perPage: number) {
  const [list, tagRows] = await Promise.all([
    articlesByTagRows(db, reader(v), tagIds, sortBy, POPULARITY_WINDOW_MS, offset, perPage),
    tagsById(db, v.locale, tagIds),
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
  const r = reader(v);
  const [pickups, arrivals, top, tagged] = await Promise.all([
    pickupRows(db, r),
    newArrivals(db, v, 0, INDEX_LIST_SIZE),
    ranking(db, v, INDEX_LIST_SIZE),
    taggedIndexRows(db, r, INDEX_LIST_SIZE),
  ]);
  const lists = new Map<string, { tag: Tag; reportArticles: ReportArticleHead[] }>();
  for (const row of tagged) {
    let entry = lists.get(row.tag_id);
    if (!entry) lists.set(row.tag_id, (entry = { tag: { id: row.tag_id, name: row.tag_name }, reportArticles: [] }));
    entry.reportArticles.push(toArticleHead(row));
  }
  return { pickups: pickups.map(toArticleHead), newArrivals: arrivals, ranking: top, tagedLists: [...lists.values()] };
}

/**
 * Library search: the words of the query (split on any space, the ideographic one too), each of which must match.
 * Section text is members' content, so guests' searches read titles and descriptions only (decision 103).
 */
export async function searchArticles(db: Db, v: Viewer, query: string, offset: number, perPage: number) {
  const terms = [...new Set(query.split(/\s+/u).filter(Boolean))].slice(0, SEARCH_TERMS_MAX);
  if (terms.length === 0) return { reportArticles: [], total: 0 };
  const found = await searchRows(db, reader(v), terms, v.user !== null, offset, perPage);
  return {
    reportArticles: found.filter((r) => r.id !== null).map(toArticleHead),
    total: Number(found[0]?.total ?? 0),
  };
}

/** Popular search words: topic tags ranked by recent views of the visible articles carrying them. */
export async function popularTags(db: Db, v: Viewer) {
  const list = await tagScores(db, reader(v), POPULARITY_WINDOW_MS);
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

/**
 * One article. Guests get the head (title, images, description, tags); signed-in viewers also the sections,
 * the related event and matches (read from the events and health tables in the same query), 3 related and
 * 3 recommended articles. Every call records a view.
 */
export async function getArticle(db: Db, v: Viewer, id: number): Promise<ReportArticle | null> {
  const r = reader(v);
  const row = await articleDetail(db, r, id);
  if (!row) return null;
  if (v.user) await recordArticleView(db, id, v.user.id, v.now);
  const head = { ...toArticleHead(row), description: row.description, images: json(row.images) };
  if (!v.user) return head;

  const [sections, explicit] = await Promise.all([loadSections(db, 'report_article', [id], v.locale), explicitRelatedRows(db, r, id)]);
  // Related articles an editor chose (issue 15); without any, the ones sharing the most tags.
  const related = explicit.length > 0 ? explicit : await relatedArticleRows(db, r, id);
  const recommended = await recommendedArticleRows(db, r, [id, ...related.map((a) => a.id)]);
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
  return insertResourceView(db, { ...reader(v), userId: v.user.id }, libraryId, videoId, attachmentId);
}

/** Views a member may record in an hour; past it reading still works, it just stops counting (issue 12, finding 13). */
export const RECORDED_VIEWS_PER_HOUR = 120;

/** Views this process recorded: (article, member, Tokyo day). */
const recordedViews = new RecordedOnce();

/**
 * A member's view of an article, once per Tokyo day (the unique index of migration 0101); guests are not recorded.
 * Over RECORDED_VIEWS_PER_HOUR a member's views stop counting for the rest of the hour.
 */
export async function recordArticleView(db: Db, articleId: number, userId: number, now: Date): Promise<void> {
  const key = `${articleId}:${userId}:${tokyoDay(now)}`;
  if (recordedViews.has(db, key)) return;
  try {
    await hitRateLimit(db, `article-views:${userId}`, RECORDED_VIEWS_PER_HOUR, 3_600_000, now);
  } catch (error) {
    if (error instanceof TooManyRequests) return;
    throw error;
  }
  await insertArticleView(db, articleId, userId, now);
  recordedViews.add(db, key);
}

/** The Section editor's reads and writes for other domains' console editors (issue 16: events). */
export { consoleSectionsOf, replaceSections } from './authoring.ts';

/**
 * Push notices of important announcements (issue 34, decision 153), in the caller's transaction: each important
 * announcement published within the last day and not yet announced is announced once (push_announced), to every
 * member who may read it (`announcementAudience`: the member calls' own rule, contract-only included), in batches.
 * Returns how many notifications were queued.
 */
export async function announceImportantAnnouncements(t: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const n of await importantAnnouncementsPublishedBetween(t, new Date(now.getTime() - ANNOUNCE_WINDOW_MS), now)) {
    queued += await announceToAudience(
      t,
      'importantAnnouncement',
      n.id,
      (after, limit) => announcementAudience(t, n.id, now, after, limit),
      {
        title: { ja: n.title_ja, en: n.title_en || n.title_ja },
        url: `/notifications/${n.id}`,
        dedupeKey: `announcement:${n.id}`,
        ttlSeconds: 24 * 3600,
      },
      now,
    );
  }
  return queued;
}
