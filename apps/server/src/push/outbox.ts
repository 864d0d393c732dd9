import { sql } from 'drizzle-orm';
import type { PushKind } from '@hibi/contract/constants';
import type { Db } from '../db/client.ts';
import { arrayParam, rows } from '../db/query.ts';
import { pushPayload, type PushHeading } from './messages.ts';

/**
 * The push outbox (migration 0800, decision 153), the mail outbox's twin (decision 075): rows are written in the
 * transaction of the change that causes them, claimed by one sender at a time (FOR UPDATE SKIP LOCKED), recorded as
 * handed over right before the request leaves, and marked sent, retried or given up after the push service answered.
 */

export interface PushRow {
  id: number;
  subscription_id: number;
  kind: PushKind;
  payload: unknown;
  ttl_seconds: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushNotice {
  kind: PushKind;
  /** The heading (the kind's own, or a variant such as the hour reminder's). */
  heading?: PushHeading;
  /** The members it is for; each gets it on every device that takes `kind`. */
  userIds: readonly number[];
  /** The item's title in each language (English falls back to Japanese before it gets here). */
  title: { ja: string; en: string };
  /** What the notification opens: a path of the app. */
  url: string;
  /** The same key is never queued twice for one device (the announcement, the reservation's reminder, ...). */
  dedupeKey: string;
  /** How long the push service may hold it for an offline device. */
  ttlSeconds: number;
}

const iso = (d: Date) => d.toISOString();

/**
 * Queues a notification for every device of these members that takes its kind, in the caller's transaction: a device
 * counts while its session is alive, its member is not deactivated and their company's contract has not ended. Each
 * row carries the payload in its member's language. Returns how many rows were queued.
 */
export async function enqueuePush(db: Db, notice: PushNotice, now: Date): Promise<number> {
  if (notice.userIds.length === 0) return 0;
  const heading = notice.heading ?? notice.kind;
  const tag = notice.dedupeKey;
  const ja = pushPayload(heading, notice.kind, 'ja', notice.title.ja, notice.url, tag);
  const en = pushPayload(heading, notice.kind, 'en', notice.title.en, notice.url, tag);
  const queued = await rows<{ id: number }>(
    db,
    sql`INSERT INTO push_outbox (subscription_id, kind, dedupe_key, payload, ttl_seconds, next_attempt_at, created_at)
          SELECT s.id, ${notice.kind}, ${notice.dedupeKey},
                 CASE WHEN lower(left(u.locale, 2)) = 'en' THEN ${JSON.stringify(en)}::jsonb ELSE ${JSON.stringify(ja)}::jsonb END,
                 ${notice.ttlSeconds}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
            FROM push_subscriptions s
            JOIN users u ON u.id = s.user_id
            JOIN sessions ss ON ss.id = s.session_id
           WHERE s.user_id = ANY(${arrayParam(notice.userIds, 'int')})
             AND ${notice.kind} = ANY(s.kinds)
             AND ss.expires_at > ${iso(now)}::timestamptz
             AND u.deactivated_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = u.tenant_id AND t.contract_ends_at <= ${iso(now)}::timestamptz)
          ON CONFLICT (subscription_id, dedupe_key) DO NOTHING
          RETURNING id`,
  );
  return queued.length;
}

/**
 * Claims up to `limit` due rows for one sender: pending ones whose time has come, and ones a sender claimed but did not
 * finish before its lock ran out *before handing the request over* (it crashed). A row whose lock ran out after the
 * hand-over may have reached the push service: it becomes `unconfirmed` and is not sent again. The claim counts the
 * attempt, and that number fences it: a sender whose claim was taken over can record nothing.
 */
export async function claimDuePushes(db: Db, now: Date, limit: number, lockMs: number): Promise<PushRow[]> {
  await db.execute(
    sql`UPDATE push_outbox SET status = 'unconfirmed', locked_until = NULL,
               last_error = 'handed over to the push service, answer not recorded'
         WHERE status = 'sending' AND locked_until <= ${iso(now)}::timestamptz AND handed_over_at IS NOT NULL`,
  );
  return rows<PushRow>(
    db,
    sql`WITH due AS (
          SELECT id FROM push_outbox
           WHERE (status = 'pending' AND next_attempt_at <= ${iso(now)}::timestamptz)
              OR (status = 'sending' AND locked_until <= ${iso(now)}::timestamptz AND handed_over_at IS NULL)
           ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE push_outbox o SET status = 'sending', locked_until = ${iso(new Date(now.getTime() + lockMs))}::timestamptz,
                 handed_over_at = NULL, attempts = o.attempts + 1
            FROM due WHERE o.id = due.id
          RETURNING o.id, o.subscription_id, o.kind, o.payload, o.ttl_seconds, o.attempts
        )
        SELECT c.id::int AS id, c.subscription_id, c.kind, c.payload, c.ttl_seconds, c.attempts, s.endpoint, s.p256dh, s.auth
          FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id
         ORDER BY c.id`,
  );
}

type Claim = Pick<PushRow, 'id' | 'attempts'>;
const claimed = (row: Claim) => sql`id = ${row.id} AND attempts = ${row.attempts}`;

/** Records, right before the request leaves, that it is going to the push service; false when the claim is no longer ours. */
export async function markPushHandedOver(db: Db, row: Claim, now: Date): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE push_outbox SET handed_over_at = ${iso(now)}::timestamptz WHERE ${claimed(row)} AND status = 'sending' RETURNING id`,
  );
  return updated.length === 1;
}

/** The push service took it (2xx). The payload goes: nothing of it stays at rest once it left. */
export async function markPushSent(db: Db, row: Claim, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE push_outbox SET status = 'sent', sent_at = ${iso(now)}::timestamptz, locked_until = NULL, last_error = NULL, payload = '{}'::jsonb
         WHERE ${claimed(row)} AND status IN ('sending', 'unconfirmed')`,
  );
}

/** A failed attempt: try again at `retryAt`, or give up (`failed`). */
export async function markPushFailed(db: Db, row: Claim, error: string, retryAt: Date | null): Promise<void> {
  await db.execute(
    retryAt
      ? sql`UPDATE push_outbox SET status = 'pending', next_attempt_at = ${iso(retryAt)}::timestamptz, locked_until = NULL, handed_over_at = NULL,
                   last_error = ${error} WHERE ${claimed(row)} AND status = 'sending'`
      : sql`UPDATE push_outbox SET status = 'failed', locked_until = NULL, last_error = ${error}, payload = '{}'::jsonb
             WHERE ${claimed(row)} AND status = 'sending'`,
  );
}

/** The connection broke after the request was written: the push service may have it; it is not sent again. */
export async function markPushUnconfirmed(db: Db, row: Claim, error: string): Promise<void> {
  await db.execute(
    sql`UPDATE push_outbox SET status = 'unconfirmed', locked_until = NULL, last_error = ${error}, payload = '{}'::jsonb
         WHERE ${claimed(row)} AND status = 'sending'`,
  );
}

/** The push service says the subscription is gone (404, 410): it is deleted, with every row still queued for it. */
export async function deleteExpiredSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subscriptionId}`);
}

/** Deletes rows created before `cutoff`, whatever became of them, except rows a sender holds right now. */
export async function prunePushOutbox(db: Db, cutoff: Date): Promise<number> {
  const deleted = await rows<{ id: number }>(
    db,
    sql`DELETE FROM push_outbox WHERE created_at < ${iso(cutoff)}::timestamptz AND status <> 'sending' RETURNING id`,
  );
  return deleted.length;
}

/* ------------------------------------------------------------------ announced items (push_announced) */

export type AnnouncedKind = 'importantAnnouncement' | 'newSurvey';

/**
 * Takes the right to announce an item, in the transaction that queues its notices: true once per item, ever, so an
 * announcement or a survey is announced once whatever the processes and restarts.
 */
async function claimAnnouncement(db: Db, kind: AnnouncedKind, itemId: number, now: Date): Promise<boolean> {
  const taken = await rows<{ item_id: number }>(
    db,
    sql`INSERT INTO push_announced (kind, item_id, announced_at, recipients) VALUES (${kind}, ${itemId}, ${iso(now)}::timestamptz, 0)
        ON CONFLICT DO NOTHING RETURNING item_id`,
  );
  return taken.length === 1;
}

/** How many devices an announced item was queued for (for the operator's eye). */
async function recordAnnouncementRecipients(db: Db, kind: AnnouncedKind, itemId: number, recipients: number): Promise<void> {
  await db.execute(sql`UPDATE push_announced SET recipients = ${recipients} WHERE kind = ${kind} AND item_id = ${itemId}`);
}

/** Members asked of an audience query at a time, and so queued for in one statement. */
export const AUDIENCE_BATCH = 1000;

/**
 * Announces an item to its audience once (claimAnnouncement), in the caller's transaction: the audience is read in
 * pages of AUDIENCE_BATCH member ids after the last one (`audience(after, limit)`, ids ascending), each page queued in
 * one statement; the number queued is recorded and returned (0 for an item announced already).
 */
export async function announceToAudience(
  db: Db,
  kind: AnnouncedKind,
  itemId: number,
  audience: (after: number, limit: number) => Promise<number[]>,
  notice: Omit<PushNotice, 'kind' | 'userIds'>,
  now: Date,
): Promise<number> {
  if (!(await claimAnnouncement(db, kind, itemId, now))) return 0;
  let count = 0;
  for (let after = 0; ;) {
    const ids = await audience(after, AUDIENCE_BATCH);
    if (ids.length === 0) break;
    count += await enqueuePush(db, { ...notice, kind, userIds: ids }, now);
    after = ids[ids.length - 1]!;
    if (ids.length < AUDIENCE_BATCH) break;
  }
  await recordAnnouncementRecipients(db, kind, itemId, count);
  return count;
}
/** An item published or opened longer ago than this is not announced any more (a server that was down for days). */
export const ANNOUNCE_WINDOW_MS = 24 * 3600_000;
