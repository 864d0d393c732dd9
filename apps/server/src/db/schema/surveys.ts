// Tables of the surveys domain (surveys, their items and answers) and of the FAQ. Migration: 0400_surveys.sql.
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
  },
  (t) => [index('questionnaires_window_idx').on(t.toDateTime, t.fromDateTime)],
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
  id: integer('id').primaryKey(),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  sortOrder: integer('sort_order').notNull(),
});

export const faqItems = pgTable(
  'faq_items',
  {
    id: integer('id').primaryKey(),
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
  },
  (t) => [index('faq_items_category_idx').on(t.categoryId, t.sortOrder)],
);
