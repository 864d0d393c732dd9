import * as fns from '@hibi/contract/functions/content';
import type { Locale } from '@hibi/contract/protocol';
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
  personalize: async (answer, user, db) => ({
    ...answer,
    announcements: await withReadFlags(answer.announcements as AnnouncementHead[], user.id, db),
  }),
};

/** An announcement: kept per visibility class; a member's read is recorded, so it is marked read. */
const announcementDetail: CachePolicy = {
  ...libraryLists,
  personalize: async (answer, user, db, now) => {
    const announcement = answer.announcement as Record<string, unknown>;
    await recordAnnouncementRead(db, user, now, announcement.id as number);
    return { ...answer, announcement: { ...announcement, isRead: true } };
  },
};
/** An article: kept per visibility class; a member's view is recorded (once a day counts). */
const articleDetail: CachePolicy = {
  ...libraryLists,
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
  ];
}
