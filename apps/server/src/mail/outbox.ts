import crypto from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/lifecycle.ts';
import { renderMail, type MailKind } from './templates.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Writes a mail into the outbox. Call it with the transaction of the change that causes the mail,
 * so that the mail exists exactly when the change does (nothing lost, nothing half-done).
 */
export async function enqueueMail(
  db: Db,
  mail: { kind: MailKind; locale: Locale; to: string; name: string | null; link: string },
  now: Date,
): Promise<number> {
  const rendered = renderMail(mail.kind, mail.locale, { name: mail.name, link: mail.link });
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      locale: mail.locale,
      toAddress: mail.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      // A stable Message-ID: should a delivery be repeated after a crash, receivers can tell it is the same mail.
      messageId: `<${crypto.randomUUID()}@hibi.mail>`,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due mails for one sender: pending ones whose time has come, and ones a sender claimed
 * but did not finish before its lock ran out (it crashed). The claim is one UPDATE over rows picked with
 * FOR UPDATE SKIP LOCKED, so two senders never claim the same mail.
 */
export async function claimDueMails(db: Db, now: Date, limit: number, lockMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ status: 'sending', lockedUntil: new Date(now.getTime() + lockMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** After the SMTP server accepted the mail. */
export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** After a failed attempt: try again at `retryAt`, or give up (`failed`) when the mail can never be delivered. */
export async function markAttemptFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryAt ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error } : { status: 'failed', lockedUntil: null, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}
