import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/query.ts';

let t: TestApp;
let member: string;
const ids: Record<string, number> = {};

async function eventId(titleEn: string): Promise<number> {
  const [row] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM events WHERE title_en = ${titleEn}`);
  if (!row) throw new Error(`no event ${titleEn}`);
  return row.id;
}
async function sessionIds(event: number): Promise<number[]> {
  return (await rows<{ id: number }>(t.database.db, sql`SELECT id FROM event_sessions WHERE event_id = ${event} ORDER BY sort, id`)).map((r) => r.id);
}
async function reservationCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM event_reservations`);
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login('member@example.com');
  ids.walk! = await eventId('Morning walk around the Imperial Palace');
  ids.stretch! = await eventId('Small-group stretching class (3 seats)');
  ids.nutrition! = await eventId('Popular nutrition seminar: low-salt eating that lasts');
  ids.hike! = await eventId('Autumn hike on Mt. Takao');
  ids.checkup! = await eventId('Making sense of your health check results');
  ids.charity! = await eventId('Marunouchi Charity Run 2026 (entry on an external site)');
  ids.night! = await eventId('Tokyo Bay Night Walk (external site, full)');
  ids.team! = await eventId('Team walk rally');
  ids.week! = await eventId('Health check week (times shown only)');
  ids.corporate! = await eventId('[Corporate members] Mindfulness training');
  ids.finished! = await eventId('Introduction to mindfulness (finished)');
  ids.pilates! = await eventId('Weekend Pilates for beginners');
});
afterAll(async () => {
  await t?.close();
});

describe('getEvents', () => {
  it('pages upcoming and running events 9 at a time, soonest first, none over yet (decision 178)', async () => {
    const first = await t.call('getEvents', { scheduleType: 1, offset: 0, perPage: 9 });
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(9);
    const second = await t.call('getEvents', { scheduleType: 1, offset: 9, perPage: 9 });
    expect(second.body.events.length).toBeGreaterThan(0);
    const all = [...first.body.events, ...second.body.events];
    expect(new Set(all.map((e: { id: number }) => e.id)).size).toBe(all.length);
    const starts = all.map((e: { startDateTime: number }) => e.startDateTime);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(all.every((e: { endDateTime: number }) => e.endDateTime > Date.now())).toBe(true);
  });

  it("splits the 31 demo events into not over yet and finished, today's within the first (a guest misses the contract-only one)", async () => {
    const ids = async (scheduleType: 1 | 2 | 3, token?: string) =>
      ((await t.call('getEvents', { scheduleType, perPage: 50 }, token)).body.events as { id: number; endDateTime: number }[]).map((e) => e.id);
    const count = async (scheduleType: 1 | 2 | 3, token?: string) => (await ids(scheduleType, token)).length;
    // Upcoming and running (1) and finished before today (2) leave out only what ended earlier today (decision 178).
    const endedToday = (await t.call('getEvents', { scheduleType: 3, perPage: 50 })).body.events.filter(
      (e: { endDateTime: number }) => e.endDateTime <= Date.now(),
    ).length;
    const guest = (await count(1)) + (await count(2)) + endedToday;
    const signedIn = (await count(1, member)) + (await count(2, member)) + endedToday;
    expect(signedIn).toBe(31);
    expect(guest).toBe(30);
    expect(await count(3)).toBeGreaterThanOrEqual(1);
    // Today's events not over yet are in the default list too, the walking week under way among them.
    const upcoming = new Set(await ids(1));
    const today = (await t.call('getEvents', { scheduleType: 3, perPage: 50 })).body.events as { id: number; endDateTime: number }[];
    expect(today.filter((e) => e.endDateTime > Date.now()).every((e) => upcoming.has(e.id))).toBe(true);
    const finished = (await t.call('getEvents', { scheduleType: 2, perPage: 50 })).body.events;
    expect(finished.every((e: { endDateTime: number }) => e.endDateTime < Date.now())).toBe(true);
  });

  it('filters free, online and reservation-required events', async () => {
    const free = (await t.call('getEvents', { scheduleType: 1, perPage: 50, onlyFree: true })).body.events;
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((e: { price: number }) => e.price === 0)).toBe(true);
    const online = (await t.call('getEvents', { scheduleType: 1, perPage: 50, onlyOnline: true })).body.events;
    expect(online.length).toBeGreaterThan(0);
    expect(online.every((e: { providingType: number }) => e.providingType === 2 || e.providingType === 3)).toBe(true);
    const reservable = (await t.call('getEvents', { scheduleType: 1, perPage: 50, onlyReservation: true })).body.events;
    expect(reservable.every((e: { reservableFlag: boolean }) => e.reservableFlag)).toBe(true);
    expect(reservable.some((e: { id: number }) => e.id === ids.week!)).toBe(false);
  });

  it('computes reserveStatus for every state and the one-day rule', async () => {
    const all = (await t.call('getEvents', { scheduleType: 1, perPage: 50 }, member)).body.events;
    const status = (id: number) => all.find((e) => e.id === id)!.reserveStatus.status.name;
    expect(status(ids.walk!)).toBe('available');
    expect(status(ids.nutrition!)).toBe('full');
    expect(status(ids.hike!)).toBe('before');
    expect(status(ids.checkup!)).toBe('ended');
    expect(status(ids.week!)).toBe('none');
    expect(status(ids.night!)).toBe('full');
    expect(status(ids.pilates!)).toBe('available');
    const walk = all.find((e) => e.id === ids.walk!);
    expect(walk!.reserveStatus.status.text).toBe('受付中');
    expect(walk!.isOneDay).toBe(true);
    expect(walk!.isFavorited).toBe(true);
    expect(all.find((e) => e.id === ids.week!)!.isOneDay).toBe(false);
    const en = (await t.call('getEvents', { scheduleType: 1, perPage: 50, locale: 'en' })).body.events;
    expect(en.find((e) => e.id === ids.hike!)!.reserveStatus).toMatchObject({ status: { name: 'before', text: 'Not open yet' } });
    expect(en.find((e) => e.id === ids.hike!)!.title).toBe('Autumn hike on Mt. Takao');
  });

  it('refuses bad filters with 400', async () => {
    for (const payload of [{ scheduleType: 4 }, { perPage: 0 }, { perPage: 1000 }, { offset: -1 }, { onlyFree: 'yes' }, { extra: 1 }]) {
      expect((await t.callRaw('getEvents', payload)).status).toBe(400);
    }
  });
});

describe('getEventByID', () => {
  it('gives a guest the head only: no overview, questions, sections or session button data', async () => {
    const { body } = await t.call('getEventByID', { eventID: ids.walk! });
    expect(body.succeed).toBe(true);
    const e = body.event;
    expect(e.title).toBe('朝活ウォーキング 皇居ラン＆ウォーク');
    expect(e.images.length).toBeGreaterThan(0);
    for (const key of ['capacity', 'extraLabel', 'extraText', 'reportArticleID', 'sections', 'questions', 'hasQuestions'])
      expect(e).not.toHaveProperty(key);
    expect(e.sessions).toHaveLength(2);
    for (const s of e.sessions) {
      for (const key of ['button', 'capacity', 'reservedCount', 'participant', 'url', 'reservationStartDateTime']) expect(s).not.toHaveProperty(key);
    }
  });

  it('gives a signed-in user the overview, questions, sections and the buttons in the order of docs/requirements/events.md#events-session-button', async () => {
    const { body } = await t.call('getEventByID', { eventID: ids.walk!, locale: 'en' }, member);
    const e = body.event;
    expect(e).toMatchObject({ capacity: 40, extraLabel: 'What to bring', hasQuestions: true });
    expect(e.questions!.map((q: { type: string }) => q.type)).toEqual(['select', 'checkbox', 'text', 'comment']);
    expect(e.questions![3]!.question).toMatch(/<br ?\/?>/);
    expect(e.sections!.length).toBeGreaterThan(0);
    expect(e.sessions[0]!.button).toEqual({ kind: 'reserve', enabled: true });

    const button = async (id: number, i = 0) => (await t.call('getEventByID', { eventID: id }, member)).body.event.sessions[i]!.button;
    expect(await button(ids.nutrition!)).toEqual({ kind: 'full', enabled: false });
    expect(await button(ids.hike!)).toEqual({ kind: 'notOpen', enabled: false });
    expect(await button(ids.checkup!)).toEqual({ kind: 'notOpen', enabled: false });
    expect(await button(ids.charity!)).toEqual({ kind: 'external', enabled: true });
    expect(await button(ids.night!)).toEqual({ kind: 'externalFull', enabled: true });
    expect(await button(ids.week!)).toBeNull();
    // The member reserved the finished event: it has ended, which wins over cancel.
    expect(await button(ids.finished!)).toEqual({ kind: 'ended', enabled: false });
    const charity = (await t.call('getEventByID', { eventID: ids.charity! }, member)).body.event.sessions[0];
    expect(charity!.url).toBe('https://example.com/charity-run/entry');
    const team = (await t.call('getEventByID', { eventID: ids.team! }, member)).body.event.sessions[0];
    expect(team!.entryUnitType).toBe(2);
  });

  it('hides contract-only events from guests and users without a corporate contract', async () => {
    expect((await t.call('getEventByID', { eventID: ids.corporate! })).body).toEqual({ succeed: false, errorCode: 'notFound' });
    const noContract = await t.login('nocontract@example.com');
    expect((await t.call('getEventByID', { eventID: ids.corporate! }, noContract)).body.errorCode).toBe('notFound');
    expect((await t.call('getEventByID', { eventID: ids.corporate! }, member)).body.succeed).toBe(true);
  });

  it('answers notFound for unknown ids and 400 for bad ones', async () => {
    expect((await t.call('getEventByID', { eventID: 999999 })).body).toEqual({ succeed: false, errorCode: 'notFound' });
    expect((await t.callRaw('getEventByID', { eventID: 'abc' })).status).toBe(400);
    expect((await t.callRaw('getEventByID', { eventID: -1 })).status).toBe(400);
    expect((await t.callRaw('getEventByID', {})).status).toBe(400);
  });
});

describe('reserveEvent and cancelEventReservation', () => {
  const goodAnswers = [
    { questionnaireIndex: 0, answer: 1 },
    { questionnaireIndex: 1, answer: [0, 2] },
    { questionnaireIndex: 2, answer: '090-0000-0000' },
  ];

  it('needs sign-in', async () => {
    expect((await t.call('reserveEvent', { eventID: ids.walk!, sessionID: 1, body: [] })).status).toBe(401);
  });

  it('validates questionnaire answers and writes nothing on any failure', async () => {
    const token = await t.login('member41@example.com');
    const [s1] = await sessionIds(ids.walk!);
    const before = await reservationCount();
    const attempts: [unknown[], string][] = [
      [[], 'answersRequired'],
      [[{ questionnaireIndex: 0, answer: 1 }], 'answersRequired'],
      [
        [
          { questionnaireIndex: 0, answer: 1 },
          { questionnaireIndex: 2, answer: '   ' },
        ],
        'answersRequired',
      ],
      [
        [
          { questionnaireIndex: 0, answer: 'one' },
          { questionnaireIndex: 2, answer: 'x' },
        ],
        'answersInvalid',
      ],
      [
        [
          { questionnaireIndex: 0, answer: 7 },
          { questionnaireIndex: 2, answer: 'x' },
        ],
        'answersInvalid',
      ],
      [
        [
          { questionnaireIndex: 0, answer: 0 },
          { questionnaireIndex: 1, answer: [0, 0] },
          { questionnaireIndex: 2, answer: 'x' },
        ],
        'answersInvalid',
      ],
      [
        [
          { questionnaireIndex: 0, answer: 0 },
          { questionnaireIndex: 2, answer: 5 },
        ],
        'answersInvalid',
      ],
      [[...goodAnswers, { questionnaireIndex: 9, answer: 'x' }], 'answersInvalid'],
      [[...goodAnswers, { questionnaireIndex: 0, answer: 2 }], 'answersInvalid'],
    ];
    for (const [body, code] of attempts) {
      const res = await t.callRaw('reserveEvent', { eventID: ids.walk!, sessionID: s1!, body }, token);
      expect(res.body, JSON.stringify(body)).toEqual({ succeed: false, errorCode: code });
    }
    for (const bad of [
      { body: 'x' },
      { body: [{ questionnaireIndex: 0 }] },
      { body: [{ questionnaireIndex: 0, answer: { a: 1 } }] },
      { body: [{ questionnaireIndex: 0, answer: 'x'.repeat(2001) }] },
    ]) {
      expect((await t.callRaw('reserveEvent', { eventID: ids.walk!, sessionID: s1, ...bad }, token)).status).toBe(400);
    }
    expect(await reservationCount()).toBe(before);
  });

  it('reserves with answers, then refuses a second one in the same or another session, cancels and frees the seat', async () => {
    const token = await t.login('member42@example.com');
    const [s1, s2] = await sessionIds(ids.walk!);
    const ok = await t.call('reserveEvent', { eventID: ids.walk!, sessionID: s1!, body: goodAnswers }, token);
    expect(ok.body.succeed).toBe(true);
    expect(ok.body.reservationID).toBeGreaterThan(0);
    const [stored] = await rows<{ answers: unknown }>(t.database.db, sql`SELECT answers FROM event_reservations WHERE id = ${ok.body.reservationID}`);
    expect(stored!.answers).toEqual(goodAnswers);
    expect((await t.call('reserveEvent', { eventID: ids.walk!, sessionID: s1!, body: goodAnswers }, token)).body.errorCode).toBe('alreadyReserved');
    expect((await t.call('reserveEvent', { eventID: ids.walk!, sessionID: s2!, body: goodAnswers }, token)).body.errorCode).toBe(
      'reservedAnotherSession',
    );

    const detail = (await t.call('getEventByID', { eventID: ids.walk! }, token)).body.event;
    expect(detail.isReserved).toBe(true);
    expect(detail.sessions[0]!.button).toEqual({ kind: 'cancel', enabled: true });
    expect(detail.sessions[0]!.participant).toEqual({ reservationID: ok.body.reservationID });
    const reserving = (await t.call('getReservingEvents', { offset: 0, perPage: 9 }, token)).body.events;
    expect(reserving.map((e: { id: number }) => e.id)).toContain(ids.walk!);

    const countBefore = detail.sessions[0]!.reservedCount;
    expect((await t.call('cancelEventReservation', { eventID: ids.walk!, sessionID: s1! }, token)).body).toEqual({ succeed: true });
    const after = (await t.call('getEventByID', { eventID: ids.walk! }, token)).body.event;
    expect(after.sessions[0]!.reservedCount).toBe(countBefore! - 1);
    expect(after.isReserved).toBe(false);
    expect((await t.call('cancelEventReservation', { eventID: ids.walk!, sessionID: s1! }, token)).body.errorCode).toBe('noReservation');
    // After cancelling, the other session may be booked.
    expect((await t.call('reserveEvent', { eventID: ids.walk!, sessionID: s2!, body: goodAnswers }, token)).body.succeed).toBe(true);
  });

  it('refuses full, not-yet-open, closed, external, display-only and finished sessions', async () => {
    const token = await t.login('member43@example.com');
    const before = await reservationCount();
    const code = async (event: number, i = 0, body: unknown[] = []) =>
      (await t.callRaw('reserveEvent', { eventID: event, sessionID: (await sessionIds(event))[i]!, body }, token)).body.errorCode;
    expect(await code(ids.nutrition!)).toBe('reservationCapacityOver');
    expect(await code(ids.hike!, 0, [{ questionnaireIndex: 0, answer: 0 }])).toBe('reservationNotAccepted');
    expect(await code(ids.checkup!)).toBe('reservationNotAccepted');
    expect(await code(ids.charity!)).toBe('reservationNotAccepted');
    expect(await code(ids.week!)).toBe('reservationNotAccepted');
    expect(await code(ids.finished!)).toBe('reservationNotAccepted');
    expect(await code(ids.pilates!, 0)).toBe('reservationCapacityOver');
    expect(await reservationCount()).toBe(before);
  });

  it('answers clear codes for unknown events, unknown sessions and a session of another event', async () => {
    const token = await t.login('member44@example.com');
    const [stretchSession] = await sessionIds(ids.stretch!);
    expect((await t.call('reserveEvent', { eventID: 999999, sessionID: stretchSession!, body: [] }, token)).body.errorCode).toBe('eventNotFound');
    expect((await t.call('reserveEvent', { eventID: ids.stretch!, sessionID: 999999, body: [] }, token)).body.errorCode).toBe('sessionNotFound');
    expect((await t.call('reserveEvent', { eventID: ids.walk!, sessionID: stretchSession!, body: [] }, token)).body.errorCode).toBe(
      'sessionNotFound',
    );
    expect(
      (await t.call('reserveEvent', { eventID: ids.corporate!, sessionID: stretchSession!, body: [] }, await t.login('nocontract@example.com'))).body
        .errorCode,
    ).toBe('eventNotFound');
    expect((await t.call('cancelEventReservation', { eventID: ids.walk!, sessionID: stretchSession! }, token)).body.errorCode).toBe(
      'sessionNotFound',
    );
    expect((await t.call('cancelEventReservation', { eventID: 999999, sessionID: stretchSession! }, token)).body.errorCode).toBe('eventNotFound');
    expect((await t.callRaw('cancelEventReservation', { eventID: ids.stretch!, sessionID: stretchSession, extra: true }, token)).status).toBe(400);
  });

  it('never books the 3-seat session past capacity, and a cancellation frees the seat at once', async () => {
    const [s] = await sessionIds(ids.stretch!);
    const tokens = await Promise.all(['member45', 'member46', 'member47', 'member48'].map((m) => t.login(`${m}@example.com`)));
    const results = [];
    for (const token of tokens) results.push((await t.call('reserveEvent', { eventID: ids.stretch!, sessionID: s!, body: [] }, token)).body);
    expect(results.filter((r) => r.succeed)).toHaveLength(3);
    expect(results[3]).toEqual({ succeed: false, errorCode: 'reservationCapacityOver' });
    const full = (await t.call('getEventByID', { eventID: ids.stretch! }, tokens[3])).body.event;
    expect(full.sessions[0]).toMatchObject({ reservedCount: 3, capacity: 3, isFullyReserved: true, button: { kind: 'full', enabled: false } });
    expect(full.reserveStatus.status.name).toBe('full');
    expect((await t.call('cancelEventReservation', { eventID: ids.stretch!, sessionID: s! }, tokens[0])).body.succeed).toBe(true);
    expect((await t.call('reserveEvent', { eventID: ids.stretch!, sessionID: s!, body: [] }, tokens[3])).body.succeed).toBe(true);
  });

  it('books a session whose reservationType is neither 0 nor 2 in the app (docs/requirements/events.md#events-model: other values exist; issue 13, 9)', async () => {
    const [s] = await sessionIds(ids.stretch!);
    await t.database.db.execute(sql`UPDATE event_sessions SET reservation_type = 3 WHERE id = ${s}`);
    try {
      // Free every seat of the 3-seat session the test before filled.
      await t.database.db.execute(sql`DELETE FROM event_reservations WHERE session_id = ${s}`);
      await t.database.db.execute(sql`UPDATE event_sessions SET reserved_count = 0 WHERE id = ${s}`);
      const token = await t.login('member49@example.com');
      const before = (await t.call('getEventByID', { eventID: ids.stretch! }, token)).body.event;
      expect(before.sessions[0]!.button).toEqual({ kind: 'reserve', enabled: true });
      expect((await t.call('reserveEvent', { eventID: ids.stretch!, sessionID: s!, body: [] }, token)).body.succeed).toBe(true);
    } finally {
      await t.database.db.execute(sql`UPDATE event_sessions SET reservation_type = 1 WHERE id = ${s}`);
    }
  });

  it('refuses a cancellation once the session has started', async () => {
    const token = await t.login('member49@example.com');
    const lunch = await eventId('Lunchtime office stretch');
    const [s] = await sessionIds(lunch);
    await t.database.db.execute(sql`UPDATE event_sessions SET start_at = now() - interval '1 minute', end_at = now() + interval '1 hour',
      reservation_start_at = now() - interval '1 day', reservation_end_at = now() + interval '1 hour' WHERE id = ${s}`);
    expect((await t.call('reserveEvent', { eventID: lunch, sessionID: s!, body: [] }, token)).body.succeed).toBe(true);
    expect((await t.call('cancelEventReservation', { eventID: lunch, sessionID: s! }, token)).body.errorCode).toBe('cancellationNotAccepted');
  });
});

describe('favourites and the reserved list', () => {
  it('adds and removes a favourite; the reserved list shows reserved and favourite events, upcoming first', async () => {
    const token = await t.login('member50@example.com');
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: ids.hike!, favorite: true }, token)).body).toEqual({
      succeed: true,
      isFavorited: true,
    });
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: ids.hike!, favorite: true }, token)).body.succeed).toBe(true);
    let list = (await t.call('getReservingEvents', {}, token)).body.events;
    expect(list.map((e: { id: number }) => e.id)).toEqual([ids.hike!]);
    expect(list[0]!.isFavorited).toBe(true);
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: ids.hike!, favorite: false }, token)).body.isFavorited).toBe(false);
    list = (await t.call('getReservingEvents', {}, token)).body.events;
    expect(list).toEqual([]);
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: 999999, favorite: true }, token)).body.errorCode).toBe('notFound');
    expect((await t.callRaw('favoriteContent', { relType: 'Library', relObjectID: ids.hike!, favorite: true }, token)).status).toBe(400);
    expect((await t.call('favoriteContent', { relType: 'Events', relObjectID: ids.hike!, favorite: true })).status).toBe(401);
  });

  it("lists the member's reservations and favourites, upcoming before finished", async () => {
    const list = (await t.call('getReservingEvents', { offset: 0, perPage: 50 }, member)).body.events;
    expect(list.length).toBeGreaterThanOrEqual(6);
    const firstFinished = list.findIndex((e) => e.endDateTime < Date.now());
    expect(list.slice(firstFinished).every((e) => e.endDateTime < Date.now())).toBe(true);
    expect(list.every((e) => e.isReserved || e.isFavorited)).toBe(true);
    expect((await t.call('getReservingEvents', { offset: 0, perPage: 3 }, member)).body.events).toHaveLength(3);
  });
});

describe('calendar file', () => {
  it('hands out a short-lived signed link to an .ics of a reserved session, in UTC with escaped text', async () => {
    const token = await t.login('member51@example.com');
    const [s] = await sessionIds(ids.team!);
    expect((await t.call('getEventCalendarUrl', { eventID: ids.team!, sessionID: s! }, token)).body.errorCode).toBe('noReservation');
    const body = [
      { questionnaireIndex: 0, answer: 'Team, Blue; \\ one' },
      { questionnaireIndex: 1, answer: 0 },
    ];
    expect((await t.call('reserveEvent', { eventID: ids.team!, sessionID: s!, body }, token)).body.succeed).toBe(true);
    const link = (await t.call('getEventCalendarUrl', { eventID: ids.team!, sessionID: s!, locale: 'en' }, token)).body;
    expect(link.succeed).toBe(true);
    expect(link.url).toMatch(/^\/api\/events\/calendar\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/hibi-event-\d+\.ics$/);
    expect(link.expiresAt).toBeGreaterThan(Date.now());
    const res = await t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hibi-event-\d+-\d+\.ics"$/);
    const ics = res.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain('SUMMARY:Team walk rally (Team entry)');
    expect(ics).toContain('LOCATION:Hibiya Park fountain square');
    expect(ics).toContain(`URL:${t.config.appBaseUrl}/events/${ids.team!}`);
    const [row] = await rows<{ start_ms: number }>(
      t.database.db,
      sql`SELECT (extract(epoch FROM start_at) * 1000)::float8 AS start_ms FROM event_sessions WHERE id = ${s}`,
    );
    const start = new Date(row!.start_ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${start}`);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    // Tampered, then cancelled: no file.
    const tampered = link.url.replace(/\.([A-Za-z0-9_-])/, (_m: string, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/calendar/garbage/x.ics' })).statusCode).toBe(404);
    await t.call('cancelEventReservation', { eventID: ids.team!, sessionID: s! }, token);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
  });
});

describe('times written with microseconds', () => {
  it('answer in whole milliseconds, not a refused fraction', async () => {
    // A time set by SQL (now(), an import) keeps PostgreSQL's microseconds; the contract's times are integers.
    const [before] = await rows<{ start: string; end: string }>(
      t.database.db,
      sql`SELECT start_at::text AS start, end_at::text AS end FROM events WHERE id = ${ids.finished!}`,
    );
    await t.database.db.execute(
      sql`UPDATE events SET start_at = start_at + interval '0.000437 second', end_at = end_at + interval '0.000437 second' WHERE id = ${ids.finished!}`,
    );
    try {
      const finished = await t.call('getEvents', { scheduleType: 2, perPage: 50 });
      expect(finished.status).toBe(200);
      const event = finished.body.events.find((e: { id: number }) => e.id === ids.finished);
      expect(Number.isInteger(event?.startDateTime)).toBe(true);
      expect(Number.isInteger(event?.endDateTime)).toBe(true);
    } finally {
      await t.database.db.execute(
        sql`UPDATE events SET start_at = ${before!.start}::timestamptz, end_at = ${before!.end}::timestamptz WHERE id = ${ids.finished!}`,
      );
    }
  });
});
