import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { reserveSeat, reserveSeats } from './data/bookings.ts';
import { SeatQueue } from './bookings.ts';

/** Reservations written together (decision 139): the batch statement's rules, and the queue that forms batches. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const seatsOf = async (sessionId: number) =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT reserved_count AS n FROM event_sessions WHERE id = ${sessionId}`))[0]!.n;
const activeOf = async (sessionId: number) =>
  (
    await rows<{ user_id: number }>(
      t.database.db,
      sql`SELECT user_id FROM event_reservations WHERE session_id = ${sessionId} AND cancelled_at IS NULL ORDER BY id`,
    )
  ).map((r) => Number(r.user_id));

describe('a batch of reservations in one statement', () => {
  it('books in arrival order up to the free seats, skipping a member twice, a member booked already and a call before the window', async () => {
    const db = t.database.db;
    const { eventId, sessionIds } = await createEvent(db, {
      title: 'Batch',
      sessions: [
        { capacity: 4, startsIn: 72 },
        { capacity: 4, startsIn: 96 },
      ],
    });
    const [session, other] = sessionIds as [number, number];
    const ids = await Promise.all(Array.from({ length: 7 }, async () => (await createMember(db)).id));
    const [a, b, c, d, e, f, g] = ids as [number, number, number, number, number, number, number];
    // b holds a seat of the event's other session already.
    expect(await reserveSeat(db, eventId, other, b, [], new Date())).not.toBeNull();
    const now = new Date();
    const long = new Date(now.getTime() - 400 * 86_400_000);
    const booked = await reserveSeats(db, eventId, session, [
      { userId: a, answers: [], at: now },
      { userId: a, answers: [], at: now },
      { userId: b, answers: [], at: now },
      { userId: c, answers: [], at: long },
      { userId: d, answers: [], at: now },
      { userId: e, answers: [], at: now },
      { userId: f, answers: [], at: now },
      { userId: g, answers: [], at: now },
    ]);
    expect([...booked.keys()]).toEqual([a, d, e, f]);
    expect(await activeOf(session)).toEqual([a, d, e, f]);
    expect(await seatsOf(session)).toBe(4);
    // Full: a further batch books no one and changes nothing.
    expect(
      (
        await reserveSeats(db, eventId, session, [
          { userId: g, answers: [], at: now },
          { userId: c, answers: [], at: now },
        ])
      ).size,
    ).toBe(0);
    expect(await seatsOf(session)).toBe(4);
  });

  it('answers each caller of a queued batch as one by one would: booked, full, already reserved', async () => {
    const db = t.database.db;
    const { eventId, sessionIds } = await createEvent(db, { title: 'Queue', sessions: [{ capacity: 5, startsIn: 72 }] });
    const [session] = sessionIds as [number];
    const ids = await Promise.all(Array.from({ length: 12 }, async () => (await createMember(db)).id));
    const queue = new SeatQueue();
    const now = new Date();
    // All at once (a double click included): the first goes alone, the rest wait and go as one batch.
    const results = await Promise.all([...ids, ids[3]!].map((id) => queue.reserve(db, id, eventId, session, [], now)));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((r) => (r.ok ? r.reservationID : 0))).size).toBe(5);
    const refusals = results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.code));
    expect(refusals.every((code) => code === 'reservationCapacityOver' || code === 'alreadyReserved')).toBe(true);
    expect(refusals.filter((code) => code === 'reservationCapacityOver').length).toBeGreaterThanOrEqual(7);
    expect(await seatsOf(session)).toBe(5);
    expect(await activeOf(session)).toHaveLength(5);
    // In arrival order: the first five callers hold the seats.
    expect((await activeOf(session)).sort()).toEqual(ids.slice(0, 5).sort());
  });

  it('tells each member a batch did not book why, as one by one would: another session, full, too early, twice', async () => {
    const db = t.database.db;
    const { eventId, sessionIds } = await createEvent(db, {
      title: 'Reasons',
      sessions: [
        { capacity: 2, startsIn: 72 },
        { capacity: 4, startsIn: 96 },
      ],
    });
    const [session, other] = sessionIds as [number, number];
    const ids = await Promise.all(Array.from({ length: 6 }, async () => (await createMember(db)).id));
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    expect(await reserveSeat(db, eventId, other, b, [], new Date())).not.toBeNull();
    const queue = new SeatQueue();
    const now = new Date();
    const long = new Date(now.getTime() - 400 * 86_400_000);
    // a goes alone; the rest wait and go as one batch, in which c is booked (the last seat) and no one else.
    const calls: [number, Date][] = [
      [a, now],
      [b, now],
      [c, now],
      [d, now],
      [e, now],
      [f, long],
      [c, now],
    ];
    const results = await Promise.all(calls.map(([id, at]) => queue.reserve(db, id, eventId, session, [], at)));
    expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual([
      'ok',
      'reservedAnotherSession',
      'ok',
      'reservationCapacityOver',
      'reservationCapacityOver',
      'reservationNotAccepted',
      'alreadyReserved',
    ]);
    expect((await activeOf(session)).sort()).toEqual([a, c].sort());
    expect(await seatsOf(session)).toBe(2);
    // The session is full now: a later wave is told why without a booking statement (a storm's latecomers).
    const wave: [number, Date][] = [
      [e, now],
      [d, now],
      [a, now],
      [b, now],
    ];
    const later = await Promise.all(wave.map(([id, at]) => queue.reserve(db, id, eventId, session, [], at)));
    expect(later.map((r) => (r.ok ? 'ok' : r.code))).toEqual([
      'reservationCapacityOver',
      'reservationCapacityOver',
      'alreadyReserved',
      'reservedAnotherSession',
    ]);
    expect(await seatsOf(session)).toBe(2);
  });
});
