import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { normalisePassCode } from '@hibi/contract/constants';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { smtpPeer } from '../../../test/smtp-peer.ts';
import { rows } from '../../db/query.ts';
import { mailFrom, startMailSender, type MailSender } from '../../mail/sender.ts';
import { SeatQueue } from './bookings.ts';
import { sessionEntryRow } from './data/calendar.ts';

/**
 * Decision 150: a direct booking's confirmation mail, written by the statement that books, carries the pass (QR code
 * and code text) in the member's language; a real SMTP peer receives it, and the pass it carries checks in at the door.
 */

/** The parts of a MIME message, decoded: the subject (RFC 2047), the language header, the text and HTML bodies. */
function readMessage(raw: string) {
  const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(head))?.[1]?.trim() ?? '';
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfold(head))?.[1];
  const parts: Record<string, string> = {};
  for (const chunk of boundary ? body.split(`--${boundary}`) : []) {
    const [partHead = '', ...partRest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = header(partHead, 'Content-Type').split(';')[0]!.toLowerCase();
    if (!type.startsWith('text/')) continue;
    const encoded = partRest.join('\r\n\r\n');
    const encoding = header(partHead, 'Content-Transfer-Encoding').toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8')
          : encoded;
  }
  return {
    subject: words(header(head, 'Subject')),
    language: header(head, 'Content-Language'),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

/** Reads the QR code a mail draws as a table of black and white runs, as a camera would: jsQR over the pixels. */
function scanMailQr(html: string): string | null {
  const table = /<table role="img"[^>]*>(.*?)<\/table>\s*<p/s.exec(html)?.[1];
  if (!table) return null;
  const rowsOfRuns = [...table.matchAll(/<tr><td style="padding:0"><table[^>]*><tr>(.*?)<\/tr><\/table><\/td><\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td width="(\d+)"[^>]*background:#(000000|ffffff)/g)].map((r) => ({ px: Number(r[1]), black: r[2] === '000000' })),
  );
  const width = rowsOfRuns[0]!.reduce((n, r) => n + r.px, 0);
  const cell = 5;
  const height = rowsOfRuns.length * cell;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  rowsOfRuns.forEach((runs, y) => {
    let x = 0;
    for (const run of runs) {
      for (let dx = 0; dx < run.px; dx++)
        for (let dy = 0; dy < cell; dy++) {
          const i = ((y * cell + dy) * width + x + dx) * 4;
          if (run.black) data[i] = data[i + 1] = data[i + 2] = 0;
        }
      x += run.px;
    }
  });
  return jsQR(data, width, height)?.data ?? null;
}

let t: TestApp;
let peer: ReturnType<typeof smtpPeer>;
let sender: MailSender;
let editor = '';

beforeAll(async () => {
  t = await createTestApp();
  peer = smtpPeer();
  const port = await peer.listen();
  // Polled by hand (tick): the test decides when the outbox is read.
  sender = startMailSender({ db: t.database.db, smtpUrl: `smtp://127.0.0.1:${port}`, from: mailFrom(t.config.appBaseUrl), pollMs: 3_600_000 });
  editor = await t.operatorToken('editor@example.com');
});
afterEach(() => {
  peer.received.length = 0;
});
afterAll(async () => {
  await sender?.stop();
  await peer?.close();
  await t?.close();
});

const db = () => t.database.db;
const mailsTo = (m: MemberFixture) => peer.received.filter((r) => r.to.includes(m.email)).map((r) => readMessage(r.raw));
const outboxOf = (m: MemberFixture) =>
  rows<{ kind: string; status: string }>(db(), sql`SELECT kind, status FROM mail_outbox WHERE to_address = ${m.email} ORDER BY id`);
const passOf = async (m: MemberFixture, eventId: number, sessionId: number) =>
  (await t.call('getReservationPass', { eventID: eventId, sessionID: sessionId }, m.token)).body.token as string;
/** The short code typed at the door, printed under the QR code (decision 178). */
const codeOf = async (m: MemberFixture, eventId: number, sessionId: number) =>
  (await t.call('getReservationPass', { eventID: eventId, sessionID: sessionId }, m.token)).body.code as string;
/** The code text beneath the QR code in the text part. */
const codeIn = (text: string, label: string) => new RegExp(`${label}: ([0-9A-Z-]+)`).exec(text)?.[1] ?? null;

describe('booking confirmation mail (decision 150)', () => {
  it('mails the member in their language with the event, time, place and the pass, which checks in at the door', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Morning yoga', sessions: [{ capacity: 10, startsIn: 2 }] });
    const [s] = sessionIds as [number];
    const en = await createMember(db(), { locale: 'en' });
    const ja = await createMember(db());
    const booked = await t.call('reserveEvent', { eventID: eventId, sessionID: s }, en.token);
    expect(booked.body.succeed).toBe(true);
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, ja.token)).body.succeed).toBe(true);
    // In the outbox as the booking's call returns: the statement that booked wrote it.
    expect(await outboxOf(en)).toEqual([{ kind: 'reservationConfirmed', status: 'pending' }]);
    // Kept small: the QR code is a marker in the outbox, drawn by the sender.
    const [kept] = await rows<{ html_body: string }>(db(), sql`SELECT html_body FROM mail_outbox WHERE to_address = ${en.email}`);
    expect(kept!.html_body.length).toBeLessThan(4_000);
    expect(kept!.html_body).toContain(`<!--hibi-qr:${await passOf(en, eventId, s)}-->`);

    await sender.tick();
    const [mail] = mailsTo(en);
    expect(mailsTo(en)).toHaveLength(1);
    expect(mail!.subject).toBe('[Hibi] Your event booking is confirmed');
    expect(mail!.language).toBe('en');
    expect(mail!.text).toContain('Event: Morning yoga');
    expect(mail!.text).toContain('Session: Session 1');
    // A session that crosses midnight in Tokyo names its end's day too.
    expect(mail!.text).toMatch(/When: \w{3} \d{4}\.\d{2}\.\d{2}, \d{2}:\d{2}–(\d{4}\.\d{2}\.\d{2} )?\d{2}:\d{2} \(Japan time\)/);
    expect(mail!.text).toContain('Place: Hibiya');
    expect(mail!.text).toContain(`/events/${eventId}`);
    // The pass: the code text beneath the QR code, and the QR code itself, both the event page's pass.
    const token = await passOf(en, eventId, s);
    const code = codeIn(mail!.text, 'Pass code');
    expect(code && normalisePassCode(code)).toBe(await codeOf(en, eventId, s));
    expect(mail!.html).toContain('role="img"');
    expect(scanMailQr(mail!.html)).toBe(token);

    const [jaMail] = mailsTo(ja);
    expect(jaMail!.subject).toBe('【Hibi】イベントのご予約を承りました');
    expect(jaMail!.language).toBe('ja');
    expect(jaMail!.text).toContain('イベント: Morning yoga（日本語）');
    expect(jaMail!.text).toContain('場所: 日比谷');
    expect(normalisePassCode(codeIn(jaMail!.text, 'パスのコード')!)).toBe(await codeOf(ja, eventId, s));
    expect(scanMailQr(jaMail!.html)).toBe(await passOf(ja, eventId, s));
    expect(await outboxOf(en)).toEqual([{ kind: 'reservationConfirmed', status: 'sent' }]);

    // At the door, the QR code scanned from the mail checks the member in.
    const door = await t.consoleCall('checkInReservation', { sessionId: s, token: scanMailQr(mail!.html)! }, { token: editor });
    expect(door.body).toMatchObject({
      succeed: true,
      reservationId: booked.body.reservationID,
      alreadyCheckedIn: false,
      eventTitle: { en: 'Morning yoga' },
    });
    // And the code read out from the mail, typed as heard.
    const typed = await t.consoleCall('checkInReservation', { sessionId: s, token: code!.toLowerCase() }, { token: editor });
    expect(typed.body).toMatchObject({ succeed: true, alreadyCheckedIn: true });
  });

  it('names an online session online, and mails no one without an address', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Online talk', sessions: [{ capacity: 10, startsIn: 30 }] });
    const [s] = sessionIds as [number];
    await db().execute(sql`UPDATE event_sessions SET providing_type = 2 WHERE id = ${s}`);
    const en = await createMember(db(), { locale: 'en' });
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, en.token)).body.succeed).toBe(true);
    const noAddress = await createMember(db(), { loginId: `EMP-${Date.now()}` });
    await db().execute(sql`UPDATE users SET email = NULL WHERE id = ${noAddress.id}`);
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, noAddress.token)).body.succeed).toBe(true);
    await sender.tick();
    expect(mailsTo(en)[0]!.text).toContain('Place: Online');
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM event_reservations WHERE session_id = ${s} AND confirmation_mail_id IS NOT NULL`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('withdraws the mail of a booking cancelled before it was sent; a refused booking writes none', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Changed mind', sessions: [{ capacity: 1, startsIn: 30 }] });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const b = await createMember(db());
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, a.token)).body.succeed).toBe(true);
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, b.token)).body.errorCode).toBe('reservationCapacityOver');
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, a.token)).body.errorCode).toBe('alreadyReserved');
    expect(await outboxOf(a)).toEqual([{ kind: 'reservationConfirmed', status: 'pending' }]);
    expect(await outboxOf(b)).toEqual([]);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, a.token)).body.succeed).toBe(true);
    expect(await outboxOf(a)).toEqual([]);
    await sender.tick();
    expect(mailsTo(a)).toEqual([]);
    // Booked again: a new reservation, a new pass, a new mail.
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, a.token)).body.succeed).toBe(true);
    await sender.tick();
    expect(mailsTo(a)).toHaveLength(1);
    expect(normalisePassCode(codeIn(mailsTo(a)[0]!.text, 'パスのコード')!)).toBe(await codeOf(a, eventId, s));
    // Cancelled after it was sent: nothing more happens to the sent mail.
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, a.token)).body.succeed).toBe(true);
    expect(await outboxOf(a)).toEqual([{ kind: 'reservationConfirmed', status: 'sent' }]);
    // A mail the SMTP server refused for good (failed, which the console could queue again) goes with the booking too.
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, b.token)).body.succeed).toBe(true);
    await db().execute(sql`UPDATE mail_outbox SET status = 'failed' WHERE to_address = ${b.email}`);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, b.token)).body.succeed).toBe(true);
    expect(await outboxOf(b)).toEqual([]);
  });

  it('writes one mail per booking when a burst is written in one batch, each with its own pass', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Burst', sessions: [{ capacity: 6, startsIn: 30 }] });
    const [s] = sessionIds as [number];
    const members = await Promise.all(Array.from({ length: 9 }, () => createMember(db())));
    const entry = (await sessionEntryRow(db(), eventId, s, 'ja'))!;
    // All at once through one queue: the first is written alone, the eight that wait for it in one statement (decision 139).
    const queue = new SeatQueue();
    const now = new Date();
    const answers = await Promise.all(
      members.map((m) =>
        queue.reserve(db(), m.id, eventId, s, [], now, {
          to: m.email,
          locale: 'ja',
          name: 'メンバー',
          entry,
          link: `${t.config.appBaseUrl}/events/${eventId}`,
        }),
      ),
    );
    const winners = members.filter((_, i) => answers[i]!.ok);
    expect(winners).toEqual(members.slice(0, 6));
    const groups = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM event_reservations WHERE session_id = ${s} GROUP BY xmin::text ORDER BY n`,
    );
    expect(groups.map((g) => g.n)).toEqual([1, 5]);
    await sender.tick();
    for (const m of members) {
      const mails = mailsTo(m);
      if (!winners.includes(m)) {
        expect(mails).toEqual([]);
        continue;
      }
      expect(mails).toHaveLength(1);
      const token = await passOf(m, eventId, s);
      expect(normalisePassCode(codeIn(mails[0]!.text, 'パスのコード')!)).toBe(await codeOf(m, eventId, s));
      expect(scanMailQr(mails[0]!.html)).toBe(token);
    }
  });
});
