import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createLiteTenant, createMember, setWindow, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';

let t: TestApp;
/** The test's own members, made on first use (no demo member's seeded bookings or waiting places). */
const members: Record<number, MemberFixture> = {};
async function m(n: number): Promise<MemberFixture> {
  members[n] ??= await createMember(t.database.db);
  return members[n];
}
async function as(n: number): Promise<string> {
  return (await m(n)).token;
}
async function idOf(n: number): Promise<number> {
  return (await m(n)).id;
}
async function session(sessionId: number) {
  return (
    await rows<{ reserved_count: number; capacity: number }>(
      t.database.db,
      sql`SELECT reserved_count, capacity FROM event_sessions WHERE id = ${sessionId}`,
    )
  )[0]!;
}
async function mailsTo(address: string) {
  return rows<{ kind: string; subject: string; text_body: string; locale: string }>(
    t.database.db,
    sql`SELECT kind, subject, text_body, locale FROM mail_outbox WHERE to_address = ${address} ORDER BY id`,
  );
}
const detail = async (eventId: number, n: number) => (await t.call('getEventByID', { eventID: eventId }, await as(n))).body.event;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('waiting lists (issue 19, 1)', () => {
  it('joins only a full session whose booking is open, once per event, and says the place in line', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, {
      title: 'Waiting rules',
      sessions: [
        { capacity: 1, startsIn: 72 },
        { capacity: 5, startsIn: 96 },
      ],
    });
    const [full, free] = sessionIds as [number, number];
    // A seat is free: book it instead.
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(160))).body).toEqual({
      succeed: false,
      errorCode: 'seatsAvailable',
    });
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: full }, await as(160))).body.succeed).toBe(true);
    // The holder cannot wait for their own session, nor for another of the event.
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(160))).body.errorCode).toBe('alreadyReserved');
    const first = await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(161));
    expect(first.body).toEqual({ succeed: true, position: 1 });
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(162))).body).toEqual({ succeed: true, position: 2 });
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(161))).body.errorCode).toBe('alreadyWaiting');
    // Guests, unknown sessions and bad input.
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full })).status).toBe(401);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: 999_999 }, await as(163))).body.errorCode).toBe('sessionNotFound');
    expect((await t.call('joinWaitingList', { eventID: 999_999, sessionID: full }, await as(163))).body.errorCode).toBe('eventNotFound');
    expect((await t.callRaw('joinWaitingList', { eventID: eventId, sessionID: 'x' }, await as(163))).status).toBe(400);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: free }, await as(163))).body.errorCode).toBe('seatsAvailable');
    // The event page tells each member their place, and everyone how many wait.
    const seen = (await detail(eventId, 162)).sessions.find((s: { id: number }) => s.id === full);
    expect(seen).toMatchObject({ waitingListCount: 2, waitingPosition: 2, button: { kind: 'full' } });
    expect((await detail(eventId, 163)).sessions.find((s: { id: number }) => s.id === full)).toMatchObject({
      waitingListCount: 2,
      waitingPosition: null,
    });
    const guest = (await t.call('getEventByID', { eventID: eventId })).body.event.sessions[0];
    expect(guest!.waitingListCount).toBeUndefined();
    // A closed window refuses new places.
    await setWindow(t.database.db, full, -48, -1);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(163))).body.errorCode).toBe('reservationNotAccepted');
  });

  it('needs the answers a booking needs, and keeps them for the booking it may become', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, {
      title: 'Waiting answers',
      sessions: [{ capacity: 1, startsIn: 72 }],
      requiredQuestion: true,
    });
    const [s] = sessionIds as [number];
    const answer = [{ questionnaireIndex: 1, answer: 'To walk more' }];
    expect(
      (await t.call('reserveEvent', { eventID: eventId, sessionID: s, body: [{ questionnaireIndex: 1, answer: 'First' }] }, await as(164))).body
        .succeed,
    ).toBe(true);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(165))).body.errorCode).toBe('answersRequired');
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: s, body: answer }, await as(165))).body.succeed).toBe(true);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, await as(164))).body.succeed).toBe(true);
    const [r] = await rows<{ answers: unknown }>(
      t.database.db,
      sql`SELECT answers FROM event_reservations WHERE session_id = ${s} AND user_id = ${await idOf(165)} AND cancelled_at IS NULL`,
    );
    expect(r!.answers).toEqual(answer);
  });

  it('a cancellation gives the seat to the first in line at once, mails them in their language, and moves the line up', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Promotion', sessions: [{ capacity: 1, startsIn: 72 }] });
    const [s] = sessionIds as [number];
    await t.call('reserveEvent', { eventID: eventId, sessionID: s }, await as(166));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(167));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(168));
    await t.database.db.execute(sql`UPDATE users SET locale = 'en' WHERE email = ${(await m(167)).email}`);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, await as(166))).body).toEqual({ succeed: true });
    const promoted = (await detail(eventId, 167)).sessions[0];
    expect(promoted).toMatchObject({
      participant: { reservationID: expect.any(Number) },
      waitingPosition: null,
      waitingListCount: 1,
      button: { kind: 'cancel' },
    });
    expect((await detail(eventId, 168)).sessions[0]).toMatchObject({ waitingPosition: 1, participant: null });
    expect(await session(s)).toEqual({ reserved_count: 1, capacity: 1 });
    const mails = await mailsTo((await m(167)).email);
    expect(mails.map((m) => m.kind)).toEqual(['seatPromoted']);
    expect(mails[0]!.subject).toContain('A seat is yours');
    expect(mails[0]!.text_body).toContain('Promotion');
    expect(mails[0]!.text_body).toContain('(Japan time)');
    expect(mails[0]!.text_body).toContain(`/events/${eventId}`);
    expect(await mailsTo((await m(168)).email)).toEqual([]);
    const [row] = await rows<{ promoted_from: number | null }>(
      t.database.db,
      sql`SELECT promoted_from FROM event_reservations WHERE session_id = ${s} AND cancelled_at IS NULL`,
    );
    expect(row!.promoted_from).not.toBeNull();
  });

  it('promotes nobody once booking has closed: the seat stays free and the line stays', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Closed window', sessions: [{ capacity: 1, startsIn: 72 }] });
    const [s] = sessionIds as [number];
    await t.call('reserveEvent', { eventID: eventId, sessionID: s }, await as(169));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(170));
    await setWindow(t.database.db, s, -48, -1);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, await as(169))).body.succeed).toBe(true);
    expect(await session(s)).toEqual({ reserved_count: 0, capacity: 1 });
    expect((await detail(eventId, 170)).sessions[0]).toMatchObject({ waitingPosition: 1, participant: null });
    expect(await mailsTo((await m(170)).email)).toEqual([]);
  });

  it('booking another session ends the wait; someone who holds a seat of the event meanwhile is passed over', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, {
      title: 'Passed over',
      sessions: [
        { capacity: 1, startsIn: 72 },
        { capacity: 3, startsIn: 96 },
      ],
    });
    const [full, other] = sessionIds as [number, number];
    await t.call('reserveEvent', { eventID: eventId, sessionID: full }, await as(171));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(172));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(173));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: full }, await as(174));
    // 172 books the other session through the app: their place in line goes.
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: other }, await as(172))).body.succeed).toBe(true);
    expect((await detail(eventId, 173)).sessions[0]).toMatchObject({ waitingPosition: 1, waitingListCount: 2 });
    // 173 got a seat of the other session some other way (an operator): the promotion passes them over.
    await t.database.db.execute(
      sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers) VALUES (${eventId}, ${other}, ${await idOf(173)}, '[]'::jsonb)`,
    );
    await t.database.db.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id = ${other}`);
    await t.call('cancelEventReservation', { eventID: eventId, sessionID: full }, await as(171));
    expect((await detail(eventId, 174)).sessions[0]).toMatchObject({ participant: { reservationID: expect.any(Number) }, waitingListCount: 0 });
    expect((await detail(eventId, 173)).sessions[0]).toMatchObject({ participant: null, waitingPosition: null });
  });

  it('leaves a waiting list; the next in line moves up; leaving twice says so', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Leaving', sessions: [{ capacity: 1, startsIn: 72 }] });
    const [s] = sessionIds as [number];
    await t.call('reserveEvent', { eventID: eventId, sessionID: s }, await as(175));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(176));
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(177));
    expect((await t.call('leaveWaitingList', { eventID: eventId, sessionID: s }, await as(176))).body).toEqual({ succeed: true });
    expect((await t.call('leaveWaitingList', { eventID: eventId, sessionID: s }, await as(176))).body).toEqual({
      succeed: false,
      errorCode: 'notWaiting',
    });
    expect((await detail(eventId, 177)).sessions[0]).toMatchObject({ waitingPosition: 1, waitingListCount: 1 });
  });

  it('a lite-plan member who withdraws gives their seat back, to the first in line', async () => {
    const { eventId, sessionIds } = await createEvent(t.database.db, { title: 'Withdrawal', sessions: [{ capacity: 1, startsIn: 72 }] });
    const [s] = sessionIds as [number];
    const lite = (await createMember(t.database.db, { tenantId: await createLiteTenant(t.database.db), password: 'wellbeing-demo' })).token;
    expect((await t.call('reserveEvent', { eventID: eventId, sessionID: s }, lite)).body.succeed).toBe(true);
    await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, await as(178));
    expect((await t.call('deleteLitePlanUser', { currentPassword: 'wellbeing-demo' }, lite)).body).toEqual({ succeed: true });
    expect(await session(s)).toEqual({ reserved_count: 1, capacity: 1 });
    expect((await detail(eventId, 178)).sessions[0]).toMatchObject({ participant: { reservationID: expect.any(Number) }, waitingListCount: 0 });
    expect((await mailsTo((await m(178)).email)).map((m) => m.kind)).toEqual(['seatPromoted']);
  });
});
