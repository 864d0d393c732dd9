// The notifications domain's data module: members' push subscriptions (migration 0800). The push outbox itself is
// src/push/outbox.ts, as the mail outbox is src/mail/outbox.ts.
import { sql } from 'drizzle-orm';
import type { PushKind } from '@hibi/contract/constants';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => d.toISOString();
const kindsArray = (kinds: readonly PushKind[]) => sql`string_to_array(${kinds.join(',')}, ',')::text[]`;

/** The kinds a member's device takes, or null when the member has no subscription with this endpoint. */
export async function subscriptionKinds(db: Db, userId: number, endpoint: string): Promise<PushKind[] | null> {
  const [row] = await rows<{ kinds: PushKind[] }>(db, sql`SELECT kinds FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
  return row ? row.kinds : null;
}

/**
 * Saves a device's subscription for a member's session. An endpoint is one browser profile: saved again (new keys,
 * other kinds, the member's next session) it is updated in place.
 */
export async function upsertSubscription(
  db: Db,
  s: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string; kinds: readonly PushKind[] },
  now: Date,
): Promise<PushKind[]> {
  const [row] = await rows<{ kinds: PushKind[] }>(
    db,
    sql`INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, kinds, created_at, updated_at)
        VALUES (${s.userId}, ${s.sessionId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${kindsArray(s.kinds)}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh,
          auth = EXCLUDED.auth, kinds = EXCLUDED.kinds, updated_at = EXCLUDED.updated_at
        RETURNING kinds`,
  );
  return row!.kinds;
}

/** A device that changes hands: the other member's subscription goes, with every notice still queued for it. */
export async function deleteOthersSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id <> ${userId}`);
}

/** Keeps a member's `max` most recently saved devices; older ones are forgotten. */
export async function trimSubscriptions(db: Db, userId: number, max: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC LIMIT ${max})`,
  );
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
}

/** Any key: the lock that lets one process at a time look for due announcements. */
const NOTICE_LOCK_KEY = 8_034_117_002n;

export async function tryNoticeLock(tx: Db): Promise<boolean> {
  const [lock] = await rows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${NOTICE_LOCK_KEY.toString()}::bigint) AS locked`);
  return Boolean(lock?.locked);
}
