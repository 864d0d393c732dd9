import * as fns from '@hibi/contract/functions/content';
import type { Locale } from '@hibi/contract/protocol';
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
  recordResourceView,
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
/** Answers a member gets with their own marks (read flags) or that record their visit: kept for guests only. */
const guestOnly = (policy: CachePolicy): CachePolicy => ({ ...policy, audience: (user) => (user === null ? 'guest' : null) });

/** Handlers of the content domain, one per function in the contract's functions/content.ts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function contentHandlers(config: Config): Handler[] {
  return [
    defineHandler(
      fns.getAnnouncements,
      async ({ offset, perPage }, ctx) => ({
        announcements: await listAnnouncements(ctx.db, viewer(ctx), offset, perPage),
      }),
      { cache: guestOnly(libraryLists) },
    ),

    defineHandler(
      fns.getAnnouncementById,
      async ({ id }, ctx) => {
        const announcement = await getAnnouncement(ctx.db, viewer(ctx), id);
        return announcement ? { announcement } : failure('notFound');
      },
      { cache: guestOnly(libraryLists) },
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
      { cache: guestOnly(libraryLists) },
    ),

    defineHandler(fns.notifyViewReportArticleResource, async ({ libraryId, videoId, attachmentId }, ctx) => {
      if ((videoId === undefined) === (attachmentId === undefined)) return failure('notFound');
      const ok = await recordResourceView(ctx.db, { ...viewer(ctx), user: ctx.user }, libraryId, videoId ?? null, attachmentId ?? null);
      return ok ? {} : failure('notFound');
    }),
  ];
}
