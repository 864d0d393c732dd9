import { z } from 'zod';
import { GENRE_IDS, REPORT_ARTICLE_TYPES, SECTION_REL_TYPES } from '../functions/content.ts';
import {
  ALT_MAX,
  consoleEpochMs,
  consoleId,
  contentUrl,
  defineConsoleFunction,
  DESCRIPTION_MAX,
  LABEL_MAX,
  localizedRichText,
  localizedText,
  localizedTitle,
  SUBTITLE_MAX,
  TITLE_MAX,
} from './protocol.ts';

/**
 * Content authoring (issue 15): announcements and library (report) articles. Sections reuse the member Section
 * model: sectionType 2 (description: subtitle, rich-text comment, images, videos, attachments) and 5 (link button:
 * relType, relObjectID, label). Localized texts are {ja (required), en?}; `en` comes back null when absent.
 *
 * Publishing state, derived on the server: `draft` (publishAt null), `scheduled` (publishAt in the future),
 * `published`, `unpublished` (taken down by unpublish*; saving again decides the state anew from publishAt).
 * Members see only published items, computed against the time of each call.
 */
export const PUBLISH_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** The section types member pages render. */
export const CONSOLE_SECTION_TYPES = [2, 5] as const;

const optionalLocalized = <S extends z.ZodType>(s: S) =>
  z
    .union([s, z.null()])
    .optional()
    .transform((v) => v ?? null);

/** An image with alt text (required in Japanese: the member pages read it). */
export const imageInputSchema = z.object({
  url: contentUrl,
  alt: localizedTitle(ALT_MAX, 'altRequired'),
});
export type ImageInput = z.output<typeof imageInputSchema>;

export const videoInputSchema = z.object({ videoUrl: contentUrl, thumbnailImageUrl: contentUrl });
export const attachmentInputSchema = z.object({ url: contentUrl, fileName: localizedTitle(200) });

export const sectionInputSchema = z.object({
  sectionType: z.union([z.literal(2), z.literal(5)]),
  subtitle: optionalLocalized(localizedTitle(SUBTITLE_MAX)),
  /** Rich text (HTML: p, br, strong, em, u, s, ul, ol, li, a, h2, h3, h4, blockquote, hr, tables). */
  comment: optionalLocalized(localizedRichText),
  images: z.array(imageInputSchema).max(20).default([]),
  videos: z.array(videoInputSchema).max(10).default([]),
  attachments: z.array(attachmentInputSchema).max(20).default([]),
  relType: z
    .enum(SECTION_REL_TYPES)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  relObjectID: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  relLabel: optionalLocalized(localizedTitle(LABEL_MAX)),
});
export type SectionInput = z.output<typeof sectionInputSchema>;
export type SectionFormValues = z.input<typeof sectionInputSchema>;

const sections = z.array(sectionInputSchema).max(50).default([]);
const publishAt = consoleEpochMs.nullable();

/** The list's sort orders. */
export const CONTENT_SORTS = ['publishAtDesc', 'publishAtAsc', 'updatedAtDesc', 'titleAsc'] as const;

export const contentListPayload = z.object({
  /** Part of the Japanese or English title (case-insensitive). */
  query: z.string().trim().max(100).optional(),
  state: z.enum(PUBLISH_STATES).optional(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  perPage: z.number().int().min(1).max(100).default(20),
  sort: z.enum(CONTENT_SORTS).default('publishAtDesc'),
});

export const localizedOut = z.object({ ja: z.string(), en: z.string().nullable() });
export const contentListItem = z.object({
  id: z.number().int(),
  title: localizedOut,
  state: z.enum(PUBLISH_STATES),
  publishAt: z.number().int().nullable(),
  contractOnly: z.boolean(),
  updatedAt: z.number().int(),
  /** The operator who saved it last (null for seeded content). */
  updatedBy: z.string().nullable(),
});

const sectionOut = z.object({
  sectionType: z.number().int(),
  subtitle: localizedOut.nullable(),
  comment: localizedOut.nullable(),
  images: z.array(z.object({ url: z.string(), alt: localizedOut })),
  videos: z.array(z.object({ videoUrl: z.string(), thumbnailImageUrl: z.string() })),
  attachments: z.array(z.object({ url: z.string(), fileName: localizedOut })),
  relType: z.enum(SECTION_REL_TYPES).nullable(),
  relObjectID: z.string().nullable(),
  relLabel: localizedOut.nullable(),
});
export type ConsoleSection = z.infer<typeof sectionOut>;

const editorMeta = {
  state: z.enum(PUBLISH_STATES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
};

/* ------------------------------------------------------------------ announcements */

/** The announcement form: also the payload of saveAnnouncement (id absent: new). */
export const announcementInputSchema = z.object({
  id: consoleId.optional(),
  title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
  /** Images shown with the announcement in lists and at its head. */
  images: z.array(imageInputSchema).max(10).default([]),
  sections,
  isImportant: z.boolean().default(false),
  contractOnly: z.boolean().default(false),
  /** Epoch ms; null: a draft. A time in the future schedules it. */
  publishAt,
});
export type AnnouncementInput = z.output<typeof announcementInputSchema>;
export type AnnouncementFormValues = z.input<typeof announcementInputSchema>;

export const consoleAnnouncementSchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  images: z.array(z.object({ url: z.string(), alt: localizedOut })),
  sections: z.array(sectionOut),
  isImportant: z.boolean(),
  contractOnly: z.boolean(),
  publishAt: z.number().int().nullable(),
  ...editorMeta,
});
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncementSchema>;

export const listConsoleAnnouncements = defineConsoleFunction({
  name: 'listConsoleAnnouncements',
  roles: ['owner', 'editor', 'support'],
  summary: 'Announcements in every state, searched by title and filtered by state, paged.',
  payload: contentListPayload,
  response: z.object({
    announcements: z.array(contentListItem.extend({ isImportant: z.boolean() })),
    total: z.number().int(),
  }),
});

export const getConsoleAnnouncement = defineConsoleFunction({
  name: 'getConsoleAnnouncement',
  roles: ['owner', 'editor', 'support'],
  summary: 'One announcement with every language and field, for the editor and the preview.',
  payload: z.object({ id: consoleId }),
  response: z.object({ announcement: consoleAnnouncementSchema }),
  errorCodes: ['notFound'],
});

export const saveAnnouncement = defineConsoleFunction({
  name: 'saveAnnouncement',
  roles: ['owner', 'editor'],
  summary: 'Creates (id absent) or replaces an announcement; rich text is sanitised again when stored.',
  payload: announcementInputSchema,
  response: z.object({ id: z.number().int(), state: z.enum(PUBLISH_STATES) }),
  errorCodes: ['notFound'],
  audited: true,
});

export const duplicateAnnouncement = defineConsoleFunction({
  name: 'duplicateAnnouncement',
  roles: ['owner', 'editor'],
  summary: 'Copies an announcement as a new draft (title marked as a copy).',
  payload: z.object({ id: consoleId }),
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const unpublishAnnouncement = defineConsoleFunction({
  name: 'unpublishAnnouncement',
  roles: ['owner', 'editor'],
  summary: 'Takes an announcement down at once (state unpublished); members no longer see it.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const deleteAnnouncement = defineConsoleFunction({
  name: 'deleteAnnouncement',
  roles: ['owner', 'editor'],
  summary: 'Deletes an announcement with its sections and read marks.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

/* ------------------------------------------------------------------ library articles */

const tagIdInput = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The article form: also the payload of saveArticle (id absent: new). */
export const articleInputSchema = z.object({
  id: consoleId.optional(),
  title: localizedTitle(TITLE_MAX, 'jaTitleRequired'),
  /** The kind of article (ReportArticles, or a report of an event or match). */
  relType: z.enum(REPORT_ARTICLE_TYPES).default('ReportArticles'),
  /** The header image (list cards and the top of the page). */
  headerImage: imageInputSchema,
  /** More images, shown in the article's slider. */
  images: z.array(imageInputSchema).max(10).default([]),
  description: optionalLocalized(localizedText(DESCRIPTION_MAX)),
  genreId: z.enum(GENRE_IDS),
  /** Topic tags (not genres), in display order. */
  tagIds: z.array(tagIdInput).max(20).default([]),
  /** Position in the library index's Pickup carousel; null: not a pickup. */
  pickupPosition: z.number().int().min(1).max(100).nullable().default(null),
  /** Articles shown as related (up to 3), in order; when empty the server picks by shared tags. */
  relatedArticleIds: z.array(consoleId).max(3).default([]),
  /** Editorial weight for the "recommended" sort and recommendations. */
  recommendScore: z.number().int().min(0).max(1000).default(0),
  sections,
  contractOnly: z.boolean().default(false),
  publishAt,
});
export type ArticleInput = z.output<typeof articleInputSchema>;
export type ArticleFormValues = z.input<typeof articleInputSchema>;

export const consoleArticleSchema = z.object({
  id: z.number().int(),
  title: localizedOut,
  relType: z.enum(REPORT_ARTICLE_TYPES),
  headerImage: z.object({ url: z.string(), alt: localizedOut }),
  images: z.array(z.object({ url: z.string(), alt: localizedOut })),
  description: localizedOut.nullable(),
  /** Null only for seeded articles without a genre. */
  genreId: z.enum(GENRE_IDS).nullable(),
  tagIds: z.array(z.string()),
  pickupPosition: z.number().int().nullable(),
  relatedArticleIds: z.array(z.number().int()),
  recommendScore: z.number().int(),
  sections: z.array(sectionOut),
  contractOnly: z.boolean(),
  publishAt: z.number().int().nullable(),
  ...editorMeta,
});
export type ConsoleArticle = z.infer<typeof consoleArticleSchema>;

export const listConsoleArticles = defineConsoleFunction({
  name: 'listConsoleArticles',
  roles: ['owner', 'editor', 'support'],
  summary: 'Library articles in every state, searched by title and filtered by state (and genre), paged.',
  payload: contentListPayload.extend({ genreId: z.enum(GENRE_IDS).optional() }),
  response: z.object({
    articles: z.array(
      contentListItem.extend({
        genreId: z.enum(GENRE_IDS).nullable(),
        pickupPosition: z.number().int().nullable(),
        imageUrl: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
});

export const getConsoleArticle = defineConsoleFunction({
  name: 'getConsoleArticle',
  roles: ['owner', 'editor', 'support'],
  summary: 'One library article with every language and field, for the editor and the preview.',
  payload: z.object({ id: consoleId }),
  response: z.object({ article: consoleArticleSchema }),
  errorCodes: ['notFound'],
});

export const saveArticle = defineConsoleFunction({
  name: 'saveArticle',
  roles: ['owner', 'editor'],
  summary: 'Creates (id absent) or replaces a library article; rich text is sanitised again when stored.',
  payload: articleInputSchema,
  response: z.object({ id: z.number().int(), state: z.enum(PUBLISH_STATES) }),
  /** unknownTag: a tag id that does not exist or is a genre; unknownArticle: a related article that does not exist. */
  errorCodes: ['notFound', 'unknownTag', 'unknownArticle'],
  audited: true,
});

export const duplicateArticle = defineConsoleFunction({
  name: 'duplicateArticle',
  roles: ['owner', 'editor'],
  summary: 'Copies a library article as a new draft (not a pickup).',
  payload: z.object({ id: consoleId }),
  response: z.object({ id: z.number().int() }),
  errorCodes: ['notFound'],
  audited: true,
});

export const unpublishArticle = defineConsoleFunction({
  name: 'unpublishArticle',
  roles: ['owner', 'editor'],
  summary: 'Takes a library article down at once (state unpublished).',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const deleteArticle = defineConsoleFunction({
  name: 'deleteArticle',
  roles: ['owner', 'editor'],
  summary: 'Deletes a library article with its sections, tags and views.',
  payload: z.object({ id: consoleId }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const listArticleGenresAndTags = defineConsoleFunction({
  name: 'listArticleGenresAndTags',
  roles: ['owner', 'editor', 'support'],
  summary: 'The genres and the topic tags (with their genre), for the article editor.',
  payload: z.object({}),
  response: z.object({
    genres: z.array(z.object({ id: z.enum(GENRE_IDS), name: localizedOut })),
    tags: z.array(z.object({ id: z.string(), name: localizedOut, genreId: z.string().nullable() })),
  }),
});

export const consoleContentFunctions = [
  listConsoleAnnouncements,
  getConsoleAnnouncement,
  saveAnnouncement,
  duplicateAnnouncement,
  unpublishAnnouncement,
  deleteAnnouncement,
  listConsoleArticles,
  getConsoleArticle,
  saveArticle,
  duplicateArticle,
  unpublishArticle,
  deleteArticle,
  listArticleGenresAndTags,
] as const;
