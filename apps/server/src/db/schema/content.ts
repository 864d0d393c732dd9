// Tables of the content domain (migration 0100_content.sql). Queries that aggregate use SQL directly;
// these definitions serve inserts and simple reads.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A block of content under an announcement, report article or event (the Section model, docs/requirements/content.md#content-sections). */
export const sections = pgTable('sections', {
  id: serial('id').primaryKey(),
  ownerType: text('owner_type').notNull().$type<'announcement' | 'report_article' | 'event'>(),
  ownerId: integer('owner_id').notNull(),
  position: integer('position').notNull().default(0),
  sectionType: integer('section_type').notNull(),
  subtitleJa: text('subtitle_ja'),
  subtitleEn: text('subtitle_en'),
  commentJa: text('comment_ja'),
  commentEn: text('comment_en'),
  relType: text('rel_type'),
  relObjectId: text('rel_object_id'),
  relLabelJa: text('rel_label_ja'),
  relLabelEn: text('rel_label_en'),
});

export const sectionImages = pgTable('section_images', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => sections.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  url: text('url').notNull(),
  altJa: text('alt_ja'),
  altEn: text('alt_en'),
});

export const sectionVideos = pgTable('section_videos', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => sections.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  videoUrl: text('video_url').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
});

export const sectionAttachments = pgTable('section_attachments', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => sections.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  fileNameJa: text('file_name_ja').notNull(),
  fileNameEn: text('file_name_en'),
  url: text('url').notNull(),
});

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  /** Null: a draft (migration 0601). */
  fromAt: ts('from_at'),
  isImportant: boolean('is_important').notNull().default(false),
  contractOnly: boolean('contract_only').notNull().default(false),
  unpublishedAt: ts('unpublished_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export const announcementImages = pgTable('announcement_images', {
  id: serial('id').primaryKey(),
  announcementId: integer('announcement_id')
    .notNull()
    .references(() => announcements.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  url: text('url').notNull(),
  altJa: text('alt_ja'),
  altEn: text('alt_en'),
});

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** Tag ids are strings; genre1..genre8 are the genres. */
export const tags = pgTable('tags', {
  id: text('id').primaryKey(),
  nameJa: text('name_ja').notNull(),
  nameEn: text('name_en'),
  isGenre: boolean('is_genre').notNull().default(false),
  genreId: text('genre_id'),
  position: integer('position').notNull().default(0),
  topPosition: integer('top_position'),
});

export const reportArticles = pgTable('report_articles', {
  id: serial('id').primaryKey(),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  descriptionJa: text('description_ja'),
  descriptionEn: text('description_en'),
  imageUrl: text('image_url').notNull(),
  relType: text('rel_type').notNull().default('ReportArticles'),
  contractOnly: boolean('contract_only').notNull().default(false),
  /** Null: a draft (migration 0601). */
  publishedAt: ts('published_at'),
  unpublishedAt: ts('unpublished_at'),
  imageAltJa: text('image_alt_ja'),
  imageAltEn: text('image_alt_en'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  recommendScore: integer('recommend_score').notNull().default(0),
  pickupPosition: integer('pickup_position'),
});

export const reportArticleImages = pgTable('report_article_images', {
  id: serial('id').primaryKey(),
  reportArticleId: integer('report_article_id')
    .notNull()
    .references(() => reportArticles.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  url: text('url').notNull(),
  altJa: text('alt_ja'),
  altEn: text('alt_en'),
});

export const reportArticleTags = pgTable(
  'report_article_tags',
  {
    reportArticleId: integer('report_article_id')
      .notNull()
      .references(() => reportArticles.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.reportArticleId, t.tagId] })],
);

export const reportArticleViews = pgTable(
  'report_article_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportArticleId: integer('report_article_id')
      .notNull()
      .references(() => reportArticles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
    /** The Tokyo day of the view: a member's views of an article count once a day. */
    viewDay: date('view_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('report_article_views_recent_idx').on(t.viewedAt, t.reportArticleId),
    uniqueIndex('report_article_views_member_day')
      .on(t.reportArticleId, t.userId, t.viewDay)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

export const reportArticleResourceViews = pgTable('report_article_resource_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reportArticleId: integer('report_article_id')
    .notNull()
    .references(() => reportArticles.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  videoId: integer('video_id').references(() => sectionVideos.id, { onDelete: 'cascade' }),
  attachmentId: integer('attachment_id').references(() => sectionAttachments.id, { onDelete: 'cascade' }),
  viewedAt: ts('viewed_at').notNull().defaultNow(),
});
