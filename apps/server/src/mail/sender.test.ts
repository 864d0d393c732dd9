import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/lifecycle.ts';
import { enqueueMail } from './outbox.ts';
import { backoffDelay, mailFrom, smtpTransportOptions, startMailSender, type MailSender } from './sender.ts';

/** A real SMTP peer that records every message it accepted. */
interface Peer {
  port: number;
  received: { to: string[]; raw: string }[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface PeerHooks {
  /** Called when the peer has a recipient, before it answers RCPT TO. */
  onRecipient?: (to: string) => void;
  /** Called when the whole message arrived (end of DATA), before the peer answers 250 (accepts it). */
  onMessage?: (to: string[]) => void;
}

function createPeer(port: number, refuse: (to: string) => boolean = () => false, hooks: PeerHooks = {}): Peer {
  let server: SMTPServer | null = null;
  const received: Peer['received'] = [];
  return {
    port,
    received,
    start: () =>
      new Promise((resolve, reject) => {
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS', 'AUTH'],
          logger: false,
          // The sender keeps a pooled connection open; do not wait 30 s for it when the peer stops.
          closeTimeout: 200,
          onRcptTo(address, _session, callback) {
            hooks.onRecipient?.(address.address);
            if (refuse(address.address)) {
              const error = new Error('mailbox unavailable') as Error & { responseCode: number };
              error.responseCode = 550;
              return callback(error);
            }
            callback();
          },
          onData(stream, session, callback) {
            let raw = '';
            stream.setEncoding('utf8');
            stream.on('data', (chunk: string) => (raw += chunk));
            stream.on('end', () => {
              const to = session.envelope.rcptTo.map((r) => r.address);
              received.push({ to, raw });
              hooks.onMessage?.(to);
              callback();
            });
          },
        });
        server.on('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let t: TestApp;
let senders: MailSender[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(senders.map((s) => s.stop()));
  senders = [];
});
afterAll(async () => {
  await t?.close();
});

function sender(port: number, extra: Partial<Parameters<typeof startMailSender>[0]> = {}) {
  const s = startMailSender({
    db: t.database.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: mailFrom(t.config.appBaseUrl),
    pollMs: 50,
    baseDelayMs: 100,
    maxDelayMs: 400,
    ...extra,
  });
  senders.push(s);
  return s;
}

let seq = 0;
async function signUp(locale: 'ja' | 'en') {
  seq += 1;
  const email = `smtp${seq}.${Date.now()}@example.org`;
  const res = await t.call('createUserByInvitationCode', {
    invitationCode: 'WELCOME-2026',
    userName: 'Test User',
    userPhonetic: 'てすと',
    userNickname: 'tester',
    userEmailAddress: email,
    userEmailAddress2: email,
    locale,
  });
  expect(res.body.succeed).toBe(true);
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return row!;
}

describe('mail sender over SMTP', () => {
  it('delivers a signup mail as plain text and HTML and marks it sent only after the server accepted it', async () => {
    const peer = createPeer(await freePort());
    await peer.start();
    try {
      sender(peer.port);
      const mail = await signUp('en');
      const got = await waitFor(async () => peer.received.find((m) => m.to.includes(mail.toAddress)));
      expect(got.raw).toContain('Subject: [Hibi] Set your password');
      expect(got.raw).toContain(`Message-ID: ${mail.messageId}`);
      expect(got.raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(got.raw).toMatch(/Content-Type: text\/plain/);
      expect(got.raw).toMatch(/Content-Type: text\/html/);
      expect(got.raw).toContain('Content-Language: en');
      const row = await waitFor(async () => {
        const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
        return r!.status === 'sent' ? r : undefined;
      });
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(1);
    } finally {
      await peer.stop();
    }
  });

  it('keeps a mail while the SMTP server is down, retries with backoff, and delivers it exactly once when it is back', async () => {
    const peer = createPeer(await freePort());
    await peer.start();
    sender(peer.port);
    // First a mail while the peer is up (the sender now holds a pooled connection to it) ...
    const before = await signUp('en');
    await waitFor(async () => peer.received.some((m) => m.to.includes(before.toAddress)));
    // ... then the peer stops, and someone signs up.
    await peer.stop();
    const mail = await signUp('ja');
    const failing = await waitFor(async () => {
      const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      return r!.attempts >= 2 && r!.status === 'pending' ? r : undefined;
    });
    expect(failing.lastError).toBeTruthy();
    expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(failing.createdAt.getTime());
    expect(peer.received.filter((m) => m.to.includes(mail.toAddress))).toHaveLength(0);

    await peer.start();
    try {
      await waitFor(async () => peer.received.some((m) => m.to.includes(mail.toAddress)));
      // Keep polling a while longer: nothing is sent a second time.
      await new Promise((r) => setTimeout(r, 800));
      const copies = peer.received.filter((m) => m.raw.includes(`Message-ID: ${mail.messageId}`));
      expect(copies).toHaveLength(1);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row!.status).toBe('sent');
      expect(row!.attempts).toBeGreaterThanOrEqual(3);
    } finally {
      await peer.stop();
    }
  });

  it('two senders on one outbox deliver every mail exactly once', async () => {
    const peer = createPeer(await freePort());
    await peer.start();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(
          await enqueueMail(
            t.database.db,
            { kind: 'reset', locale: 'en', to: `bulk${i}@example.org`, name: null, link: 'http://localhost/setPassword?token=x' },
            new Date(),
          ),
        );
      }
      sender(peer.port, { batchSize: 3 });
      sender(peer.port, { batchSize: 3 });
      await waitFor(async () => {
        const rows = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
        return rows.every((r) => r.status === 'sent');
      });
      const bulk = peer.received.filter((m) => m.to[0]!.startsWith('bulk'));
      expect(bulk).toHaveLength(20);
      expect(new Set(bulk.map((m) => m.to[0])).size).toBe(20);
    } finally {
      await peer.stop();
    }
  });

  it('gives up on a mail the server refuses for good (5xx) after a few attempts', async () => {
    const peer = createPeer(await freePort(), (to) => to.startsWith('bounce'));
    await peer.start();
    try {
      const id = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'ja', to: 'bounce@example.org', name: 'x', link: 'http://localhost/x' },
        new Date(),
      );
      sender(peer.port, { maxPermanentAttempts: 2 });
      const row = await waitFor(async () => {
        const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        return r!.status === 'failed' ? r : undefined;
      });
      expect(row.attempts).toBe(2);
      expect(row.lastError).toContain('550');
    } finally {
      await peer.stop();
    }
  });
});

describe('backoff', () => {
  it('doubles from the base delay up to the cap, with jitter of at most 20 %', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, 1000, 10_000, mid))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(1, 1000, 10_000, () => 0)).toBe(800);
    expect(backoffDelay(1, 1000, 10_000, () => 1)).toBe(1200);
  });
});

/**
 * A database handle that stops answering for good once frozen: from that moment the sender using it is as good as a
 * process killed there (nothing it would still write reaches the database). Its claims stay as they were.
 */
function freezable(db: Db): { db: Db; freeze(): void } {
  let frozen = false;
  const never: object = new Proxy(function () {}, {
    get: (_target, prop) => (prop === 'then' ? () => {} : never),
    apply: () => never,
  });
  const handle = new Proxy(db, {
    get(target, prop) {
      if (frozen) return never;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: handle, freeze: () => void (frozen = true) };
}

/** A sender that will "crash" (its database freezes); it is never stopped, and its lock runs out quickly. */
function doomedSender(port: number) {
  const handle = freezable(t.database.db);
  startMailSender({ db: handle.db, smtpUrl: `smtp://127.0.0.1:${port}`, from: mailFrom(t.config.appBaseUrl), pollMs: 50, lockMs: 300 });
  return handle;
}

async function row(id: number) {
  const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r!;
}

describe('a sender crash around the SMTP acceptance (decision 075)', () => {
  it('does not send again a mail the server accepted just before the sender died: it becomes unconfirmed', async () => {
    const target = `accepted-then-crash.${Date.now()}@example.org`;
    let doomed: { freeze(): void } | null = null;
    const peer = createPeer(await freePort(), () => false, {
      // The peer has the whole message; the sender dies before it can record the 250 the peer is about to answer.
      onMessage: (to) => to.includes(target) && doomed?.freeze(),
    });
    await peer.start();
    try {
      doomed = doomedSender(peer.port);
      const id = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'en', to: target, name: null, link: 'http://localhost/setPassword?token=crash1' },
        new Date(),
      );
      await waitFor(async () => peer.received.some((m) => m.to.includes(target)));
      const claimed = await row(id);
      expect(claimed.status).toBe('sending');
      expect(claimed.handedOverAt).not.toBeNull();

      // The restarted process: a new sender on the same outbox, after the dead one's lock ran out.
      sender(peer.port, { lockMs: 300 });
      const settled = await waitFor(async () => {
        const r = await row(id);
        return r.status === 'unconfirmed' ? r : undefined;
      });
      // The new sender works (it delivers a later mail), and it delivered the accepted one no second time.
      const probe = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'en', to: `probe1.${Date.now()}@example.org`, name: null, link: 'http://localhost/x' },
        new Date(),
      );
      await waitFor(async () => (await row(probe)).status === 'sent');
      const copies = peer.received.filter((m) => m.to.includes(target));
      expect(copies).toHaveLength(1);
      expect(copies[0]!.raw).toContain(`Message-ID: ${settled.messageId}`);
      expect(settled.attempts).toBe(1);
      expect(settled.textBody).toBe('');
      expect(settled.htmlBody).toBe('');
    } finally {
      await peer.stop();
    }
  });

  it('sends once more a mail whose sender died before handing it over, and it arrives exactly once', async () => {
    const target = `crash-before-handover.${Date.now()}@example.org`;
    let doomed: { freeze(): void } | null = null;
    let recipientSeen = 0;
    const peer = createPeer(await freePort(), () => false, {
      // The sender dies during the envelope of its first attempt: the message is never completed.
      onRecipient: (to) => {
        if (to === target && ++recipientSeen === 1) doomed?.freeze();
      },
    });
    await peer.start();
    try {
      doomed = doomedSender(peer.port);
      const id = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'ja', to: target, name: null, link: 'http://localhost/setPassword?token=crash2' },
        new Date(),
      );
      await waitFor(async () => recipientSeen === 1);
      sender(peer.port, { lockMs: 300 });
      const sent = await waitFor(async () => {
        const r = await row(id);
        return r.status === 'sent' ? r : undefined;
      });
      const probe = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'en', to: `probe2.${Date.now()}@example.org`, name: null, link: 'http://localhost/x' },
        new Date(),
      );
      await waitFor(async () => (await row(probe)).status === 'sent');
      expect(recipientSeen).toBe(2);
      expect(peer.received.filter((m) => m.to.includes(target))).toHaveLength(1);
      expect(sent.attempts).toBe(2);
    } finally {
      await peer.stop();
    }
  });
});

describe('emailed links at rest (issue 12.8)', () => {
  it('keeps the link while the mail waits, and no trace of it once the mail was sent', async () => {
    const peer = createPeer(await freePort());
    await peer.start();
    try {
      const mail = await signUp('ja');
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
      expect(token).toBeTruthy();
      expect(mail.htmlBody).toContain(token);
      sender(peer.port);
      const sent = await waitFor(async () => {
        const r = await row(mail.id);
        return r.status === 'sent' ? r : undefined;
      });
      expect(peer.received.find((m) => m.to.includes(mail.toAddress))!.raw).toContain(token);
      expect(JSON.stringify(sent)).not.toContain(token!);
      expect(sent.subject).toBe(mail.subject);
    } finally {
      await peer.stop();
    }
  });
});

describe('SMTP TLS settings from SMTP_URL (issue 12.19)', () => {
  it('reads smtps:// as implicit TLS and requireTLS=true or starttls=required as a required STARTTLS', () => {
    expect(smtpTransportOptions('smtps://u:p@mail.example.org:465')).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpTransportOptions('smtp://mail.example.org:587')).toMatchObject({ secure: false, requireTLS: false });
    const required = smtpTransportOptions('smtp://mail.example.org:587/?requireTLS=true&name=hibi');
    expect(required).toMatchObject({ secure: false, requireTLS: true });
    expect(required.url).toBe('smtp://mail.example.org:587/?name=hibi');
    expect(smtpTransportOptions('smtp://mail.example.org:587?starttls=required')).toMatchObject({ requireTLS: true });
    expect(() => smtpTransportOptions('http://mail.example.org')).toThrow(/smtp:\/\//);
  });

  it('does not send in plain text to a server without STARTTLS when the URL requires TLS', async () => {
    const peer = createPeer(await freePort());
    await peer.start();
    try {
      const id = await enqueueMail(
        t.database.db,
        { kind: 'reset', locale: 'en', to: 'tls-required@example.org', name: null, link: 'http://localhost/x' },
        new Date(),
      );
      sender(peer.port, { smtpUrl: `smtp://127.0.0.1:${peer.port}/?requireTLS=true` });
      const failed = await waitFor(async () => {
        const r = await row(id);
        return r.attempts >= 1 && r.status === 'pending' ? r : undefined;
      });
      expect(failed.lastError).toMatch(/STARTTLS/i);
      expect(peer.received.filter((m) => m.to.includes('tls-required@example.org'))).toHaveLength(0);
    } finally {
      await peer.stop();
    }
  });
});
