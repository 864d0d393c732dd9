import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/helpers.ts';
import { startServer } from '../../../test/server-process.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * Capacity under load (issue 4, docs/decisions/021-reservation-concurrency.md): two real server processes on one
 * fresh PostgreSQL database; 120 distinct users fire reserveEvent at the same moment for the last 20 seats,
 * split over both processes; then 25 users each fire two reservations into two sessions of one event at once.
 * Runs only when TEST_DATABASE_URL names a PostgreSQL server (PGlite runs one query at a time).
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const PASSWORD = 'concurrency-test-pw';
const CAPACITY = 60;
const ALREADY_BOOKED = 40;
const RACERS = 120;
const DOUBLE_USERS = 25;
/** The waiting-list storm (issue 19): 200 members, 40 seats held, 160 in line, 30 holders cancel and 15 waiters leave at once. */
const WAIT_CAPACITY = 40;
const WAIT_USERS = 200;
const WAIT_CANCELS = 30;
const WAIT_LEAVES = 15;

let adminUrl = '';
let dbName = '';
let database: Database;
const servers: ChildProcess[] = [];
/** The two processes' addresses. */
const bases: string[] = [];

async function post(base: string, name: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

let pool: pg.Pool;
async function query<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, params)).rows as T[];
}
const dbUrl = () => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
};

/** Signs users in, a few at a time (argon2id is slow on purpose), alternating between the two processes. */
async function signIn(emails: string[]): Promise<string[]> {
  const tokens: string[] = new Array(emails.length);
  for (let i = 0; i < emails.length; i += 12) {
    await Promise.all(
      emails.slice(i, i + 12).map(async (email, j) => {
        const body = await post(bases[(i + j) % 2]!, 'login', { id: email, password: PASSWORD });
        if (!body.succeed) throw new Error(`login ${email}: ${body.errorCode}`);
        tokens[i + j] = body.token as string;
      }),
    );
  }
  return tokens;
}

let eventA = 0;
let sessionA = 0;
let eventB = 0;
let sessionsB: number[] = [];

describe.skipIf(!onPostgres)('reservation capacity under concurrent load (two server processes, PostgreSQL)', () => {
  beforeAll(async () => {
    adminUrl = process.env.TEST_DATABASE_URL!;
    dbName = `hibi_conc_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    database = await openPostgres(dbUrl(), 2);
    await migrate(database);
    await database.close();
    pool = new pg.Pool({ connectionString: dbUrl(), max: 2 });
    // pool.end() resolves before its sockets have closed, and the DROP DATABASE ... WITH (FORCE) after it may end one
    // still closing: pg then emits 'error' on the pool, thrown as an uncaught exception without a listener.
    pool.on('error', () => {});

    const hash = await hashPassword(PASSWORD);
    const [tenant] = await query<{ id: number }>(
      `INSERT INTO tenants (name_ja, contract_type, corporate_contract) VALUES ('負荷テスト株式会社', 1, true) RETURNING id`,
    );
    const total = ALREADY_BOOKED + RACERS + DOUBLE_USERS + WAIT_USERS;
    const users = await query<{ id: number }>(
      `INSERT INTO users (tenant_id, email, password_hash, nickname, accepted_terms_version)
       SELECT $1, 'load' || n || '@example.com', $2, 'load' || n, 2 FROM generate_series(1, $3) AS n RETURNING id`,
      [tenant!.id, hash, total],
    );
    expect(users).toHaveLength(total);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    eventA = (
      await query<{ id: number }>(
        `INSERT INTO events (title_ja, title_en, start_at, end_at, published_at) VALUES ('負荷テスト', 'Load test', $1, $2, $3) RETURNING id`,
        [iso(now + 10 * 86_400_000), iso(now + 10 * 86_400_000 + 3_600_000), iso(now - 86_400_000)],
      )
    )[0]!.id;
    sessionA = (
      await query<{ id: number }>(
        `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
       VALUES ($1, '本編', $2, $3, $4, 1, $5, $6) RETURNING id`,
        [eventA, iso(now + 10 * 86_400_000), iso(now + 10 * 86_400_000 + 3_600_000), CAPACITY, iso(now - 86_400_000), iso(now + 5 * 86_400_000)],
      )
    )[0]!.id;
    // The first 40 seats are taken already: the race is for the last 20.
    await query(`INSERT INTO event_reservations (event_id, session_id, user_id) SELECT $1, $2, id FROM users WHERE email = ANY($3::text[])`, [
      eventA,
      sessionA,
      Array.from({ length: ALREADY_BOOKED }, (_, i) => `load${i + 1}@example.com`),
    ]);
    await query(`UPDATE event_sessions SET reserved_count = $1 WHERE id = $2`, [ALREADY_BOOKED, sessionA]);
    eventB = (
      await query<{ id: number }>(
        `INSERT INTO events (title_ja, start_at, end_at, published_at) VALUES ('二重予約テスト', $1, $2, $3) RETURNING id`,
        [iso(now + 12 * 86_400_000), iso(now + 12 * 86_400_000 + 7_200_000), iso(now - 86_400_000)],
      )
    )[0]!.id;
    sessionsB = (
      await query<{ id: number }>(
        `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at, sort)
         VALUES ($1, '午前', $2, $3, 500, 1, $4, $5, 0), ($1, '午後', $2, $3, 500, 1, $4, $5, 1) RETURNING id`,
        [eventB, iso(now + 12 * 86_400_000), iso(now + 12 * 86_400_000 + 3_600_000), iso(now - 86_400_000), iso(now + 5 * 86_400_000)],
      )
    ).map((r) => r.id);

    for (const from of [4300, 4600]) {
      const started = await startServer(
        {
          DATABASE_URL: dbUrl(),
          DEMO_CONTENT: 'false',
          LOGIN_LIMIT_PER_ADDRESS: '100000',
          // What is tested is the seats' accounting under contention, not load shedding (test/faults.test.ts): on a
          // busy 2-core machine the storm's calls may wait longer for a connection than the default bounds allow.
          DATABASE_ACQUIRE_TIMEOUT_MS: '60000',
          DATABASE_STATEMENT_TIMEOUT_MS: '120000',
          DATABASE_LOCK_TIMEOUT_MS: '120000',
          WEB_DIST_DIR: path.join(root, '.tmp', 'no-web'),
        },
        { from, timeoutMs: 100_000 },
      );
      servers.push(started.child);
      bases.push(started.base);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.exitCode !== null) return resolve();
            s.once('exit', () => resolve());
            s.kill('SIGTERM');
          }),
      ),
    );
    await pool?.end();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  it(`books exactly the last ${CAPACITY - ALREADY_BOOKED} seats when ${RACERS} users reserve at once through two processes`, async () => {
    const emails = Array.from({ length: RACERS }, (_, i) => `load${ALREADY_BOOKED + i + 1}@example.com`);
    const tokens = await signIn(emails);
    const results = await Promise.all(
      tokens.map((token, i) => post(bases[i % 2]!, 'reserveEvent', { eventID: eventA, sessionID: sessionA, body: [] }, token)),
    );
    const succeeded = results.filter((r) => r.succeed).length;
    const codes: Record<string, number> = {};
    for (const r of results) if (!r.succeed) codes[r.errorCode] = (codes[r.errorCode] ?? 0) + 1;
    const [rowsNow] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM event_reservations WHERE session_id = $1 AND cancelled_at IS NULL`, [
      sessionA,
    ]);
    const [session] = await query<{ reserved_count: number; capacity: number }>(`SELECT reserved_count, capacity FROM event_sessions WHERE id = $1`, [
      sessionA,
    ]);
    console.log(
      `[events concurrency] ${RACERS} simultaneous reserveEvent calls over 2 processes for ${CAPACITY - ALREADY_BOOKED} last seats ` +
        `(capacity ${CAPACITY}, ${ALREADY_BOOKED} booked before): succeeded=${succeeded}, failures=${JSON.stringify(codes)}, ` +
        `active reservation rows=${rowsNow!.n}, reserved_count=${session!.reserved_count}`,
    );
    expect(succeeded).toBe(CAPACITY - ALREADY_BOOKED);
    expect(codes).toEqual({ reservationCapacityOver: RACERS - (CAPACITY - ALREADY_BOOKED) });
    expect(rowsNow!.n).toBe(CAPACITY);
    expect(session!.reserved_count).toBe(CAPACITY);
  }, 240_000);

  it(`lets each of ${DOUBLE_USERS} users hold one reservation when they fire two at once into two sessions of one event`, async () => {
    const emails = Array.from({ length: DOUBLE_USERS }, (_, i) => `load${ALREADY_BOOKED + RACERS + i + 1}@example.com`);
    const tokens = await signIn(emails);
    const results = await Promise.all(
      tokens.flatMap((token) => [
        post(bases[0]!, 'reserveEvent', { eventID: eventB, sessionID: sessionsB[0], body: [] }, token),
        post(bases[1]!, 'reserveEvent', { eventID: eventB, sessionID: sessionsB[1], body: [] }, token),
      ]),
    );
    const perUser = tokens.map((_, i) => [results[2 * i]!, results[2 * i + 1]!]);
    const oneEach = perUser.filter((pair) => pair.filter((r) => r.succeed).length === 1).length;
    const codes: Record<string, number> = {};
    for (const r of results) if (!r.succeed) codes[r.errorCode] = (codes[r.errorCode] ?? 0) + 1;
    const [counts] = await query<{ rows: number; users: number; max_per_user: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT user_id)::int AS users,
              COALESCE(max(c), 0)::int AS max_per_user FROM (SELECT user_id, count(*) OVER (PARTITION BY user_id) AS c FROM event_reservations
              WHERE event_id = $1 AND cancelled_at IS NULL) x`,
      [eventB],
    );
    const sessionCounts = await query<{ id: number; reserved_count: number; n: number }>(
      `SELECT s.id, s.reserved_count, (SELECT count(*)::int FROM event_reservations r WHERE r.session_id = s.id AND r.cancelled_at IS NULL) AS n
       FROM event_sessions s WHERE s.event_id = $1 ORDER BY s.id`,
      [eventB],
    );
    console.log(
      `[events concurrency] ${DOUBLE_USERS} users x 2 simultaneous reservations into 2 sessions of one event: ` +
        `users with exactly one success=${oneEach}, failures=${JSON.stringify(codes)}, active rows=${counts!.rows}, ` +
        `distinct users=${counts!.users}, max rows per user=${counts!.max_per_user}, ` +
        `sessions=${JSON.stringify(sessionCounts.map((s) => ({ reserved_count: s.reserved_count, rows: s.n })))}`,
    );
    expect(oneEach).toBe(DOUBLE_USERS);
    expect(codes).toEqual({ reservedAnotherSession: DOUBLE_USERS });
    expect(counts).toEqual({ rows: DOUBLE_USERS, users: DOUBLE_USERS, max_per_user: 1 });
    for (const s of sessionCounts) expect(s.reserved_count).toBe(s.n);
  }, 240_000);

  it(`${WAIT_USERS} members, ${WAIT_CAPACITY} seats: joins, cancellations and leaves at once never oversell, promote nobody twice and keep the order`, async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const [event] = await query<{ id: number }>(
      `INSERT INTO events (title_ja, title_en, start_at, end_at, published_at) VALUES ('待ちリスト', 'Waiting storm', $1, $2, $3) RETURNING id`,
      [iso(now + 14 * 86_400_000), iso(now + 14 * 86_400_000 + 3_600_000), iso(now - 86_400_000)],
    );
    const [session] = await query<{ id: number }>(
      `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
       VALUES ($1, '本編', $2, $3, $4, 1, $5, $6) RETURNING id`,
      [
        event!.id,
        iso(now + 14 * 86_400_000),
        iso(now + 14 * 86_400_000 + 3_600_000),
        WAIT_CAPACITY,
        iso(now - 86_400_000),
        iso(now + 7 * 86_400_000),
      ],
    );
    const eventID = event!.id;
    const sessionID = session!.id;
    const first = ALREADY_BOOKED + RACERS + DOUBLE_USERS + 1;
    const users = await query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email = ANY($1::text[]) ORDER BY id`, [
      Array.from({ length: WAIT_USERS }, (_, i) => `load${first + i}@example.com`),
    ]);
    expect(users).toHaveLength(WAIT_USERS);
    // Sessions straight into the table (200 argon2 sign-ins would only test argon2).
    const tokens = users.map(() => crypto.randomBytes(32).toString('base64url'));
    await query(`INSERT INTO sessions (user_id, token_hash, expires_at) SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[])`, [
      users.map((u) => u.id),
      tokens.map(hashToken),
      users.map(() => iso(now + 86_400_000)),
    ]);
    const holders = tokens.slice(0, WAIT_CAPACITY);
    const waiters = tokens.slice(WAIT_CAPACITY);
    const booked = await Promise.all(holders.map((token, i) => post(bases[i % 2]!, 'reserveEvent', { eventID, sessionID, body: [] }, token)));
    expect(booked.every((r) => r.succeed)).toBe(true);
    // The line forms in two waves; the second races the cancellations and the leaves.
    const firstWave = waiters.slice(0, 80);
    const secondWave = waiters.slice(80);
    const joined = await Promise.all(firstWave.map((token, i) => post(bases[i % 2]!, 'joinWaitingList', { eventID, sessionID, body: [] }, token)));
    expect(joined.every((r) => r.succeed)).toBe(true);
    expect(joined.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    const storm = await Promise.all([
      ...secondWave.map(async (token, i) => {
        const r = await post(bases[i % 2]!, 'joinWaitingList', { eventID, sessionID, body: [] }, token);
        // A seat freed with nobody in line: book it, as the page would.
        return r.succeed || r.errorCode !== 'seatsAvailable' ? r : post(bases[i % 2]!, 'reserveEvent', { eventID, sessionID, body: [] }, token);
      }),
      ...holders.slice(0, WAIT_CANCELS).map((token, i) => post(bases[(i + 1) % 2]!, 'cancelEventReservation', { eventID, sessionID }, token)),
      ...firstWave.slice(40, 40 + WAIT_LEAVES).map((token, i) => post(bases[i % 2]!, 'leaveWaitingList', { eventID, sessionID }, token)),
    ]);
    const failures: Record<string, number> = {};
    for (const r of storm) if (!r.succeed) failures[r.errorCode] = (failures[r.errorCode] ?? 0) + 1;

    const [seats] = await query<{ reserved_count: number; rows: number; users: number }>(
      `SELECT s.reserved_count, (SELECT count(*)::int FROM event_reservations r WHERE r.session_id = s.id AND r.cancelled_at IS NULL) AS rows,
              (SELECT count(DISTINCT user_id)::int FROM event_reservations r WHERE r.session_id = s.id AND r.cancelled_at IS NULL) AS users
       FROM event_sessions s WHERE s.id = $1`,
      [sessionID],
    );
    const promoted = await query<{ user_id: number; promoted_from: number }>(
      `SELECT user_id, promoted_from FROM event_reservations WHERE session_id = $1 AND promoted_from IS NOT NULL ORDER BY promoted_from`,
      [sessionID],
    );
    const waiting = await query<{ id: number; user_id: number }>(`SELECT id, user_id FROM event_waiting_list WHERE session_id = $1 ORDER BY id`, [
      sessionID,
    ]);
    const [mails] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'seatPromoted' AND to_address = ANY($1::text[])`,
      [users.map((u) => u.email)],
    );
    const waitingAndHolding = await query(
      `SELECT w.user_id FROM event_waiting_list w JOIN event_reservations r ON r.user_id = w.user_id AND r.event_id = w.event_id AND r.cancelled_at IS NULL WHERE w.event_id = $1`,
      [eventID],
    );
    console.log(
      `[events concurrency] waiting-list storm over 2 processes: ${secondWave.length} joins, ${WAIT_CANCELS} cancellations and ` +
        `${WAIT_LEAVES} leaves at once (capacity ${WAIT_CAPACITY}): failures=${JSON.stringify(failures)}, seats=${JSON.stringify(seats)}, ` +
        `promoted=${promoted.length}, still waiting=${waiting.length}, promotion mails=${mails!.n}`,
    );
    // Never oversold, and the count matches the rows.
    expect(seats!.rows).toBe(seats!.reserved_count);
    expect(seats!.rows).toBeLessThanOrEqual(WAIT_CAPACITY);
    // More waited than cancelled: every freed seat was taken again.
    expect(seats!.rows).toBe(WAIT_CAPACITY);
    expect(seats!.users).toBe(WAIT_CAPACITY);
    // Nobody promoted twice; one mail per promotion; nobody both waiting and holding a seat.
    expect(new Set(promoted.map((p) => p.user_id)).size).toBe(promoted.length);
    expect(new Set(promoted.map((p) => p.promoted_from)).size).toBe(promoted.length);
    expect(mails!.n).toBe(promoted.length);
    expect(waitingAndHolding).toEqual([]);
    // First come, first served: every promoted place was ahead of every place still waiting.
    if (promoted.length > 0 && waiting.length > 0) expect(promoted.at(-1)!.promoted_from).toBeLessThan(waiting[0]!.id);
    expect(Object.keys(failures).filter((c) => c !== 'notWaiting')).toEqual([]);
  }, 240_000);
});
