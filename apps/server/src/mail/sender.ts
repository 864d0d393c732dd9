import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Db } from '../db/client.ts';
import { startPoller } from '../lib/poller.ts';
import { drawQrCodes } from './templates.ts';
import { claimDueMails, markAttemptFailed, markHandedOver, markSent, markUnconfirmed, type OutboxRow } from './outbox.ts';

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

/**
 * Transport options from SMTP_URL: `smtp://` (plain, STARTTLS when offered), `smtps://` (implicit TLS), and
 * `?requireTLS=true` or `?starttls=required` on `smtp://`: refuse to send unless the server upgrades with STARTTLS
 * (no fall-back to plain text). Other query parameters are nodemailer's own URL options.
 */
export function smtpTransportOptions(smtpUrl: string): { url: string; secure: boolean; requireTLS: boolean } {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  const secure = url.protocol === 'smtps:';
  const asked = (name: string, ...values: string[]) => values.includes((url.searchParams.get(name) ?? '').toLowerCase());
  const requireTLS = !secure && (asked('requireTLS', 'true', '1') || asked('requiretls', 'true', '1') || asked('starttls', 'required'));
  for (const name of ['requireTLS', 'requiretls', 'starttls']) url.searchParams.delete(name);
  return { url: url.toString(), secure, requireTLS };
}

/**
 * The message as a stream that, before it ends (and so before the SMTP client writes the end of DATA), waits for
 * `beforeEnd`: the hand-over is recorded in the database before the server can accept the mail. When `beforeEnd`
 * says no, the stream fails and the message is never completed.
 */
function handOverStream(message: Buffer, beforeEnd: () => Promise<boolean>): Readable {
  let pushed = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(message);
        return;
      }
      beforeEnd().then(
        (ok) => (ok ? this.push(null) : this.destroy(new Error('claim on this mail was taken over; not completed'))),
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

/** The outbox row's extra header fields: only well-formed names and single-line values reach the message. */
function safeHeaders(headers: Record<string, string> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (/^[A-Za-z][A-Za-z0-9-]{0,62}$/.test(name) && typeof value === 'string' && !/[\r\n\0]/.test(value)) out[name] = value;
  }
  return out;
}

function buildMessage(mail: OutboxRow, from: string): Promise<Buffer> {
  const node = new MailComposer({
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    // QR codes are drawn as the mail leaves (decision 150): the outbox keeps a marker.
    html: drawQrCodes(mail.htmlBody),
    messageId: mail.messageId,
    // A mail's own header fields (List-Unsubscribe…, mail/headers.ts) first; the language is always ours.
    headers: { ...safeHeaders(mail.headers), 'Content-Language': mail.locale },
  }).compile();
  return new Promise((resolve, reject) => node.build((error: Error | null, message: Buffer) => (error ? reject(error) : resolve(message))));
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
  // One connection per pass over the outbox, reused for every mail of the pass (one mail at a time), closed at its
  // end. Driven directly rather than through nodemailer's pool: the message is streamed only after the server's
  // 354, so the hand-over can be recorded right before the end of DATA, and nothing but the outbox ever retries.
  // Bounded waits, so that a hanging server cannot hold a claimed mail longer than its lock.
  const tls = smtpTransportOptions(smtpUrl);
  const connectionOptions = {
    ...parseConnectionUrl(tls.url),
    secure: tls.secure,
    requireTLS: tls.requireTLS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  let connection: SMTPConnection | null = null;

  async function connected(): Promise<SMTPConnection> {
    if (connection) return connection;
    const c = new SMTPConnection(connectionOptions);
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        c.close();
        reject(error);
      };
      c.once('error', fail);
      c.connect(() => {
        const done = (error?: Error | null) => {
          c.removeListener('error', fail);
          if (error) fail(error);
          else resolve();
        };
        if (connectionOptions.auth) c.login(connectionOptions.auth as SMTPConnection.AuthenticationCredentials, done);
        else done();
      });
    });
    // Errors of a connection in use reach the send callback; a dropped idle one is simply opened again.
    const forget = () => {
      if (connection === c) connection = null;
    };
    c.on('error', forget);
    c.once('end', forget);
    connection = c;
    return c;
  }

  function disconnect(politely: boolean) {
    const c = connection;
    connection = null;
    if (!c) return;
    if (politely) c.quit();
    else c.close();
  }

  function send(c: SMTPConnection, envelope: SMTPConnection.Envelope, message: Readable): Promise<void> {
    return new Promise((resolve, reject) => c.send(envelope, message, (error) => (error ? reject(error as Error) : resolve())));
  }

  const fromAddress = /<([^>]+)>/.exec(from)?.[1] ?? from;

  /**
   * One attempt, idempotent per mail (docs/decisions/075-mail-delivery-idempotence.md): the message carries the
   * row's fixed Message-ID; the hand-over is recorded just before the end of DATA; acceptance marks it sent. A
   * failure before the hand-over, or a refusal the server answered, is retried; a lost connection after the
   * hand-over leaves the mail `unconfirmed` (the server may have accepted it) and it is not sent again.
   */
  async function deliver(mail: OutboxRow) {
    let handedOver = false;
    try {
      const message = await buildMessage(mail, from);
      await send(
        await connected(),
        { from: fromAddress, to: [mail.toAddress] },
        handOverStream(message, async () => (handedOver = await markHandedOver(db, mail, now()))),
      );
      await markSent(db, mail, now());
      log?.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
    } catch (error) {
      // The state of the SMTP session is unknown after an error: start the next mail on a new connection.
      disconnect(false);
      const err = error as { message?: string; responseCode?: number };
      const message = String(err.message ?? error).slice(0, 500);
      if (handedOver && typeof err.responseCode !== 'number') {
        await markUnconfirmed(db, mail, message);
        log?.error({ mailId: mail.id, attempts: mail.attempts }, 'mail handed over but not confirmed; not sent again');
        return;
      }
      const permanent = typeof err.responseCode === 'number' && err.responseCode >= 500;
      const giveUp = permanent && mail.attempts >= maxPermanentAttempts;
      const retryAt = giveUp ? null : new Date(now().getTime() + backoffDelay(mail.attempts, baseDelayMs, maxDelayMs));
      await markAttemptFailed(db, mail, message, retryAt);
      (giveUp ? log?.error : log?.warn)?.call(
        log,
        { mailId: mail.id, attempts: mail.attempts, code: err.responseCode },
        giveUp ? 'mail failed for good' : 'mail delivery failed; will retry',
      );
    }
  }

  async function pass() {
    for (;;) {
      if (poller.closed) return;
      const batch = await claimDueMails(db, now(), batchSize, lockMs);
      for (const mail of batch) {
        // Claimed but not tried when stopping: hand it back at once rather than waiting for the lock to run out.
        if (poller.closed) await markAttemptFailed(db, mail, 'sender stopped', now());
        else await deliver(mail);
      }
      if (poller.closed) return;
      if (batch.length < batchSize) return;
    }
  }

  // A pass every pollMs after the last one ended, one at a time; each pass's connection closed at its end.
  const poller = startPoller(() => pass().finally(() => disconnect(true)), {
    everyMs: pollMs,
    onError: (error) => log?.error({ err: error }, 'mail sender pass failed'),
  });

  return {
    tick: poller.tick,
    async stop() {
      await poller.close();
      disconnect(false);
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
