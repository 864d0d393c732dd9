import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHECK_IN_OPENS_BEFORE_MS, formatPassCode, PASS_TOKEN_ALPHABET } from '@hibi/contract/constants';
import { rows } from '../../src/db/query.ts';
import { createEvent, createMember, type MemberFixture } from '../fixtures.ts';
import { insertReservation } from '../../src/domains/events/data/bookings.ts';
import { passToken } from '../../src/lib/pass-token.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 55, 7 (docs/decisions/178-online-sessions-reminders-and-check-in.md): the door takes passes from three hours
 * before a session until its end; a typed code is 10 characters, signed, and the old 26-character token still works;
 * the check-in page counts who is in.
 */
const HOUR = 3600_000;
const clock = Date.UTC(2030, 5, 1, 0, 0, 0);
let t: TestApp;
let editor = '';
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  editor = await t.operatorToken('editor@example.com');
});
afterAll(async () => {
  await t?.close();
});

const checkedIn = async (reservationId: number) =>
  (
    await rows<{ at: number | null }>(
      db(),
      sql`SELECT (extract(epoch FROM checked_in_at) * 1000)::float8 AS at FROM event_reservations WHERE id = ${reservationId}`,
    )
  )[0]!.at;

async function booked(m: MemberFixture, eventId: number, sessionId: number) {
  const r = await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, m.token);
  expect(r.body.succeed).toBe(true);
  const pass = await t.call('getReservationPass', { eventID: eventId, sessionID: sessionId }, m.token);
  expect(pass.body.succeed).toBe(true);
  return { reservationId: r.body.reservationID as number, token: pass.body.token as string, code: pass.body.code as string };
}
const checkIn = (sessionId: number, token: string) => t.consoleCall('checkInReservation', { sessionId, token }, { token: editor });

describe('check-in window (issue 55, 7)', () => {
  it('refuses a pass days before the session and after its end, and takes it from three hours before', async () => {
    const { eventId, sessionIds } = await createEvent(db(), {
      title: 'Window',
      sessions: [
        // Three days ahead, just inside the three hours, and one that ended a minute ago.
        { capacity: 5, startsIn: 72, hours: 2 },
        { capacity: 5, startsIn: 3 - 1 / 60, hours: 2 },
        { capacity: 5, startsIn: -2 - 1 / 60, hours: 2 },
      ],
      now: clock,
    });
    const [days, soon, ended] = sessionIds as [number, number, number];
    const m = await createMember(db(), { now: new Date(clock) });
    const early = await booked(m, eventId, days);
    const answer = await checkIn(days, early.token);
    expect(answer.body).toMatchObject({ succeed: false, errorCode: 'checkInNotOpen', opensAt: clock + 72 * HOUR - CHECK_IN_OPENS_BEFORE_MS });
    expect(await checkedIn(early.reservationId)).toBeNull();
    // Booked again for the session just inside the window: taken.
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: days }, m.token)).body.succeed).toBe(true);
    const inside = await booked(m, eventId, soon);
    expect((await checkIn(soon, inside.code)).body).toMatchObject({ succeed: true, alreadyCheckedIn: false });
    expect(await checkedIn(inside.reservationId)).toBe(clock);
    // A session that has ended (the booking written directly: a member cannot book it any more).
    const late = await createMember(db(), { now: new Date(clock) });
    const id = (await insertReservation(db(), eventId, ended, late.id, [], new Date(clock - 5 * HOUR)))!;
    const [row] = await rows<{ pass_id: string }>(db(), sql`SELECT pass_id::text AS pass_id FROM event_reservations WHERE id = ${id}`);
    const closed = await checkIn(ended, passToken(row!.pass_id));
    expect(closed.body).toMatchObject({ succeed: false, errorCode: 'checkInClosed', endedAt: clock - 1 * 60_000 });
    expect(await checkedIn(id)).toBeNull();
  });
});

describe('the short typed code (issue 55, 7)', () => {
  it('is 10 characters, checks the member in as the QR token does, and a changed character is refused', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Short code', sessions: [{ capacity: 5, startsIn: 1 }], now: clock });
    const [s] = sessionIds as [number];
    const a = await createMember(db(), { now: new Date(clock) });
    const b = await createMember(db(), { now: new Date(clock) });
    const pa = await booked(a, eventId, s);
    const pb = await booked(b, eventId, s);
    expect(pa.code).toHaveLength(10);
    expect([...pa.code].every((c) => PASS_TOKEN_ALPHABET.includes(c))).toBe(true);
    expect(formatPassCode(pa.code)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(pa.code).not.toBe(pb.code);
    // Every single changed character is refused, and nothing changes.
    for (let i = 0; i < 10; i++) {
      const c = pa.code[i]!;
      const swapped = pa.code.slice(0, i) + (c === 'A' ? 'B' : 'A') + pa.code.slice(i + 1);
      expect((await checkIn(s, swapped)).body.errorCode, `position ${i}`).toBe('invalidPass');
    }
    // One code's id part with another's MAC part.
    expect((await checkIn(s, pa.code.slice(0, 6) + pb.code.slice(6))).body.errorCode).toBe('invalidPass');
    expect(await checkedIn(pa.reservationId)).toBeNull();
    // Typed as read aloud: lower case, the hyphen, O for 0 and L for 1.
    const typed = formatPassCode(pa.code).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const first = await checkIn(s, typed);
    expect(first.body).toMatchObject({ succeed: true, reservationId: pa.reservationId, alreadyCheckedIn: false, checkedInCount: 1, bookedCount: 2 });
    // The old 26-character token of the same pass still works.
    expect(pa.token).toHaveLength(26);
    expect((await checkIn(s, pa.token)).body).toMatchObject({ succeed: true, alreadyCheckedIn: true });
    // A code of another session of the event says so.
    const { sessionIds: others } = await createEvent(db(), { title: 'Elsewhere', sessions: [{ capacity: 5, startsIn: 1 }], now: clock });
    expect((await checkIn(others[0]!, pb.code)).body.errorCode).toBe('invalidPass');
  });

  it('counts who is in on the check-in page, and an undo counts down', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Counts', sessions: [{ capacity: 5, startsIn: 2 }], now: clock });
    const [s] = sessionIds as [number];
    const members = await Promise.all([0, 1, 2].map(() => createMember(db(), { now: new Date(clock) })));
    const passes = [];
    for (const m of members) passes.push(await booked(m, eventId, s));
    const counts = await t.consoleCall('getCheckInCounts', { sessionId: s }, { token: editor });
    expect(counts.body).toMatchObject({ succeed: true, checkedInCount: 0, bookedCount: 3, opensAt: clock + 2 * HOUR - CHECK_IN_OPENS_BEFORE_MS });
    await checkIn(s, passes[0]!.code);
    const second = await checkIn(s, passes[1]!.token);
    expect(second.body).toMatchObject({ checkedInCount: 2, bookedCount: 3 });
    const undo = await t.consoleCall('undoCheckIn', { reservationId: passes[1]!.reservationId }, { token: editor });
    expect(undo.body).toMatchObject({ succeed: true, checkedInCount: 1, bookedCount: 3 });
    expect((await t.consoleCall('getCheckInCounts', { sessionId: s }, { token: editor })).body).toMatchObject({ checkedInCount: 1, bookedCount: 3 });
    expect((await t.consoleCall('getCheckInCounts', { sessionId: 2_000_000_000 }, { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleRaw('getCheckInCounts', { sessionId: 'x' }, { token: editor })).status).toBe(400);
  });
});
