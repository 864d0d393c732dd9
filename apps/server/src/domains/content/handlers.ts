import * as fns from '@hibi/contract/functions/content';
import * as cfns from '@hibi/contract/console/content';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as authoring from './authoring.ts';
import type { Locale } from '@hibi/contract/protocol';
import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';
import type { AnnouncementHead } from '@hibi/contract/functions/content';
import type { AuthUser, Handler } from '../../core/handler.ts';
import { defineHandler, failure } from '../../core/handler.ts';
import { visibilityClass, type CachePolicy } from '../../core/read-cache.ts';
import type { Config } from '../../config.ts';
import {
  articlesByTag,
  CONTENT_TABLES,
  nextContentChange,
  nextPopularityChange,
  POPULARITY_TABLES,
  getAnnouncement,
  getArticle,
  libraryTop,
  listAnnouncements,
  newArrivals,
  popularTags,
  ranking,
  RANKING_SIZE,
  recordAnnouncementRead,
  recordArticleView,
  recordResourceView,
  searchArticles,
  withReadFlags,
  type Viewer,
} from './service.ts';

const viewer = (ctx: { user: AuthUser | null; locale: Locale; now(): Date }): Viewer => ({
  user: ctx.user,
  locale: ctx.locale,
  now: ctx.now(),
});

/** Kept answers (issue 18): library lists are the same for every caller of one visibility class. */
const libraryLists: CachePolicy = { tables: CONTENT_TABLES, audience: visibilityClass, nextChange: nextContentChange };
/** Lists ordered or chosen by popularity: members' views count too. */
const popularLists: CachePolicy = { tables: POPULARITY_TABLES, audience: visibilityClass, nextChange: nextPopularityChange };
/** The announcements list: kept per visibility class, a member's read flags added from one small query. */
const announcementList: CachePolicy = {
  ...libraryLists,
  // The marked form, kept with the answer until the member's reads change (decision 138).
  ownTables: ['announcement_reads'],
  personalize: async (answer, user, db) => ({
    ...answer,
    announcements: await withReadFlags(answer.announcements as AnnouncementHead[], user.id, db),
  }),
};

/** An announcement: kept per visibility class; a member's read is recorded, so it is marked read. */
const announcementDetail: CachePolicy = {
  ...libraryLists,
  ownTables: ['announcement_reads'],
  personalize: async (answer, user, db, now) => {
    const announcement = answer.announcement as Record<string, unknown>;
    await recordAnnouncementRead(db, user, now, announcement.id as number);
    return { ...answer, announcement: { ...announcement, isRead: true } };
  },
};
/** An article: kept per visibility class; a member's view is recorded (once a day counts). */
const articleDetail: CachePolicy = {
  ...libraryLists,
  // Served again without recording until the Tokyo day turns: a second view of the day records nothing anyway.
  ownTables: ['report_article_views'],
  personalUntil: (now) => startOfTokyoDay(now.getTime()) + DAY_MS,
  personalize: async (answer, user, db, now) => {
    await recordArticleView(db, (answer.article as { id: number }).id, user.id, now);
    return answer;
  },
};

/** Handlers of the content domain, one per function in the contract's functions/content.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function contentHandlers(config: Config): Handler[] {
  return [
    defineHandler(
      fns.getAnnouncements,
      async ({ offset, perPage }, ctx) => ({
        announcements: await listAnnouncements(ctx.db, viewer(ctx), offset, perPage),
      }),
      { cache: announcementList },
    ),

    defineHandler(
      fns.getAnnouncementById,
      async ({ id }, ctx) => {
        const announcement = await getAnnouncement(ctx.db, viewer(ctx), id);
        return announcement ? { announcement } : failure('notFound');
      },
      { cache: announcementDetail },
    ),

    defineHandler(fns.getReportArticleTop, async (_payload, ctx) => libraryTop(ctx.db, viewer(ctx)), { cache: popularLists }),

    defineHandler(
      fns.getNewArrivalReportArticles,
      async ({ offset, perPage }, ctx) => ({
        reportArticles: await newArrivals(ctx.db, viewer(ctx), offset, perPage),
      }),
      { cache: libraryLists },
    ),

    defineHandler(
      fns.getReportArticlesByTag,
      async ({ tagIds, sortBy, offset, perPage }, ctx) => articlesByTag(ctx.db, viewer(ctx), [...new Set(tagIds)], sortBy, offset, perPage),
      { cache: popularLists },
    ),

    defineHandler(
      fns.getReportArticleRanking,
      async (_payload, ctx) => ({
        reportArticles: await ranking(ctx.db, viewer(ctx), RANKING_SIZE),
      }),
      { cache: popularLists },
    ),

    defineHandler(fns.getReportArticlePopularTags, async (_payload, ctx) => popularTags(ctx.db, viewer(ctx)), { cache: popularLists }),

    defineHandler(
      fns.getReportArticleById,
      async ({ id }, ctx) => {
        const article = await getArticle(ctx.db, viewer(ctx), id);
        return article ? { article } : failure('notFound');
      },
      { cache: articleDetail },
    ),

    defineHandler(fns.notifyViewReportArticleResource, async ({ libraryId, videoId, attachmentId }, ctx) => {
      if ((videoId === undefined) === (attachmentId === undefined)) return failure('notFound');
      const ok = await recordResourceView(ctx.db, { ...viewer(ctx), user: ctx.user }, libraryId, videoId ?? null, attachmentId ?? null);
      return ok ? {} : failure('notFound');
    }),

    defineHandler(fns.searchReportArticles, async ({ query, offset, perPage }, ctx) => searchArticles(ctx.db, viewer(ctx), query, offset, perPage)),
  ];
}

/* ------------------------------------------------------------------ operator console (issue 15) */

/** Console handlers of the content domain, one per function in the contract's console/content.ts. */
export const contentConsoleHandlers = [
  defineConsoleHandler(cfns.listConsoleAnnouncements, async (p, ctx) => authoring.listAnnouncements(ctx.db, { ...p, now: ctx.now() })),
  defineConsoleHandler(cfns.getConsoleAnnouncement, async ({ id }, ctx) => {
    const announcement = await authoring.getAnnouncement(ctx.db, id, ctx.now());
    return announcement ? { announcement } : failure('notFound');
  }),
  defineConsoleHandler(cfns.saveAnnouncement, async (p, ctx) => authoring.saveAnnouncement(ctx, p), { refreshesMedia: true }),
  defineConsoleHandler(cfns.duplicateAnnouncement, async ({ id }, ctx) => authoring.duplicateAnnouncement(ctx, id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.unpublishAnnouncement, async ({ id }, ctx) => authoring.unpublish(ctx, 'announcement', id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.deleteAnnouncement, async ({ id }, ctx) => authoring.remove(ctx, 'announcement', id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.listConsoleArticles, async (p, ctx) => authoring.listArticles(ctx.db, { ...p, now: ctx.now() })),
  defineConsoleHandler(cfns.getConsoleArticle, async ({ id }, ctx) => {
    const article = await authoring.getArticle(ctx.db, id, ctx.now());
    return article ? { article } : failure('notFound');
  }),
  defineConsoleHandler(cfns.saveArticle, async (p, ctx) => authoring.saveArticle(ctx, p), { refreshesMedia: true }),
  defineConsoleHandler(cfns.duplicateArticle, async ({ id }, ctx) => authoring.duplicateArticle(ctx, id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.unpublishArticle, async ({ id }, ctx) => authoring.unpublish(ctx, 'report_article', id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.deleteArticle, async ({ id }, ctx) => authoring.remove(ctx, 'report_article', id), { refreshesMedia: true }),
  defineConsoleHandler(cfns.listArticleGenresAndTags, async (_p, ctx) => authoring.genresAndTags(ctx.db)),
];
