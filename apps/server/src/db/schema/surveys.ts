// Tables of the surveys domain (surveys, their items and answers) and of the FAQ. Migration: 0400_surveys.sql.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenants, users } from './core.ts';

export interface StoredSurveyImage {
  id: number;
  url: string;
  alt_ja: string;
  alt_en?: string | null;
}

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial('id').primaryKey(),
    titleJa: text('title_ja').notNull(),
    titleEn: text('title_en'),
    isGeneral: boolean('is_general').notNull().default(true),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    contractOnly: boolean('contract_only').notNull().default(false),
    fromDateTime: timestamp('from_date_time', { withTimezone: true }).notNull(),
    toDateTime: timestamp('to_date_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0620: a draft is kept from members whatever its window. */
    isDraft: boolean('is_draft').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [index('questionnaires_window_idx').on(t.toDateTime, t.fromDateTime)],
);

/** The tenants a non-general survey targets (migration 0620); tenant_id on the survey holds the first of them. */
export const questionnaireTenants = pgTable(
  'questionnaire_tenants',
  {
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.tenantId] })],
);

export const questionnaireItems = pgTable(
  'questionnaire_items',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull().$type<'comment' | 'images' | 'select' | 'checkbox' | 'text'>(),
    questionJa: text('question_ja').notNull(),
    questionEn: text('question_en'),
    questionnaireIndex: integer('questionnaire_index'),
    required: boolean('required').notNull().default(false),
    choicesJa: jsonb('choices_ja').notNull().$type<string[]>().default([]),
    choicesEn: jsonb('choices_en').$type<string[] | null>(),
    choiceImages: jsonb('choice_images').notNull().$type<string[]>().default([]),
    images: jsonb('images').notNull().$type<StoredSurveyImage[]>().default([]),
  },
  (t) => [unique().on(t.questionnaireId, t.position), unique().on(t.questionnaireId, t.questionnaireIndex)],
);

export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: jsonb('body').notNull().$type<{ questionnaireIndex: number; answer: string | number | number[] }[]>(),
    locale: text('locale').notNull().default('ja'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.userId] }), index('questionnaire_answers_user_idx').on(t.userId)],
);

export const faqCategories = pgTable('faq_categories', {
  /** New ids come from faq_categories_id_seq (migration 0620), above the seeded ones. */
  id: integer('id')
    .primaryKey()
    .default(sql`nextval('faq_categories_id_seq')`),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  sortOrder: integer('sort_order').notNull(),
});

export const faqItems = pgTable(
  'faq_items',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('faq_items_id_seq')`),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
    titleJa: text('title_ja').notNull(),
    titleEn: text('title_en'),
    htmlJa: text('html_ja').notNull(),
    htmlEn: text('html_en'),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [index('faq_items_category_idx').on(t.categoryId, t.sortOrder)],
);

export interface StoredHelpSection {
  id: string;
  heading: string;
  html: string;
  images?: { url: string; alt: string }[];
  video?: { url: string; posterUrl?: string | null; type?: string } | null;
}

/** Help pages written in the console, per page, language and terms version (migration 0620, decision 123). */
export const helpPages = pgTable(
  'help_pages',
  {
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    termsVersion: integer('terms_version').notNull(),
    title: text('title').notNull(),
    lead: text('lead').notNull().default(''),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
    sections: jsonb('sections').notNull().$type<StoredHelpSection[]>().default([]),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: text('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.page, t.locale, t.termsVersion] })],
);
