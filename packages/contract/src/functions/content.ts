import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../constants.ts';
import { defineFunction, id, imageSchema, offset, perPage } from '../protocol.ts';

/**
 * Content domain: announcements, report articles (the library), tags and genres, and the Section model that
 * announcements, report articles and events share (docs/requirements/content.md#content-sections).
 */

/** Where a link-button section points. Pages map each to a route (Sections.tsx). */
export const SECTION_REL_TYPES = [
  'Events',
  'EventParticipation',
  'EventList',
  'Announcements',
  'ReportArticles',
  'ReportArticleList',
  'TaggedReportArticles',
  'Questionnaire',
  'AdminActionGoals',
] as const;
export type SectionRelType = (typeof SECTION_REL_TYPES)[number];

// sectionType 5 is a link button, 2 a description text (docs/requirements/content.md#content-sections); named in the zod-free constants module.
export { SECTION_TYPE } from '../constants.ts';

export const sectionVideoSchema = z.object({
  videoID: z.number().int(),
  videoUrl: z.string(),
  thumbnailImageUrl: z.string(),
});
export const sectionAttachmentSchema = z.object({ id: z.number().int(), fileName: z.string(), url: z.string() });

export const sectionSchema = z.object({
  sectionType: z.number().int(),
  subtitle: z.string().nullable(),
  /** Rich text, sanitised by the server when stored. */
  comment: z.string().nullable(),
  images: z.array(imageSchema),
  videos: z.array(sectionVideoSchema),
  attachments: z.array(sectionAttachmentSchema),
  relType: z.enum(SECTION_REL_TYPES).nullable(),
  /** Id of the linked object as a string (a tag id such as 'genre3' for TaggedReportArticles). */
  relObjectID: z.string().nullable(),
  relLabel: z.string().nullable(),
});
export type Section = z.infer<typeof sectionSchema>;

/* ------------------------------------------------------------------ announcements */

export const announcementHeadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fromDateTime: z.number().int(),
  isImportant: z.boolean(),
  /** Always false for guests. */
  isRead: z.boolean(),
  images: z.array(imageSchema),
});
export const announcementSchema = announcementHeadSchema.extend({
  /** Left out for guests. */
  sections: z.array(sectionSchema).optional(),
});
export type AnnouncementHead = z.infer<typeof announcementHeadSchema>;
export type Announcement = z.infer<typeof announcementSchema>;

export const getAnnouncements = defineFunction({
  name: 'getAnnouncements',
  auth: 'optional',
  summary: 'Published announcements, newest first; contract-only ones only for corporate-contract callers.',
  payload: z.object({ offset, perPage: perPage(50, 10) }),
  response: z.object({ announcements: z.array(announcementHeadSchema) }),
});

export const getAnnouncementById = defineFunction({
  name: 'getAnnouncementById',
  auth: 'optional',
  summary: 'One announcement; sections only for signed-in callers, and the read is recorded for them.',
  payload: z.object({ id }),
  response: z.object({ announcement: announcementSchema }),
  errorCodes: ['notFound'],
});

/* ------------------------------------------------------------------ library */

export const GENRE_IDS = ['genre1', 'genre2', 'genre3', 'genre4', 'genre5', 'genre6', 'genre7', 'genre8'] as const;
export type GenreId = (typeof GENRE_IDS)[number];

/** Type of a report article; the ranking hides the type tag for ReportArticles. */
export const REPORT_ARTICLE_TYPES = ['ReportArticles', 'Events', 'IndividualMatches', 'TeamMatches'] as const;

export const SORT_BY = ['newer', 'popular', 'reccomend'] as const;
export type SortBy = (typeof SORT_BY)[number];

const tagId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
export const tagSchema = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const reportArticleHeadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  relType: z.enum(REPORT_ARTICLE_TYPES),
  publishedAt: z.number().int(),
  tags: z.array(tagSchema),
});
export type ReportArticleHead = z.infer<typeof reportArticleHeadSchema>;

const periodSchema = z.object({ startDateTime: z.number().int(), endDateTime: z.number().int() });
export const relatedEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startDateTime: z.number().int(),
  endDateTime: z.number().int(),
  dateRemarks: z.string().nullable(),
  place: z.string().nullable(),
  price: z.number().int(),
  extraLabel: z.string().nullable(),
  extraText: z.string().nullable(),
});

export const reportArticleSchema = reportArticleHeadSchema.extend({
  images: z.array(imageSchema),
  description: z.string().nullable(),
  /** Everything below is left out for guests. */
  sections: z.array(sectionSchema).optional(),
  relatedEvent: relatedEventSchema.nullable().optional(),
  relatedIndividualMatch: periodSchema.nullable().optional(),
  relatedTeamMatch: periodSchema.nullable().optional(),
  relatedReportArticles: z.array(reportArticleHeadSchema).optional(),
  recommendedReportArticles: z.array(reportArticleHeadSchema).optional(),
});
export type ReportArticle = z.infer<typeof reportArticleSchema>;

export const getReportArticleTop = defineFunction({
  name: 'getReportArticleTop',
  auth: 'optional',
  summary: 'The library index: pickups, 3 new arrivals, 3 ranking items and 3 articles for each listed tag.',
  payload: z.object({}),
  response: z.object({
    pickups: z.array(reportArticleHeadSchema),
    newArrivals: z.array(reportArticleHeadSchema),
    ranking: z.array(reportArticleHeadSchema),
    tagedLists: z.array(z.object({ tag: tagSchema, reportArticles: z.array(reportArticleHeadSchema) })),
  }),
});

export const getNewArrivalReportArticles = defineFunction({
  name: 'getNewArrivalReportArticles',
  auth: 'optional',
  summary: 'Report articles, newest first.',
  payload: z.object({ offset, perPage: perPage(50, 9) }),
  response: z.object({ reportArticles: z.array(reportArticleHeadSchema) }),
});

export const getReportArticlesByTag = defineFunction({
  name: 'getReportArticlesByTag',
  auth: 'optional',
  summary: 'Report articles carrying any of the tags (tag ids or genre1..genre8), sorted newer, popular or reccomend.',
  payload: z.object({
    tagIds: z.array(tagId).min(1).max(20),
    sortBy: z.enum(SORT_BY).default('newer'),
    offset,
    perPage: perPage(50, 9),
  }),
  response: z.object({ reportArticles: z.array(reportArticleHeadSchema), tags: z.array(tagSchema) }),
});

export const getReportArticleRanking = defineFunction({
  name: 'getReportArticleRanking',
  auth: 'optional',
  summary: 'The most viewed report articles over the last 30 days (up to 10).',
  payload: z.object({}),
  response: z.object({ reportArticles: z.array(reportArticleHeadSchema) }),
});

export const popularTagsSchema = z.object({
  all: z.array(tagSchema),
  genre1: z.array(tagSchema),
  genre2: z.array(tagSchema),
  genre3: z.array(tagSchema),
  genre4: z.array(tagSchema),
  genre5: z.array(tagSchema),
  genre6: z.array(tagSchema),
  genre7: z.array(tagSchema),
  genre8: z.array(tagSchema),
});

export const getReportArticlePopularTags = defineFunction({
  name: 'getReportArticlePopularTags',
  auth: 'optional',
  summary: 'Popular search words: the most viewed tags overall and per genre.',
  payload: z.object({}),
  response: z.object({ popularTags: popularTagsSchema, genres: z.array(tagSchema) }),
});

export const getReportArticleById = defineFunction({
  name: 'getReportArticleById',
  auth: 'optional',
  summary: 'One report article; sections, related items and recommendations only for signed-in callers. Records a view.',
  payload: z.object({ id }),
  response: z.object({ article: reportArticleSchema }),
  errorCodes: ['notFound'],
});

export const notifyViewReportArticleResource = defineFunction({
  name: 'notifyViewReportArticleResource',
  auth: 'required',
  summary: 'Record that the user played a video or opened an attachment of a report article.',
  /** Exactly one of videoId and attachmentId; a resource that is not the article's answers notFound. */
  payload: z.object({ libraryId: id, videoId: id.optional(), attachmentId: id.optional() }),
  response: z.object({}),
  errorCodes: ['notFound'],
});

export { SEARCH_QUERY_MAX, SEARCH_TERMS_MAX } from '../constants.ts';

export const searchReportArticles = defineFunction({
  name: 'searchReportArticles',
  auth: 'optional',
  summary:
    'Free-text search of the library (titles, descriptions and, for signed-in callers, section text; Japanese and English), ' +
    'best matches first. Every word must match; contract-only articles only for corporate-contract callers.',
  payload: z.object({ query: z.string().trim().min(1).max(SEARCH_QUERY_MAX), offset, perPage: perPage(50, 9) }),
  response: z.object({ reportArticles: z.array(reportArticleHeadSchema), total: z.number().int() }),
});

export const contentFunctions = [
  getAnnouncements,
  getAnnouncementById,
  getReportArticleTop,
  getNewArrivalReportArticles,
  getReportArticlesByTag,
  getReportArticleRanking,
  getReportArticlePopularTags,
  getReportArticleById,
  notifyViewReportArticleResource,
  searchReportArticles,
] as const;
