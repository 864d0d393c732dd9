import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/query.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Reads first (decision 162): the entry admits writes by the reads' speed. Here every read counts as slow (a target
// of a microsecond), so one judged window holds three quarters of the writes back; core/write-admission.test.ts
// covers the rule.
const WINDOW_MS = 1000;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    writeAdmission: { readTargetMs: 0.001, windowMs: WINDOW_MS, minReads: 5, minShare: 0.02, step: 0.05, maxInFlight: 1000, readsPerClient: 1000 },
  });
  token = await t.login('member30@example.com');
}, 60_000);
afterAll(async () => t?.close());

const DAY_MS = 86_400_000;
const goodDay = { exercise: 1, breakfast: 1, nightMeal: 1, overeating: 1, overdrinking: 1, sleepness: 1, feeling: 1 } as const;

/** A function call through the entry, with the answer's headers (the helpers' callRaw answers status and body only). */
async function post(app: TestApp, name: string, payload: object, token?: string) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { succeed: boolean; errorCode?: string } };
}

/** How many rows of `table` (health_logs, sessions) the member with this address has. */
async function rowsOf(app: TestApp, table: 'health_logs' | 'sessions', email: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    app.database.db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} r JOIN users u ON u.id = r.user_id WHERE u.email = ${email}`,
  );
  return row!.n;
}
const logsOfMember = () => rowsOf(t, 'health_logs', 'member30@example.com');

describe('writes held back while the reads are slow', () => {
  it('refuses some writes at once with 503 and a Retry-After, saves none of them, and answers every read', async () => {
    // A window of slow reads, judged when it is over.
    for (let i = 0; i < 8; i++) expect((await t.call('getAnnouncements', { offset: 0, perPage: 10 }, token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 50));
    expect((await t.call('getConfig', {})).status).toBe(200);

    const before = await logsOfMember();
    const days = Array.from({ length: 20 }, (_, k) => Math.floor(Date.now() / DAY_MS - 400 - k) * DAY_MS + 3 * 3_600_000);
    const answers = [];
    for (const dateTime of days) answers.push(await post(t, 'recordHealthData', { dateTime, ...goodDay }, token));
    const refused = answers.filter((a) => a.status === 503);
    const saved = answers.filter((a) => a.status === 200);
    // Reads far slower than the target: one of every four gets in, spread evenly (a window may end meanwhile and let in
    // a little more).
    expect(refused.length).toBeGreaterThanOrEqual(12);
    expect(refused.length).toBeLessThanOrEqual(15);
    for (const a of refused) {
      expect(a.body).toEqual({ succeed: false, errorCode: 'serviceUnavailable' });
      expect(a.headers['retry-after']).toBe('5');
    }
    for (const a of saved) expect(a.body.succeed).toBe(true);
    expect((await logsOfMember()) - before).toBe(saved.length);

    // Reads are never held back.
    for (let i = 0; i < 5; i++)
      expect((await t.call('getHealthDataByRange', { fromDateTime: days.at(-1)!, toDateTime: days[0]! }, token)).status).toBe(200);
  });
});

describe('a bound on the writes in flight', () => {
  let bounded: TestApp;
  beforeAll(async () => {
    // The reads' speed holds nothing back here (a target of 0); at most two writes at once.
    bounded = await createTestApp({
      writeAdmission: { readTargetMs: 0, windowMs: WINDOW_MS, minReads: 5, minShare: 0.02, step: 0.05, maxInFlight: 2, readsPerClient: 3 },
    });
  }, 60_000);
  afterAll(async () => bounded?.close());

  it('refuses the writes beyond it at once with 503, saves none of them, and admits writes again once those end', async () => {
    // Sign-ins: their password check runs off the event loop (argon2id), so they are in flight together.
    const signIn = () => post(bounded, 'login', { id: 'member31@example.com', password: 'wellbeing-demo' });
    const sessions = () => rowsOf(bounded, 'sessions', 'member31@example.com');
    const before = await sessions();
    const answers = await Promise.all(Array.from({ length: 8 }, signIn));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((r) => r.status === 503)) {
      expect(a.body).toEqual({ succeed: false, errorCode: 'serviceUnavailable' });
      expect(a.headers['retry-after']).toBe('5');
    }
    expect((await sessions()) - before).toBe(statuses.filter((s) => s === 200).length);
    // Every place was given back: one at a time, all get in.
    for (let i = 0; i < 4; i++) expect((await signIn()).status).toBe(200);
  });
});
