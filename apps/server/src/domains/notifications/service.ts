import type { PushKind } from '@hibi/contract/constants';
import { PUSH_DEVICES_MAX } from '@hibi/contract/constants';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { PayloadRejected, type AuthUser } from '../../core/handler.ts';
import { allowedOriginOf } from '../../push/endpoint.ts';
import { vapidKeys, type VapidKeys } from '../../push/vapid.ts';
import { announceImportantAnnouncements } from '../content/service.ts';
import { announceOpenedSurveys } from '../surveys/service.ts';
import * as data from './data.ts';

/**
 * Notifications on the device (issue 34, decision 153): members' push subscriptions, and the run that announces
 * important announcements and opening surveys. The seat and reminder notices are queued by the events domain in its
 * own transactions; every notice goes through the push outbox (src/push/).
 */

/** Each database's key pair, read once per process (the same for every process: config or the config table). */
const keys = new WeakMap<Db, Promise<VapidKeys>>();
export function pushKeys(db: Db, config: Config): Promise<VapidKeys> {
  let kept = keys.get(db);
  if (!kept) {
    kept = vapidKeys(db, config);
    kept.catch(() => keys.delete(db));
    keys.set(db, kept);
  }
  return kept;
}

export async function getPushConfig(db: Db, config: Config, user: AuthUser, endpoint: string | undefined) {
  const { publicKey } = await pushKeys(db, config);
  return { publicKey, kinds: endpoint ? await data.subscriptionKinds(db, user.id, endpoint) : null };
}

/**
 * Saves this device for the caller's session. The endpoint must be on an allowed push service (PUSH_ALLOWED_ORIGINS:
 * https, never an address): otherwise 400 and nothing is stored, so the sender can never be pointed elsewhere.
 */
export async function saveSubscription(
  db: Db,
  config: Config,
  user: AuthUser,
  s: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: PushKind[] },
  now: Date,
): Promise<{ kinds: PushKind[] }> {
  if (!allowedOriginOf(s.endpoint, config.pushAllowedOrigins)) throw new PayloadRejected('pushEndpointNotAllowed');
  return transaction(db, async (t) => {
    await data.deleteOthersSubscription(t, user.id, s.endpoint);
    const kinds = await data.upsertSubscription(
      t,
      { userId: user.id, sessionId: user.sessionId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, kinds: s.kinds },
      now,
    );
    await data.trimSubscriptions(t, user.id, PUSH_DEVICES_MAX);
    return { kinds };
  });
}

export async function deleteSubscription(db: Db, user: AuthUser, endpoint: string): Promise<Record<string, never>> {
  await data.deleteSubscription(db, user.id, endpoint);
  return {};
}

/**
 * One run of the announcements: important announcements that became published and surveys that opened are announced
 * to their audiences, each once, in one transaction with the marks that say so. One process at a time (an advisory
 * lock); returns the notices queued (0 when another process holds the run).
 */
export async function announceDue(db: Db, now: Date): Promise<number> {
  return transaction(db, async (t) => {
    if (!(await data.tryNoticeLock(t))) return 0;
    return (await announceImportantAnnouncements(t, now)) + (await announceOpenedSurveys(t, now));
  });
}

export const ANNOUNCE_EVERY_MS = 60_000;

/** Runs announceDue every minute in this process (safe in every process). */
export function startAnnouncements(db: Db, onError: (error: unknown) => void): () => void {
  return repeatEvery(ANNOUNCE_EVERY_MS, () => announceDue(db, new Date()), onError);
}
