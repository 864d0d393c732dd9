import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { smtpPeer } from '../../../test/smtp-peer.ts';
import { rows } from '../../db/query.ts';
import { mailFrom, startMailSender, type MailSender } from '../../mail/sender.ts';
import { sendDueReminders } from './reminders.ts';

/**
 * Issue 55 (docs/decisions/178-online-sessions-reminders-and-check-in.md): an online session's join link only for the
 * members who booked it (page, mails, calendar entries), never for guests, other members or lists; no door pass for
 * it; the overview's capacity; the day reminder worded from Tokyo dates with List-Unsubscribe; the feed's last CRLF;
 * events under way in the default list.
 */
const HOUR = 3600_000;
// 10:00 on 2030-03-04 in Tokyo (01:00 UTC): the suite's clock.
const BASE = Date.UTC(2030, 2, 4, 1, 0, 0);
const clock = BASE;
let t: TestApp;
let peer: ReturnType<typeof smtpPeer>;
let sender: MailSender;
const JOIN = 'https://meet.example.com/hibi/secret-room-55';
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => new Date(clock) });
  peer = smtpPeer();
  const port = await peer.listen();
  sender = startMailSender({
    db: db(),
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: mailFrom(t.config.appBaseUrl),
    pollMs: 3_600_000,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await sender?.stop();
  await peer?.close();
  await t?.close();
});

async function onlineEvent(title: string, startsIn = 30) {
  const e = await createEvent(db(), { title, sessions: [{ capacity: 50, startsIn, hours: 1, online: true, url: JOIN }], now: clock });
  return { eventId: e.eventId, sessionId: e.sessionIds[0]! };
}
const detail = async (eventId: number, token?: string) => (await t.call('getEventByID', { eventID: eventId }, token)).body;
const mailsOf = (m: MemberFixture) =>
  rows<{ kind: string; subject: string; text_body: string; html_body: string; headers: Record<string, string> | string | null }>(
    db(),
    sql`SELECT kind, subject, text_body, html_body, headers FROM mail_outbox WHERE to_address = ${m.email} ORDER BY id`,
  );
async function deliverAll() {
  for (let i = 0; i < 10; i++) await sender.tick();
}
const path = (url: string) => new URL(url).pathname;

describe("an online session's join link (issue 55, 1)", () => {
  it('is on the page only for the member who booked it, whoever read the kept event first', async () => {
    const { eventId, sessionId } = await onlineEvent('Live talk A');
    const booker = await createMember(db(), { now: new Date(clock) });
    const other = await createMember(db(), { now: new Date(clock) });
    // The member who did not book reads first, so the kept event is built without the link…
    expect(JSON.stringify(await detail(eventId, other.token))).not.toContain(JOIN);
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, booker.token)).body.succeed).toBe(true);
    const mine = await detail(eventId, booker.token);
    expect(mine.event.sessions[0]!.url).toBe(JOIN);
    // …and after the booker read it (the kept event now built for them), others still never see it.
    expect(JSON.stringify(await detail(eventId, other.token))).not.toContain(JOIN);
    expect(JSON.stringify(await detail(eventId))).not.toContain(JOIN);
    for (const scheduleType of [1, 3] as const) {
      const list = await t.call('getEvents', { scheduleType, perPage: 50 }, booker.token);
      expect(JSON.stringify(list.body)).not.toContain(JOIN);
    }
    expect(JSON.stringify((await t.call('getReservingEvents', {}, booker.token)).body)).not.toContain(JOIN);
  });

  it('is never served to a member who did not book, also when the kept event was first read by the booker', async () => {
    const { eventId, sessionId } = await onlineEvent('Live talk B');
    const booker = await createMember(db(), { now: new Date(clock) });
    const other = await createMember(db(), { now: new Date(clock) });
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, booker.token)).body.succeed).toBe(true);
    expect((await detail(eventId, booker.token)).event.sessions[0]!.url).toBe(JOIN);
    const theirs = await detail(eventId, other.token);
    expect(theirs.event.sessions[0]!.url ?? null).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(JOIN);
    // A cancelled booking loses it.
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: sessionId }, booker.token)).body.succeed).toBe(true);
    expect(JSON.stringify(await detail(eventId, booker.token))).not.toContain(JOIN);
  });

  it('is in the booking mail, the calendar file and the feed, with no door pass for an online-only session', async () => {
    const { eventId, sessionId } = await onlineEvent('Live talk C');
    const booker = await createMember(db(), { now: new Date(clock) });
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, booker.token)).body.succeed).toBe(true);
    const [mail] = await mailsOf(booker);
    expect(mail!.kind).toBe('reservationConfirmed');
    expect(mail!.text_body).toContain(JOIN);
    expect(mail!.html_body).toContain(`href="${JOIN}"`);
    // No pass, no reception line, no QR code.
    expect(mail!.text_body).not.toMatch(/受付|QR/);
    expect(mail!.html_body).not.toContain('hibi-qr');
    expect((await t.call('getReservationPass', { eventID: eventId, sessionID: sessionId }, booker.token)).body.errorCode).toBe('onlineSession');

    const link = await t.call('getEventCalendarUrl', { eventID: eventId, sessionID: sessionId }, booker.token);
    const ics = (await t.app.inject({ method: 'GET', url: link.body.url })).body;
    const icsEvent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(icsEvent.description).toContain(JOIN);

    const feedUrl = (await t.call('getCalendarFeedUrl', {}, booker.token)).body.url;
    const feed = (await t.app.inject({ method: 'GET', url: path(feedUrl) })).body;
    const entries = new ICAL.Component(ICAL.parse(feed)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(entries.map((e) => e.description).join('\n')).toContain(JOIN);
  });

  it('answers the overview capacity from the sessions when the event names none', async () => {
    const e = await createEvent(db(), {
      title: 'Capacity from sessions',
      sessions: [
        { capacity: 120, startsIn: 40 },
        { capacity: 80, startsIn: 60 },
      ],
      now: clock,
    });
    const m = await createMember(db(), { now: new Date(clock) });
    expect((await detail(e.eventId, m.token)).event.capacity).toBe(200);
    const open = await createEvent(db(), { title: 'Unlimited', sessions: [{ capacity: null, startsIn: 40 }], now: clock });
    expect((await detail(open.eventId, m.token)).event.capacity).toBeNull();
  });
});

describe('the day reminder (issue 55, 2 and 8)', () => {
  async function bookTwoDaysBefore(title: string, startTokyoHour: number, dayOffset: number, online: boolean) {
    // The session starts `dayOffset` Tokyo days after BASE's day at startTokyoHour (BASE is 10:00 there).
    const startsIn = dayOffset * 24 + (startTokyoHour - 10);
    const e = await createEvent(db(), {
      title,
      sessions: [{ capacity: 10, startsIn, online, ...(online ? { url: JOIN } : {}) }],
      now: clock,
    });
    const m = await createMember(db(), { locale: 'en', now: new Date(clock) });
    const made = new Date(clock + (startsIn - 48) * HOUR);
    await db().execute(sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at)
      VALUES (${e.eventId}, ${e.sessionIds[0]!}, ${m.id}, '[]'::jsonb, ${made.toISOString()})`);
    return { m, startMs: clock + startsIn * HOUR };
  }

  it('says "today" when it goes out on the day itself (a late run), "tomorrow" the day before', async () => {
    const tonight = await bookTwoDaysBefore('Tonight talk', 19, 0, false);
    const tomorrow = await bookTwoDaysBefore('Tomorrow morning talk', 9, 1, false);
    // 10:00 in Tokyo: 9 hours before tonight's 19:00, 23 hours before tomorrow's 09:00.
    await sendDueReminders(db(), t.config, new Date(clock));
    const [a] = await mailsOf(tonight.m);
    expect(a!.subject).toBe('[Hibi] Your event is today');
    expect(a!.text_body).toContain('the event you booked is today');
    expect(a!.text_body).not.toMatch(/tomorrow|in a day/);
    const [b] = await mailsOf(tomorrow.m);
    expect(b!.subject).toBe('[Hibi] Your event is tomorrow');
    expect(b!.text_body).toContain('the event you booked is tomorrow');
  });

  it('in Japanese: 本日 for the same evening', async () => {
    const e = await createEvent(db(), { title: 'Ja tonight', sessions: [{ capacity: 10, startsIn: 8 }], now: clock });
    const m = await createMember(db(), { locale: 'ja', now: new Date(clock) });
    await db().execute(sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at)
      VALUES (${e.eventId}, ${e.sessionIds[0]!}, ${m.id}, '[]'::jsonb, ${new Date(clock - 72 * HOUR).toISOString()})`);
    await sendDueReminders(db(), t.config, new Date(clock));
    const [mail] = await mailsOf(m);
    expect(mail!.subject).toBe('【Hibi】本日のイベントのお知らせ');
    expect(mail!.text_body).not.toContain('あと1日');
    expect(mail!.text_body).not.toContain('明日');
  });

  it('for an online session carries the join link and no reception line; every reminder says where to turn it off', async () => {
    const online = await bookTwoDaysBefore('Online tonight', 20, 0, true);
    await sendDueReminders(db(), t.config, new Date(clock));
    const [mail] = await mailsOf(online.m);
    expect(mail!.kind).toBe('reminderDay');
    expect(mail!.text_body).toContain(JOIN);
    expect(mail!.text_body).not.toMatch(/reception|Pass code/);
    const headers = typeof mail!.headers === 'string' ? JSON.parse(mail!.headers) : mail!.headers;
    expect(headers).toEqual({ 'List-Unsubscribe': `<${t.config.appBaseUrl}/account/profile#settings>` });
    // As the receiving server sees it.
    peer.received.length = 0;
    await deliverAll();
    const raw = peer.received.find((r) => r.to.includes(online.m.email))!.raw;
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <${t.config.appBaseUrl.replace(/[.]/g, '\\.')}/account/profile#settings>\\r?$`, 'm'));
    // A booking's own mail is not a setting and has no such header.
    const booker = await createMember(db(), { now: new Date(clock) });
    const e = await onlineEvent('No unsubscribe on a booking');
    await t.call('reserveEvent', { eventID: e.eventId, sessionID: e.sessionId }, booker.token);
    await deliverAll();
    const confirm = peer.received.find((r) => r.to.includes(booker.email))!.raw;
    expect(confirm).not.toMatch(/^List-Unsubscribe/m);
  });
});

describe('calendar files end every line with CRLF (issue 55, 8)', () => {
  it('the feed and the .ics file, read by ical.js', async () => {
    const { eventId, sessionId } = await onlineEvent('Feed lines');
    const m = await createMember(db(), { now: new Date(clock) });
    await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, m.token);
    const feed = (await t.app.inject({ method: 'GET', url: path((await t.call('getCalendarFeedUrl', {}, m.token)).body.url) })).body;
    const link = await t.call('getEventCalendarUrl', { eventID: eventId, sessionID: sessionId }, m.token);
    const ics = (await t.app.inject({ method: 'GET', url: link.body.url })).body;
    for (const body of [feed, ics]) {
      expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      // No bare LF or CR anywhere: every line ends with CRLF.
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const parsed = new ICAL.Component(ICAL.parse(body));
      expect(parsed.getAllSubcomponents('vevent').length).toBeGreaterThan(0);
    }
  });
});

describe('the default events list (issue 55, 7)', () => {
  it('has an event under way (a walking week that began two days ago)', async () => {
    const week = await createEvent(db(), { title: 'Walking week now', sessions: [{ capacity: null, startsIn: -48, hours: 24 * 7 }], now: clock });
    const later = await createEvent(db(), { title: 'Later talk', sessions: [{ capacity: 5, startsIn: 72 }], now: clock });
    const over = await createEvent(db(), { title: 'Over yesterday', sessions: [{ capacity: 5, startsIn: -30 }], now: clock });
    const ids = (await t.call('getEvents', { perPage: 50 })).body.events.map((e: { id: number }) => e.id);
    expect(ids).toContain(week.eventId);
    expect(ids).toContain(later.eventId);
    expect(ids).not.toContain(over.eventId);
    // Running events come first: soonest start first.
    expect(ids.indexOf(week.eventId)).toBeLessThan(ids.indexOf(later.eventId));
  });
});
