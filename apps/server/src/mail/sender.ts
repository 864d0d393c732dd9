import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { claimDueMails, markAttemptFailed, markSent, type OutboxRow } from './outbox.ts';

export interface SenderOptions {
  db: Db;
  smtpUrl: string;
  /** The From header. */
  from: string;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often the outbox is looked at (ms). */
  pollMs?: number;
  /** First retry delay; it doubles with each failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A permanent SMTP refusal (5xx) is retried this many times before the mail is marked failed. */
  maxPermanentAttempts?: number;
  /** How long a claimed mail stays with this sender before another may take it over (crash recovery). */
  lockMs?: number;
  batchSize?: number;
  now?: () => Date;
}

export interface MailSender {
  /** Runs one pass over the outbox now (tests, and after start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped, with ±20 % jitter. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * Delivers the outbox over SMTP: claims due mails, sends each, and marks it sent only after the SMTP server
 * accepted it. A failed attempt is retried with exponential backoff, so nothing is lost while the server is down.
 */
export function startMailSender(options: SenderOptions): MailSender {
  const {
    db,
    smtpUrl,
    from,
    log,
    pollMs = 1000,
    baseDelayMs = 5000,
    maxDelayMs = 15 * 60 * 1000,
    maxPermanentAttempts = 5,
    lockMs = 2 * 60 * 1000,
    batchSize = 10,
    now = () => new Date(),
  } = options;
  // One pooled connection, reused between mails (the sender sends one mail at a time); bounded waits so that a
  // hanging server cannot hold a claimed mail longer than its lock.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function deliver(mail: OutboxRow) {
    try {
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: mail.messageId,
        headers: { 'Content-Language': mail.locale },
      });
      await markSent(db, mail.id, now());
      log?.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
    } catch (error) {
      const err = error as { message?: string; responseCode?: number };
      const permanent = typeof err.responseCode === 'number' && err.responseCode >= 500;
      const giveUp = permanent && mail.attempts >= maxPermanentAttempts;
      const retryAt = giveUp ? null : new Date(now().getTime() + backoffDelay(mail.attempts, baseDelayMs, maxDelayMs));
      await markAttemptFailed(db, mail.id, String(err.message ?? error).slice(0, 500), retryAt);
      (giveUp ? log?.error : log?.warn)?.call(log, { mailId: mail.id, attempts: mail.attempts, code: err.responseCode }, giveUp ? 'mail failed for good' : 'mail delivery failed; will retry');
    }
  }

  async function pass() {
    for (;;) {
      if (stopped) return;
      const batch = await claimDueMails(db, now(), batchSize, lockMs);
      for (const mail of batch) {
        // Claimed but not tried when stopping: hand it back at once rather than waiting for the lock to run out.
        if (stopped) await markAttemptFailed(db, mail.id, 'sender stopped', now());
        else await deliver(mail);
      }
      if (stopped) return;
      if (batch.length < batchSize) return;
    }
  }

  function tick(): Promise<void> {
    running ??= pass()
      .catch((error: unknown) => log?.error({ err: error }, 'mail sender pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, pollMs);
    timer.unref?.();
  }
  schedule();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** The From address: no-reply at the host the app's links point to. */
export function mailFrom(appBaseUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(appBaseUrl).hostname || host;
  } catch {
    /* keep the default */
  }
  return `Hibi <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`;
}
