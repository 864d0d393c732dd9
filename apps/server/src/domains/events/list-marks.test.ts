import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { eventListMarks } from './service.ts';

/**
 * Decision 169: a member's marks on the kept events list are kept apart from it. Every booking renews the kept list
 * (its counts change), and the member's reservation and favourite marks are then set from their kept marks, without
 * a query, while their own rows are unchanged; once they change, the marks are read again.
 */
let t: TestApp;
let a: MemberFixture;
let b: MemberFixture;
let eventID: number;
let sessionID: number;
const page = { scheduleType: 1 as const, offset: 0, perPage: 9 };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const tenantId = await createTenant(t.database.db);
  [a, b] = await Promise.all([createMember(t.database.db, { tenantId }), createMember(t.database.db, { tenantId })]);
  const event = await createEvent(t.database.db, { title: 'Kept marks walk', sessions: [{ capacity: 10, startsIn: 48 }] });
  eventID = event.eventId;
  sessionID = event.sessionIds[0]!;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/** The test event as `token`'s holder sees it in the list. */
async function listed(token: string) {
  const { body } = await t.call('getEvents', page, token);
  expect(body.succeed).toBe(true);
  return (body.events as { id: number; isReserved: boolean; isFavorited: boolean }[]).find((e) => e.id === eventID)!;
}

describe("a member's marks on the kept events list", () => {
  it('are set from their kept marks when the list is renewed by another member’s booking, and read again after their own', async () => {
    const read = vi.spyOn(eventListMarks, 'read');
    // B's call builds and keeps the list; A's first call reads A's marks (and keeps them).
    await listed(b.token);
    expect(await listed(a.token)).toMatchObject({ isReserved: false, isFavorited: false });
    expect(read).toHaveBeenCalledTimes(1);

    // B books: the kept list is renewed (the session's count changed). B's next call builds it again.
    expect((await t.call('reserveEvent', { eventID, sessionID, body: [] }, b.token)).body.succeed).toBe(true);
    expect(await listed(b.token)).toMatchObject({ isReserved: true });
    // A is served the renewed list with A's kept marks: no query, and B's booking is not A's.
    expect(await listed(a.token)).toMatchObject({ isReserved: false, isFavorited: false });
    expect(read).toHaveBeenCalledTimes(1);

    // A's own booking and favourite change A's rows: A's marks are read again, and are right.
    expect((await t.call('reserveEvent', { eventID, sessionID, body: [] }, a.token)).body.succeed).toBe(true);
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: eventID, favorite: true }, a.token)).body.succeed).toBe(true);
    await listed(b.token);
    expect(await listed(a.token)).toMatchObject({ isReserved: true, isFavorited: true });
    expect(read).toHaveBeenCalledTimes(2);

    // A cancels: read again, and the mark is gone.
    expect((await t.call('cancelEventReservation', { eventID, sessionID }, a.token)).body.succeed).toBe(true);
    await listed(b.token);
    expect(await listed(a.token)).toMatchObject({ isReserved: false, isFavorited: true });
    expect(read).toHaveBeenCalledTimes(3);
  });
});
