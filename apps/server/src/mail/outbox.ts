import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { MailKindName } from '@hibi/contract/console/people';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/lifecycle.ts';
import { renderMail, type MailKind, type RenderedMail } from './templates.ts';

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
  return enqueueRenderedMail(
    db,
    { kind: mail.kind, locale: mail.locale, to: mail.to, rendered: renderMail(mail.kind, mail.locale, { name: mail.name, link: mail.link }) },
    now,
  );
}

/** Writes a mail rendered elsewhere (a domain's own mails, such as the events' seat and reminder mails). Same rules as enqueueMail. */
export async function enqueueRenderedMail(
  db: Db,
  /** One of the contract's MAIL_KINDS: the console's outbox names each in both languages. */
  mail: RenderedOutboxMail,
  now: Date,
): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(outboxRow(mail, now)).returning({ id: mailOutbox.id });
  return row!.id;
}

type RenderedOutboxMail = { kind: MailKindName; locale: Locale; to: string; rendered: RenderedMail };

/** The outbox row of a rendered mail, pending from `now`. */
function outboxRow(mail: RenderedOutboxMail, now: Date) {
  return {
    kind: mail.kind,
    locale: mail.locale,
    toAddress: mail.to,
    subject: mail.rendered.subject,
    textBody: mail.rendered.text,
    htmlBody: mail.rendered.html,
    headers: mail.rendered.headers && Object.keys(mail.rendered.headers).length > 0 ? mail.rendered.headers : null,
    // A stable Message-ID: should a delivery be repeated after a crash, receivers can tell it is the same mail.
    messageId: `<${crypto.randomUUID()}@hibi.mail>`,
    nextAttemptAt: now,
    createdAt: now,
  };
}

/**
 * Writes many rendered mails in one statement (the magazine's batches, docs/decisions/185-magazine-delivery.md) and
 * answers their ids in the order given. Same rules as enqueueRenderedMail: call it in the transaction that causes them.
 */
export async function enqueueRenderedMails(db: Db, mails: readonly RenderedOutboxMail[], now: Date): Promise<number[]> {
  if (mails.length === 0) return [];
  // The ids are drawn first, so that each mail's id is known without relying on the order RETURNING gives.
  const drawn = (await db.execute(
    sql`SELECT nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int AS id FROM generate_series(1, ${mails.length}::int)`,
  )) as unknown as { rows: { id: number }[] };
  const ids = drawn.rows.map((r) => Number(r.id));
  await db.insert(mailOutbox).values(mails.map((mail, i) => ({ id: ids[i]!, ...outboxRow(mail, now) })));
  return ids;
}

/** What a sent (or given-up) mail keeps: no body, so no emailed link stays at rest once it left (decision 076). */
const WIPED = { textBody: '', htmlBody: '' };

/**
 * Claims up to `limit` due mails for one sender: pending ones whose time has come, and ones a sender claimed but
 * did not finish before its lock ran out (it crashed) *before handing the message over*. The claim is one UPDATE over
 * rows picked with FOR UPDATE SKIP LOCKED, so two senders never claim the same mail. The claim counts the attempt;
 * that number fences the claim (a sender whose claim was taken over can no longer record anything).
 *
 * A row whose lock ran out *after* it was handed over may have been accepted by the SMTP server: it becomes
 * `unconfirmed` and is not sent again (docs/decisions/075-mail-delivery-idempotence.md).
 */
export async function claimDueMails(db: Db, now: Date, limit: number, lockMs: number): Promise<OutboxRow[]> {
  await db
    .update(mailOutbox)
    .set({ status: 'unconfirmed', lockedUntil: null, lastError: 'handed over to the SMTP server, acceptance not recorded', ...WIPED })
    .where(and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now), isNotNull(mailOutbox.handedOverAt)));
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now), isNull(mailOutbox.handedOverAt)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ status: 'sending', lockedUntil: new Date(now.getTime() + lockMs), handedOverAt: null, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** This attempt's claim on a mail: the row and the attempt number the claim counted. */
type Claim = Pick<OutboxRow, 'id' | 'attempts'>;
const claimed = (mail: Claim) => and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));

/**
 * Records, just before the end of DATA, that the whole message is with the SMTP server. False when this claim is no
 * longer ours (another sender took the mail over): then the message must not be completed.
 */
export async function markHandedOver(db: Db, mail: Claim, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ handedOverAt: now })
    .where(and(claimed(mail), eq(mailOutbox.status, 'sending')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** After the SMTP server accepted the mail (also when another sender meanwhile marked it `unconfirmed`). */
export async function markSent(db: Db, mail: Claim, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, ...WIPED })
    .where(and(claimed(mail), inArray(mailOutbox.status, ['sending', 'unconfirmed'])));
}

/**
 * After a failed attempt: try again at `retryAt`, or give up (`failed`) when the mail can never be delivered. A failed
 * mail never left, so it keeps its body for the console's retry (decision 131); pruning deletes it with its row.
 */
export async function markAttemptFailed(db: Db, mail: Claim, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, handedOverAt: null, lastError: error }
        : // A failed mail keeps its body until it is pruned, so an operator can queue it again (decision 131).
          { status: 'failed', lockedUntil: null, lastError: error },
    )
    .where(and(claimed(mail), eq(mailOutbox.status, 'sending')));
}

/** The connection failed after the message was handed over: the server may have accepted it; do not send it again. */
export async function markUnconfirmed(db: Db, mail: Claim, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'unconfirmed', lockedUntil: null, lastError: error, ...WIPED })
    .where(and(claimed(mail), eq(mailOutbox.status, 'sending')));
}

/** Deletes mail created before `cutoff`, whatever became of it, except mail a sender holds right now. */
export async function pruneOutbox(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(and(lt(mailOutbox.createdAt, cutoff), ne(mailOutbox.status, 'sending')))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/* ------------------------------------------------------------------ the operator console's view (decision 131) */

/** The console's names of the outbox states: `pending` is `queued`. */
export type ConsoleMailState = 'queued' | 'sending' | 'sent' | 'failed' | 'unconfirmed';
const toStatus = (state: ConsoleMailState): OutboxRow['status'] => (state === 'queued' ? 'pending' : state);

export interface OutboxListRow {
  id: number;
  kind: string;
  locale: string;
  to_address: string;
  status: OutboxRow['status'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
  total: number;
}

/** A page of outbox mail, newest first, without subject or body; `recipient` is part of the address. */
export async function listOutbox(
  db: Db,
  filter: { state?: ConsoleMailState | undefined; recipient?: string | undefined },
  offset: number,
  limit: number,
): Promise<OutboxListRow[]> {
  const where = [sql`TRUE`];
  if (filter.state) where.push(sql`status = ${toStatus(filter.state)}`);
  if (filter.recipient)
    where.push(sql`lower(to_address) LIKE ${`%${filter.recipient.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  const result = (await db.execute(
    sql`SELECT id, kind, locale, to_address, status, attempts, last_error, created_at, next_attempt_at, sent_at, count(*) OVER ()::int AS total
          FROM mail_outbox
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  )) as unknown as { rows: OutboxListRow[] };
  return result.rows;
}

/**
 * Queues a failed mail again, its attempts starting over: 'queued', or why not ('notFound', 'notFailed', or
 * 'bodyGone' for a mail given up before failed mail kept its body).
 */
export async function requeueFailedMail(db: Db, id: number, now: Date): Promise<'queued' | 'notFound' | 'notFailed' | 'bodyGone'> {
  const queued = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, handedOverAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed'), ne(mailOutbox.textBody, '')))
    .returning({ id: mailOutbox.id });
  if (queued.length === 1) return 'queued';
  const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) return 'notFound';
  return row.status === 'failed' ? 'bodyGone' : 'notFailed';
}
