import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './core.ts';

/** A tenant's signup code (stored upper-case); it may expire (`expiresAt`) and run out (`maxUses`). */
export const invitationCodes = pgTable('invitation_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  /** Revoked by an operator (migration 0630): refused at signup like an expired code. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EmailLinkPurpose = 'signup' | 'reset' | 'register' | 'revert';

/** Single-use emailed links, kept as SHA-256 hashes of their tokens. */
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailLinkPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For registration links: the address that becomes the account's email when the link is used. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_links_user_idx').on(t.userId)],
);

/**
 * `sending`: claimed by a sender; `unconfirmed`: handed over to the SMTP server but its acceptance was never recorded
 * (the sender died or lost the connection at the end of DATA) -- not sent again (docs/decisions/075).
 */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'unconfirmed';

/** Outgoing mail, written in the transaction of the change that causes it; the sender delivers it over SMTP. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status').notNull().default('pending').$type<MailStatus>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When this attempt handed the whole message to the SMTP server (just before the end of DATA). */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Extra header fields the sender adds (List-Unsubscribe…, migration 0860, decision 178); null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);
