import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushOrigin } from '../config.ts';
import type { Db } from '../db/client.ts';
import { startPoller } from '../lib/poller.ts';
import { allowedOriginOf, guardedLookup } from './endpoint.ts';
import {
  claimDuePushes,
  deleteExpiredSubscription,
  markPushFailed,
  markPushHandedOver,
  markPushSent,
  markPushUnconfirmed,
  type PushRow,
} from './outbox.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushSenderOptions {
  db: Db;
  vapid: VapidKeys;
  /** VAPID's `sub`: the operator's contact for the push services. */
  subject: string;
  /** PUSH_ALLOWED_ORIGINS: checked again before each request (the configuration may have narrowed since it was saved). */
  origins: readonly PushOrigin[];
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollMs?: number;
  /** First retry delay after a 429, a 5xx or a failed connection; doubles per attempt up to maxDelayMs (±20 %). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a notification is given up. */
  maxAttempts?: number;
  /** How long a claimed row stays with this sender before another may take it over (crash recovery). */
  lockMs?: number;
  batchSize?: number;
  /** One request's time limit. */
  timeoutMs?: number;
  now?: () => Date;
}

export interface PushSender {
  /** One pass over the outbox now (tests, and the loop). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** How a push service answered: a status, or no answer (with whether the request had been written in full). */
type Outcome = { status: number; retryAfter: string | undefined; body: string } | { error: Error; written: boolean };

/** Sends one prepared request; the connection may only reach an allowed, public address (guardedLookup). */
function request(details: webpush.RequestDetails, origin: PushOrigin, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const url = new URL(details.endpoint);
    const transport = url.protocol === 'https:' ? https : http;
    let written = false;
    const req = transport.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        lookup: guardedLookup(origin) as never,
        timeout: timeoutMs,
        // No proxy from the environment, no redirects followed (node's request never follows them).
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 500) body += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body: body.slice(0, 500) });
        });
        res.on('error', (error) => resolve({ error, written }));
      },
    );
    req.on('finish', () => (written = true));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ error, written }));
    req.end(details.body ?? undefined);
  });
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped, with ±20 % jitter (as the mail sender's). */
export function pushBackoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/** Retry-After as a delay in ms (seconds or an HTTP date), within [0, max]; null when absent or unreadable. */
function retryAfterMs(value: string | undefined, now: Date, maxMs: number): number | null {
  if (!value) return null;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.min(maxMs, ms)) : null;
}

/**
 * Delivers the push outbox (decision 153): claims due rows, encrypts each payload for its device (aes128gcm, RFC 8291)
 * and signs the request with VAPID (RFC 8292) through the `web-push` library, sends it, and records the answer:
 * 2xx sent; 404 or 410 the subscription is deleted (with whatever else is queued for it); 429, 5xx or a connection
 * that failed before the request was written are retried with exponential backoff (a 429's Retry-After counts);
 * any other answer gives up. A connection lost after the request was written leaves the row `unconfirmed`: the
 * service may have it, and it is never sent twice.
 */
export function startPushSender(options: PushSenderOptions): PushSender {
  const {
    db,
    vapid,
    subject,
    origins,
    log,
    pollMs = 1000,
    baseDelayMs = 5000,
    maxDelayMs = 30 * 60 * 1000,
    maxAttempts = 8,
    lockMs = 2 * 60 * 1000,
    batchSize = 50,
    timeoutMs = 15_000,
    now = () => new Date(),
  } = options;

  const retryOrGiveUp = async (row: PushRow, error: string, delay: number | null) => {
    const giveUp = row.attempts >= maxAttempts;
    const retryAt = giveUp ? null : new Date(now().getTime() + (delay ?? pushBackoffDelay(row.attempts, baseDelayMs, maxDelayMs)));
    await markPushFailed(db, row, error, retryAt);
    (giveUp ? log?.error : log?.warn)?.call(
      log,
      { pushId: row.id, attempts: row.attempts },
      giveUp ? 'push failed for good' : 'push failed; will retry',
    );
  };

  async function deliver(row: PushRow) {
    const origin = allowedOriginOf(row.endpoint, origins);
    if (!origin) {
      await markPushFailed(db, row, 'endpoint no longer on an allowed push origin', null);
      return;
    }
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(row.payload),
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: row.ttl_seconds,
          contentEncoding: 'aes128gcm',
          urgency: row.kind === 'waitingListSeat' || row.kind === 'eventReminder' ? 'high' : 'normal',
          // A notification not yet delivered is replaced, not doubled, should the same row ever go twice.
          topic: `p${row.id}`,
        },
      );
    } catch (error) {
      await markPushFailed(db, row, `could not prepare: ${String((error as Error).message).slice(0, 200)}`, null);
      return;
    }
    if (!(await markPushHandedOver(db, row, now()))) return;
    const outcome = await request(details, origin, timeoutMs);
    if ('error' in outcome) {
      const message = String(outcome.error.message).slice(0, 300);
      if (outcome.written) {
        await markPushUnconfirmed(db, row, message);
        log?.warn({ pushId: row.id }, 'push connection lost after the request was written; not sent again');
      } else await retryOrGiveUp(row, message, null);
      return;
    }
    const { status } = outcome;
    if (status >= 200 && status < 300) {
      await markPushSent(db, row, now());
      log?.info({ pushId: row.id, kind: row.kind, status }, 'push sent');
    } else if (status === 404 || status === 410) {
      await deleteExpiredSubscription(db, row.subscription_id);
      log?.info({ pushId: row.id, status }, 'push subscription gone; deleted');
    } else if (status === 429 || status >= 500) {
      const asked = retryAfterMs(outcome.retryAfter, now(), maxDelayMs);
      await retryOrGiveUp(row, `HTTP ${status}`, asked);
    } else {
      await markPushFailed(db, row, `HTTP ${status}: ${outcome.body.slice(0, 200)}`, null);
      log?.error({ pushId: row.id, status }, 'push refused; given up');
    }
  }

  async function pass() {
    for (;;) {
      if (poller.closed) return;
      const batch = await claimDuePushes(db, now(), batchSize, lockMs);
      // A batch goes out together (each request to its own push service), then the next is claimed.
      await Promise.all(batch.map((row) => (poller.closed ? markPushFailed(db, row, 'sender stopped', now()) : deliver(row))));
      if (poller.closed || batch.length < batchSize) return;
    }
  }

  // A pass every pollMs after the last one ended, one at a time.
  const poller = startPoller(pass, { everyMs: pollMs, onError: (error) => log?.error({ err: error }, 'push sender pass failed') });

  return { tick: poller.tick, stop: poller.close };
}
