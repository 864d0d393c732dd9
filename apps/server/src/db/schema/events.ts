// Tables of the events domain (migrations 0200_events.sql, 0201_event_sessions.sql).
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An event; title and texts in Japanese (required) and English (optional, falls back to Japanese). */
export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  dateRemarksJa: text('date_remarks_ja'),
  dateRemarksEn: text('date_remarks_en'),
  placeJa: text('place_ja'),
  placeEn: text('place_en'),
  price: integer('price').notNull().default(0),
  extraLabelJa: text('extra_label_ja'),
  extraLabelEn: text('extra_label_en'),
  extraTextJa: text('extra_text_ja'),
  extraTextEn: text('extra_text_en'),
  reportArticleId: integer('report_article_id'),
  contractOnly: boolean('contract_only').notNull().default(false),
  /** Null: a draft, or taken down (unpublishedAt set); members see the event from this time on. */
  publishedAt: ts('published_at').defaultNow(),
  advertising: boolean('advertising').notNull().default(false),
  /** 1 offline, 2 online, 3 both. */
  providingType: integer('providing_type').notNull().default(1),
  /** Shown in the overview; null = no limit. */
  capacity: integer('capacity'),
  thumbnailUrl: text('thumbnail_url'),
  unpublishedAt: ts('unpublished_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export const eventImages = pgTable('event_images', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  altJa: text('alt_ja'),
  altEn: text('alt_en'),
});

/** A bookable (or merely shown) time slot of an event. reserved_count moves with the active reservations. */
export const eventSessions = pgTable('event_sessions', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  titleJa: text('title_ja').notNull(),
  titleEn: text('title_en'),
  providingType: integer('providing_type').notNull().default(1),
  /** 0 time display only, 1 reservation in the app, 2 external site. */
  reservationType: integer('reservation_type').notNull().default(1),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  capacity: integer('capacity'),
  /** 2 = per team, otherwise per person. */
  entryUnitType: integer('entry_unit_type').notNull().default(1),
  reservedCount: integer('reserved_count').notNull().default(0),
  reservationStartAt: ts('reservation_start_at'),
  reservationEndAt: ts('reservation_end_at'),
  url: text('url'),
  externalFull: boolean('external_full').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const eventQuestions = pgTable('event_questions', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  questionnaireIndex: integer('questionnaire_index').notNull(),
  type: text('type').notNull(),
  questionJa: text('question_ja').notNull(),
  questionEn: text('question_en'),
  required: boolean('required').notNull().default(false),
  choicesJa: jsonb('choices_ja').$type<string[]>().notNull().default([]),
  choicesEn: jsonb('choices_en').$type<string[] | null>(),
  choiceImages: jsonb('choice_images').$type<{ id: number; url: string }[]>().notNull().default([]),
  images: jsonb('images').$type<{ id: number; url: string }[]>().notNull().default([]),
});

export const eventReservations = pgTable(
  'event_reservations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
    /** The waiting-list id this reservation was promoted from (migration 0202); null for a direct booking. */
    promotedFrom: integer('promoted_from'),
    /** Checked in at the session (migration 0755); null when not. */
    checkedInAt: ts('checked_in_at'),
    /** The booking's confirmation mail in the outbox (migration 0790, decision 150); null without one. */
    confirmationMailId: integer('confirmation_mail_id'),
  },
  (t) => [
    uniqueIndex('event_reservations_one_per_event')
      .on(t.eventId, t.userId)
      .where(sql`cancelled_at IS NULL`),
    index('event_reservations_user_idx')
      .on(t.userId)
      .where(sql`cancelled_at IS NULL`),
  ],
);

export const eventFavorites = pgTable(
  'event_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);

export const eventCalendarKeys = pgTable('event_calendar_keys', {
  id: boolean('id').primaryKey().default(true),
  secret: text('secret').notNull(),
});

/** Waiting lists (migration 0202): one place per member and event; the id is the order. */
export const eventWaitingList = pgTable(
  'event_waiting_list',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_waiting_list_one_per_event').on(t.eventId, t.userId), index('event_waiting_list_session_idx').on(t.sessionId, t.id)],
);

/** Reminders already sent, one per reservation and kind ('day' or 'hour'). */
export const eventRemindersSent = pgTable(
  'event_reminders_sent',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => eventReservations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.kind] })],
);

/** The private calendar feed of a member; the generation moves on with each reset. */
export const eventCalendarFeeds = pgTable('event_calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});
