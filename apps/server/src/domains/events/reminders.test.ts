import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent } from '../../../test/event-fixtures.ts';
import { sendDueReminders } from './reminders.ts';
import { rows } from '../../db/query.ts';

const HOUR = 3600_000;
let t: TestApp;
const email = (n: number) => `member${n}@example.com`;

async function idOf(n: number): Promise<number> {
  return (await rows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE email = ${email(n)}`))[0]!.id;
}
/** A reservation made `madeHoursAgo` hours ago, written straight into the table (the booking rules are tested elsewhere). */
async function book(n: number, eventId: number, sessionId: number, madeHoursAgo: number, now: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at)
        VALUES (${eventId}, ${sessionId}, ${await idOf(n)}, '[]'::jsonb, ${new Date(now - madeHoursAgo * HOUR).toISOString()}) RETURNING id`,
  );
  await t.database.db.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id = ${sessionId}`);
  return r!.id;
}
async function reminders(n: number) {
  return rows<{ kind: string; subject: string; text_body: string }>(
    t.database.db,
    sql`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ${email(n)} AND kind LIKE 'reminder%' ORDER BY id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('event reminders (issue 19, 2)', () => {
  it('sends the day-before reminder once, from 24 hours before the start, in the member’s language', async () => {
    const now = Date.now();
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Reminder day', sessions: [{ capacity: 10, startsIn: 30 }], now });
    const [s] = sessionIds as [number];
    await book(180, eventId, s, 48, now);
    await t.database.db.execute(sql`UPDATE users SET locale = 'en' WHERE email = ${email(180)}`);
    // 30 hours before: nothing yet.
    await sendDueReminders(t.database.db, t.config, new Date(now));
    expect(await reminders(180)).toEqual([]);
    // 23 hours before: the day reminder, once however often the run comes.
    const later = new Date(now + 7 * HOUR);
    await sendDueReminders(t.database.db, t.config, later);
    await sendDueReminders(t.database.db, t.config, later);
    await Promise.all([sendDueReminders(t.database.db, t.config, later), sendDueReminders(t.database.db, t.config, later)]);
    const mails = await reminders(180);
    expect(mails.map((m) => m.kind)).toEqual(['reminderDay']);
    expect(mails[0]!.subject).toBe('[Hibi] Your event is tomorrow');
    expect(mails[0]!.text_body).toContain('Event: Reminder day');
    expect(mails[0]!.text_body).toContain('Place: Hibiya');
    expect(mails[0]!.text_body).toContain(`/events/${eventId}`);
  });

  it('sends the hour-before reminder only to members who turned it on; never after the start or for a cancelled booking', async () => {
    const now = Date.now();
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Reminder hour', sessions: [{ capacity: 10, startsIn: 3 }], now });
    const [s] = sessionIds as [number];
    await book(181, eventId, s, 48, now); // hour reminder on
    await book(182, eventId, s, 48, now); // off (the default)
    const cancelled = await book(183, eventId, s, 48, now);
    await t.database.db.execute(sql`UPDATE event_reservations SET cancelled_at = now() WHERE id = ${cancelled}`);
    const token = await t.login(email(181));
    expect((await t.call('updateReminderSettings', { hourBefore: true }, token)).body).toEqual({
      succeed: true,
      reminders: { dayBefore: true, hourBefore: true },
    });
    expect((await t.call('getMyProfile', {}, token)).body.reminders).toEqual({ dayBefore: true, hourBefore: true });
    // 50 minutes before: the hour reminder for 181 only; the day reminder is not sent this late.
    await sendDueReminders(t.database.db, t.config, new Date(now + 2 * HOUR + 10 * 60_000));
    expect((await reminders(181)).map((m) => m.kind)).toEqual(['reminderHour']);
    expect((await reminders(181))[0]!.subject).toBe('【Hibi】まもなくイベントが始まります');
    expect(await reminders(182)).toEqual([]);
    expect(await reminders(183)).toEqual([]);
    // After the start nothing more goes out.
    await sendDueReminders(t.database.db, t.config, new Date(now + 4 * HOUR));
    expect((await reminders(181)).length).toBe(1);
  });

  it('skips members who turned the day reminder off, and bookings made inside the last day', async () => {
    const now = Date.now();
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Reminder skip', sessions: [{ capacity: 10, startsIn: 20 }], now });
    const [s] = sessionIds as [number];
    await book(184, eventId, s, 48, now);
    await book(185, eventId, s, 2, now); // booked 22 hours before the start
    const token = await t.login(email(184));
    expect((await t.call('updateReminderSettings', { dayBefore: false }, token)).body.reminders).toEqual({ dayBefore: false, hourBefore: false });
    await sendDueReminders(t.database.db, t.config, new Date(now));
    expect(await reminders(184)).toEqual([]);
    expect(await reminders(185)).toEqual([]);
    // Bad settings input changes nothing.
    expect((await t.call('updateReminderSettings', { dayBefore: 'yes' }, token)).status).toBe(400);
    expect((await t.call('getMyProfile', {}, token)).body.reminders).toEqual({ dayBefore: false, hourBefore: false });
  });
});
