import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember } from '../../../test/fixtures.ts';
import { redactPath } from '../../lib/log-redact.ts';

let t: TestApp;
let token: string;
const HOUR = 3600_000;

const pathOf = (url: string) => new URL(url).pathname;
async function fetchFeed(url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  return { status: res.statusCode, type: res.headers['content-type'], cache: res.headers['cache-control'], body: res.body };
}
/** The feed as a calendar library reads it: uid, summary, start as Asia/Tokyo wall time and as an instant. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      tzid: event.startDate.zone?.tzid,
      wall: event.startDate.toString(),
      epoch: event.startDate.toUnixTime() * 1000,
    };
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The test's own member: a demo member's seeded bookings would be in the feed too.
  token = (await createMember(t.database.db)).token;
});
afterAll(async () => {
  await t?.close();
});

describe('private calendar feed (issue 19, 3)', () => {
  it("carries the member's reservations in Asia/Tokyo; a cancelled one disappears", async () => {
    const now = Date.UTC(2030, 0, 10, 1, 0, 0); // 10:00 in Tokyo
    const a = await createEvent(t.database.db, { title: 'Feed walk', sessions: [{ capacity: 10, startsIn: 0, hours: 2 }], now: now + 48 * HOUR });
    const b = await createEvent(t.database.db, { title: 'Feed talk', sessions: [{ capacity: 10, startsIn: 0 }], now: now + 72 * HOUR });
    for (const e of [a, b]) {
      await t.database.db.execute(
        sql`UPDATE event_sessions SET reservation_start_at = now() - interval '1 day', reservation_end_at = start_at WHERE id = ${e.sessionIds[0]!}`,
      );
      expect((await t.call('reserveEvent', { eventID: e.eventId, sessionID: e.sessionIds[0]! }, token)).body.succeed).toBe(true);
    }
    const { body } = await t.call('getCalendarFeedUrl', {}, token);
    expect(body.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feed\/\d+-1-[A-Za-z0-9_-]{43}\.ics$/);
    // The same URL until reset.
    expect((await t.call('getCalendarFeedUrl', {}, token)).body.url).toBe(body.url);
    const feed = await fetchFeed(body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.cache).toBe('private, no-store');
    expect(feed.body).toContain('BEGIN:VTIMEZONE');
    // The demo seed booked this member into a few events too; these two are the test's own.
    const events = parse(feed.body).filter((e) => e.summary.startsWith('Feed'));
    expect(events.map((e) => e.summary)).toEqual(['Feed walk（日本語） (回1)', 'Feed talk（日本語） (回1)']);
    expect(events[0]).toMatchObject({ tzid: 'Asia/Tokyo', wall: '2030-01-12T10:00:00', epoch: now + 48 * HOUR });
    // Cancelled: gone from the feed.
    expect((await t.call('cancelEventReservation', { eventID: b.eventId, sessionID: b.sessionIds[0]! }, token)).body.succeed).toBe(true);
    expect(
      parse((await fetchFeed(body.url)).body)
        .filter((e) => e.summary.startsWith('Feed'))
        .map((e) => e.summary),
    ).toEqual(['Feed walk（日本語） (回1)']);
  });

  it("a reset URL works and the old one answers 404; a stranger's or altered URL is 404 too", async () => {
    const old = (await t.call('getCalendarFeedUrl', {}, token)).body.url as string;
    const reset = await t.call('resetCalendarFeedUrl', {}, token);
    expect(reset.body.url).not.toBe(old);
    expect((await fetchFeed(reset.body.url)).status).toBe(200);
    expect((await fetchFeed(old)).status).toBe(404);
    // Someone else's id with this member's code, a changed code, the next generation, nonsense.
    const [, id, gen, mac] = /(\d+)-(\d+)-([A-Za-z0-9_-]{43})\.ics$/.exec(reset.body.url)!;
    const base = reset.body.url.replace(/[^/]+$/, '');
    for (const file of [
      `${Number(id) + 1}-${gen}-${mac}.ics`,
      `${id}-${gen}-${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}.ics`,
      `${id}-${Number(gen) + 1}-${mac}.ics`,
      'x.ics',
      `${id}-${gen}-${mac}`,
    ]) {
      expect((await fetchFeed(base + file)).status).toBe(404);
    }
    // A member who never asked for a feed has none, whatever the URL.
    const other = (await createMember(t.database.db)).token;
    expect((await t.call('getCalendarFeedUrl', {})).status).toBe(401);
    expect((await t.call('resetCalendarFeedUrl', {}, other)).body.url).toMatch(/-2-/);
  });

  it("a deactivated member's feed answers 404, and answers again once they are reactivated (issue 30, finding 5)", async () => {
    const member = await createMember(t.database.db);
    const { body } = await t.call('getCalendarFeedUrl', {}, member.token);
    expect((await fetchFeed(body.url)).status).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${member.id}`);
    const refused = await fetchFeed(body.url);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain('BEGIN:VCALENDAR');
    await t.database.db.execute(sql`UPDATE users SET deactivated_at = NULL WHERE id = ${member.id}`);
    expect((await fetchFeed(body.url)).status).toBe(200);
  });

  it('the feeds of a tenant whose contract has ended answer 404 (issue 30, finding 5)', async () => {
    const member = await createMember(t.database.db);
    const { body } = await t.call('getCalendarFeedUrl', {}, member.token);
    expect((await fetchFeed(body.url)).status).toBe(200);
    await t.database.db.execute(sql`UPDATE tenants SET contract_ends_at = now() - interval '1 minute' WHERE id = ${member.tenantId}`);
    const refused = await fetchFeed(body.url);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('never writes the secret part of a feed or calendar link into a log line', () => {
    expect(redactPath('/api/calendar/feed/12-3-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics')).toBe('/api/calendar/feed/[redacted]');
    expect(redactPath('/api/events/calendar/eyJ1Ijo.sig/hibi-event-3.ics')).toBe('/api/events/calendar/[redacted]/hibi-event-3.ics');
    expect(redactPath('/api/functions/getEvents')).toBe('/api/functions/getEvents');
  });
});
