import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './core.ts';

/** The mail magazine (migration 0900; docs/decisions/185-magazine-delivery.md). */
export const magazineIssues = pgTable('magazine_issues', {
  id: serial('id').primaryKey(),
  subjectJa: text('subject_ja').notNull(),
  subjectEn: text('subject_en'),
  bodyJa: text('body_ja').notNull(),
  bodyEn: text('body_en'),
  state: text('state').notNull().default('draft').$type<'draft' | 'scheduled' | 'sending' | 'sent'>(),
  sendAt: timestamp('send_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  recipients: integer('recipients').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});

export const magazineIssueTenants = pgTable(
  'magazine_issue_tenants',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.issueId] })],
);

export const magazineDeliveries = pgTable(
  'magazine_deliveries',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    state: text('state').notNull().default('queued').$type<'queued' | 'outboxed' | 'skipped' | 'sent' | 'failed'>(),
    outboxId: integer('outbox_id'),
    outboxedAt: timestamp('outboxed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] }), index('magazine_deliveries_user_idx').on(t.userId)],
);
