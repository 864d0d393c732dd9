import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/query.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 53, item 1 (decision 174): one address without an account flooded slow anonymous reads (12 at once, library
// searches of random words) and the write admission (decision 162) answered nearly every write of a signed-in member
// 503. Here every read counts as slow for the admission (a target of a microsecond, windows of 200 ms judged from 5
// reads), as the flood's were on a busy server: one address's reads may not hold the member's writes back, and its
// uncached reads are limited per address (429 tooManyRequests).
const FLOOD_MS = 5000;
const PARALLEL = 12;
let t: TestApp;
let token: string;
let eventID: number;
let sessionID: number;

beforeAll(async () => {
  t = await createTestApp({
    writeAdmission: { readTargetMs: 0.001, windowMs: 200, minReads: 5, minShare: 0.02, step: 0.05, maxInFlight: 1000, readsPerClient: 3 },
  });
  token = await t.login('member40@example.com');
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const [event] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO events (title_ja, start_at, end_at, published_at)
        VALUES ('混雑テスト', ${iso(now + 20 * 86_400_000)}, ${iso(now + 20 * 86_400_000 + 3_600_000)}, ${iso(now - 86_400_000)}) RETURNING id`,
  );
  const [session] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
        VALUES (${event!.id}, '本編', ${iso(now + 20 * 86_400_000)}, ${iso(now + 20 * 86_400_000 + 3_600_000)}, 100, 1,
                ${iso(now - 86_400_000)}, ${iso(now + 10 * 86_400_000)}) RETURNING id`,
  );
  eventID = event!.id;
  sessionID = session!.id;
}, 60_000);
afterAll(async () => t?.close());

// Twelve random words of 4 to 6 letters (Latin and kana, within the query's 100 characters): no two queries alike, so
// no kept answer serves one.
const LETTERS = 'abcdefghijklmnopqrstuvwxyzあいうえおかきくけこさしすせそたちつてと';
const randomWord = () =>
  Array.from({ length: 4 + Math.floor(Math.random() * 3) }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
const randomQuery = () => Array.from({ length: 12 }, randomWord).join(' ');

async function post(name: string, payload: object, bearer?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { succeed: boolean; errorCode?: string } };
}

const DAY_MS = 86_400_000;

describe('one address flooding slow anonymous reads (issue 53)', () => {
  it("does not get a member's writes refused: sign-ins, bookings and step uploads mostly succeed", async () => {
    const flood: { status: number; errorCode?: string; retryAfter?: string }[] = [];
    let flooding = true;
    const started = Date.now();
    // Twelve at once, from one address without a session: searches (uncached, limited per address) and guests' reads
    // that a kept answer serves (not limited; counted by the admission, a few at a time).
    const loops = Array.from({ length: PARALLEL }, async (_, k) => {
      while (flooding) {
        const a = k % 2 === 0 ? await post('searchReportArticles', { query: randomQuery() }) : await post('getEvents', { offset: 0, perPage: 9 });
        flood.push({ status: a.status, errorCode: a.body.errorCode, retryAfter: a.headers['retry-after'] as string | undefined });
      }
    });
    const writes: { name: string; status: number }[] = [];
    const member = (async () => {
      await new Promise((r) => setTimeout(r, 300));
      // At least FLOOD_MS, and on until the flood has sent 240 calls (a loaded machine sends fewer in 5 s), within 40 s.
      const going = () => (Date.now() < started + FLOOD_MS || flood.length < 240) && Date.now() < started + 40_000;
      for (let k = 0; going(); k++) {
        const day = Math.floor(Date.now() / DAY_MS - 30 - (k % 25)) * DAY_MS + 3 * 3_600_000;
        const upload = await post(
          'uploadHealthData',
          { healthData: [{ dateTime: day, steps: 4000 + k }], osType: 'ios', osVersion: '18.0', appVersion: '1.0.0', source: 'flood-test' },
          token,
        );
        writes.push({ name: 'uploadHealthData', status: upload.status });
        const booking = await post(
          k % 2 === 0 ? 'reserveEvent' : 'cancelEventReservation',
          { eventID, sessionID, body: k % 2 === 0 ? [] : undefined },
          token,
        );
        writes.push({ name: 'booking', status: booking.status });
        const signIn = await post('login', { id: 'member40@example.com', password: 'wellbeing-demo' });
        writes.push({ name: 'login', status: signIn.status });
      }
    })();
    await member;
    flooding = false;
    await Promise.all(loops);

    // The flood ran all along, from one address.
    expect(flood.length).toBeGreaterThan(200);
    const ok = writes.filter((w) => w.status === 200).length;
    const refused = writes.filter((w) => w.status === 503).length;
    expect(writes.length).toBeGreaterThanOrEqual(6);
    // Most writes succeed (before decision 174: about one in twenty).
    expect(ok / writes.length).toBeGreaterThanOrEqual(0.9);
    for (const kind of ['uploadHealthData', 'booking', 'login']) {
      expect(writes.filter((w) => w.name === kind && w.status === 200).length).toBeGreaterThan(0);
    }
    expect(refused).toBeLessThanOrEqual(writes.length * 0.1);
    // Its searches were answered, and (on a machine fast enough to send over 120 in the minute's window) refused per
    // address with the project's 429 and a Retry-After; the next test checks the limit itself.
    const limited = flood.filter((f) => f.status === 429);
    expect(flood.filter((f) => f.status === 200).length).toBeGreaterThan(0);
    for (const f of limited) {
      expect(f.errorCode).toBe('tooManyRequests');
      expect(Number(f.retryAfter)).toBeGreaterThan(0);
    }
    // Every call of the flood was a valid one, answered 200 or 429; no 500 among them.
    expect(flood.filter((f) => f.status !== 200 && f.status !== 429)).toEqual([]);
  }, 60_000);

  it('limits only the calls without a session: a member at the same address searches on', async () => {
    // The address over its limit (120 a minute) for calls without a session...
    let anonymous = 0;
    while (anonymous < 250 && (await post('searchReportArticles', { query: randomQuery() })).status === 200) anonymous++;
    expect(anonymous).toBeLessThanOrEqual(120);
    // ...and a member at the same address is not.
    for (let i = 0; i < 5; i++) expect((await post('searchReportArticles', { query: randomQuery() }, token)).status).toBe(200);
    expect((await post('searchReportArticles', { query: randomQuery() })).status).toBe(429);
  });
});
