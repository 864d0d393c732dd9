import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { sendDueReminders } from './reminders.ts';
import { addSeatTaken, insertReservation, markCancelled } from './data/bookings.ts';
import { rows } from '../../db/query.ts';

const HOUR = 3600_000;
let t: TestApp;

/**
 * A reservation made `madeHoursAgo` hours ago, written through the data module without the booking rules (tested
 * elsewhere). The members are the test's own: a demo member's seeded bookings cannot add reminders to what it counts.
 */
async function book(m: MemberFixture, eventId: number, sessionId: number, madeHoursAgo: number, now: number): Promise<number> {
  const id = await insertReservation(t.database.db, eventId, sessionId, m.id, [], new Date(now - madeHoursAgo * HOUR));
  await addSeatTaken(t.database.db, sessionId);
  return id!;
}
async function reminders(m: MemberFixture) {
  return rows<{ kind: string; subject: string; text_body: string }>(
    t.database.db,
    sql`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ${m.email} AND kind LIKE 'reminder%' ORDER BY id`,
  );
}
const member = (overrides: Parameters<typeof createMember>[1] = {}) => createMember(t.database.db, overrides);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('event reminders (issue 19, 2)', () => {
  it('sends the day-before reminder once, from 24 hours before the start, in the member’s language', async () => {
    // 10:00 in Tokyo: the reminder goes out at 17:00 for 16:00 the next day, so it says "tomorrow" (decision 178).
    const now = Date.UTC(2030, 0, 10, 1, 0, 0);
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Reminder day', sessions: [{ capacity: 10, startsIn: 30 }], now });
    const [s] = sessionIds as [number];
    const m180 = await member({ locale: 'en' });
    await book(m180, eventId, s, 48, now);
    // 30 hours before: nothing yet.
    await sendDueReminders(t.database.db, t.config, new Date(now));
    expect(await reminders(m180)).toEqual([]);
    // 23 hours before: the day reminder, once however often the run comes.
    const later = new Date(now + 7 * HOUR);
    await sendDueReminders(t.database.db, t.config, later);
    await sendDueReminders(t.database.db, t.config, later);
    await Promise.all([sendDueReminders(t.database.db, t.config, later), sendDueReminders(t.database.db, t.config, later)]);
    const mails = await reminders(m180);
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
    const [m181, m182, m183] = [await member(), await member(), await member()];
    await book(m181, eventId, s, 48, now); // hour reminder on
    await book(m182, eventId, s, 48, now); // off (the default)
    const cancelled = await book(m183, eventId, s, 48, now);
    await markCancelled(t.database.db, cancelled, new Date());
    const token = m181.token;
    expect((await t.call('updateReminderSettings', { hourBefore: true }, token)).body).toEqual({
      succeed: true,
      reminders: { dayBefore: true, hourBefore: true },
    });
    expect((await t.call('getMyProfile', {}, token)).body.reminders).toEqual({ dayBefore: true, hourBefore: true });
    // 50 minutes before: the hour reminder for 181 only; the day reminder is not sent this late.
    await sendDueReminders(t.database.db, t.config, new Date(now + 2 * HOUR + 10 * 60_000));
    expect((await reminders(m181)).map((m) => m.kind)).toEqual(['reminderHour']);
    expect((await reminders(m181))[0]!.subject).toBe('【Hibi】まもなくイベントが始まります');
    expect(await reminders(m182)).toEqual([]);
    expect(await reminders(m183)).toEqual([]);
    // After the start nothing more goes out.
    await sendDueReminders(t.database.db, t.config, new Date(now + 4 * HOUR));
    expect((await reminders(m181)).length).toBe(1);
  });

  it('skips members who turned the day reminder off, and bookings made inside the last day', async () => {
    const now = Date.now();
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Reminder skip', sessions: [{ capacity: 10, startsIn: 20 }], now });
    const [s] = sessionIds as [number];
    const [m184, m185] = [await member(), await member()];
    await book(m184, eventId, s, 48, now);
    await book(m185, eventId, s, 2, now); // booked 22 hours before the start
    const token = m184.token;
    expect((await t.call('updateReminderSettings', { dayBefore: false }, token)).body.reminders).toEqual({ dayBefore: false, hourBefore: false });
    await sendDueReminders(t.database.db, t.config, new Date(now));
    expect(await reminders(m184)).toEqual([]);
    expect(await reminders(m185)).toEqual([]);
    // Bad settings input changes nothing.
    expect((await t.callRaw('updateReminderSettings', { dayBefore: 'yes' }, token)).status).toBe(400);
    expect((await t.call('getMyProfile', {}, token)).body.reminders).toEqual({ dayBefore: false, hourBefore: false });
  });
});
