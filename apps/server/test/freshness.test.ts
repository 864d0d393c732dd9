import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './helpers.ts';
import { exited, repoRoot, startServer } from './server-process.ts';

/**
 * Nothing stale (issue 18): two real server processes on one PostgreSQL database with the demo content, each keeping
 * sessions and shared answers (docs/decisions/110). Every answer below is first read (and so kept) on process B; then
 * a write happens on process A or straight in the database, as another process or an operator would make it; the
 * very next call on B must show it. Runs only when TEST_DATABASE_URL names a PostgreSQL server.
 */
let adminUrl = '';
let dbName = '';
let pool: pg.Pool;
const servers: ChildProcess[] = [];
/** The two processes' addresses. */
let A = '';
let B = '';

const dbUrl = () => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
};
async function query<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, params)).rows as T[];
}
async function call(base: string, name: string, body: unknown = {}, token?: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${base}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
async function signIn(base: string, id: string): Promise<string> {
  const { body } = await call(base, 'login', { id, password: 'wellbeing-demo' });
  if (!body.succeed) throw new Error(`login ${id}: ${body.errorCode}`);
  return body.token as string;
}
/** Reads twice on B, so the answer is certainly kept there before the write. */
async function readTwice(name: string, body: unknown, token?: string) {
  await call(B, name, body, token);
  return call(B, name, body, token);
}
const iso = (ms: number) => new Date(ms).toISOString();

describe.skipIf(!onPostgres)('kept answers across two server processes (PostgreSQL)', () => {
  beforeAll(async () => {
    adminUrl = process.env.TEST_DATABASE_URL!;
    dbName = `hibi_fresh_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: dbUrl(), max: 2 });
    // pool.end() resolves before its sockets have closed, and the DROP DATABASE ... WITH (FORCE) after it may end one
    // still closing: pg then emits 'error' on the pool, thrown as an uncaught exception without a listener.
    pool.on('error', () => {});
    pool.on('error', () => {});
    const env = {
      DATABASE_URL: dbUrl(),
      DEMO_CONTENT: 'true',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
      WEB_DIST_DIR: path.join(repoRoot, '.tmp', 'no-web'),
    };
    // The first process migrates and loads the demo content; the second starts on the finished database.
    for (const from of [5600, 5900]) {
      const started = await startServer(env, { from, timeoutMs: 240_000 });
      servers.push(started.child);
      if (A) B = started.base;
      else A = started.base;
    }
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map(exited));
    await pool?.end();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  it('shows a reservation made on the other process in the next guest list', async () => {
    const now = Date.now();
    const [event] = await query<{ id: number }>(
      `INSERT INTO events (title_ja, start_at, end_at, published_at) VALUES ('鮮度テスト', $1, $2, $3) RETURNING id`,
      [iso(now + 20 * 86_400_000), iso(now + 20 * 86_400_000 + 3_600_000), iso(now - 86_400_000)],
    );
    const [session] = await query<{ id: number }>(
      `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
       VALUES ($1, '本編', $2, $3, 1, 1, $4, $5) RETURNING id`,
      [event!.id, iso(now + 20 * 86_400_000), iso(now + 20 * 86_400_000 + 3_600_000), iso(now - 86_400_000), iso(now + 10 * 86_400_000)],
    );
    const status = async () => (await readTwice('getEventByID', { eventID: event!.id })).body.event.reserveStatus.status.name;
    expect(await status()).toBe('available');
    const token = await signIn(A, 'member05@example.com');
    const mine = async () => (await call(B, 'getEventByID', { eventID: event!.id }, token)).body.event;
    await readTwice('getEventByID', { eventID: event!.id }, token);
    expect((await mine()).sessions[0].button.kind).toBe('reserve');
    expect((await call(A, 'reserveEvent', { eventID: event!.id, sessionID: session!.id, body: [] }, token)).body.succeed).toBe(true);
    expect((await call(B, 'getEventByID', { eventID: event!.id })).body.event.reserveStatus.status.name).toBe('full');
    // The member's own copy on B: their seat, the cancel button, the seat count.
    const after = await mine();
    expect(after.isReserved).toBe(true);
    expect(after.sessions[0]).toMatchObject({ reservedCount: 1, button: { kind: 'cancel' }, participant: { reservationID: expect.any(Number) } });
  });

  it('shows an edit made in the database (as the console makes it) in the next call', async () => {
    const first = (await readTwice('getAnnouncements', { offset: 0, perPage: 10 })).body.announcements[0];
    await query(`UPDATE announcements SET title_ja = '編集後のお知らせ' WHERE id = $1`, [first.id]);
    expect((await call(B, 'getAnnouncements', { offset: 0, perPage: 10 })).body.announcements[0].title).toBe('編集後のお知らせ');
  });

  it('shows an announcement once its publish time passes, without any write', async () => {
    const at = Date.now() + 2500;
    const [row] = await query<{ id: number }>(`INSERT INTO announcements (title_ja, from_at) VALUES ('予約投稿', $1) RETURNING id`, [iso(at)]);
    const ids = async () => (await call(B, 'getAnnouncements', { offset: 0, perPage: 50 })).body.announcements.map((a: { id: number }) => a.id);
    await readTwice('getAnnouncements', { offset: 0, perPage: 50 });
    expect(await ids()).not.toContain(row!.id);
    // Waits for the clock only, then asks once: the kept list must have ended at the publish time.
    while (Date.now() <= at) await new Promise((r) => setTimeout(r, at - Date.now() + 5));
    expect(await ids()).toContain(row!.id);
  });

  it('refuses a session signed out on the other process at the next call', async () => {
    const token = await signIn(A, 'member06@example.com');
    expect((await readTwice('getMyProfile', {}, token)).status).toBe(200);
    expect((await call(A, 'logout', {}, token)).body.succeed).toBe(true);
    expect((await call(B, 'getMyProfile', {}, token)).status).toBe(401);
  });

  it('refuses a member whose sessions an operator ended or whose account left its tenant, at the next call', async () => {
    const ended = await signIn(A, 'member07@example.com');
    expect((await readTwice('getMyProfile', {}, ended)).status).toBe(200);
    await query(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'member07@example.com')`);
    expect((await call(B, 'getMyProfile', {}, ended)).status).toBe(401);

    const deactivated = await signIn(A, 'member08@example.com');
    expect((await readTwice('getMyProfile', {}, deactivated)).status).toBe(200);
    await query(`UPDATE users SET tenant_id = NULL WHERE email = 'member08@example.com'`);
    expect((await call(B, 'getMyProfile', {}, deactivated)).status).toBe(401);
  });

  it("follows a change of the member's company contract at the next call", async () => {
    const token = await signIn(A, 'member@example.com');
    const hidden = new Set((await query<{ id: number }>(`SELECT id FROM report_articles WHERE contract_only`)).map((r) => r.id));
    expect(hidden.size).toBeGreaterThan(0);
    const ids = (body: Record<string, any>) => body.reportArticles.map((a: { id: number }) => a.id) as number[];
    const before = ids((await readTwice('getNewArrivalReportArticles', { offset: 0, perPage: 50 }, token)).body);
    expect(before.some((id) => hidden.has(id))).toBe(true);
    await query(`UPDATE tenants SET corporate_contract = false WHERE id = (SELECT tenant_id FROM users WHERE email = 'member@example.com')`);
    const after = ids((await call(B, 'getNewArrivalReportArticles', { offset: 0, perPage: 50 }, token)).body);
    expect(after.some((id) => hidden.has(id))).toBe(false);
  });

  it('refuses a member an operator deactivated (the mark alone, sessions kept) at the next call (issue 16, decision 129)', async () => {
    const token = await signIn(A, 'member09@example.com');
    expect((await readTwice('getMyProfile', {}, token)).status).toBe(200);
    await query(`UPDATE users SET deactivated_at = now() WHERE email = 'member09@example.com'`);
    expect((await call(B, 'getMyProfile', {}, token)).status).toBe(401);
    expect((await call(A, 'login', { id: 'member09@example.com', password: 'wellbeing-demo' })).body).toMatchObject({ errorCode: 'notTenantUser' });
  });

  // Members' own answers and marks (decision 138): kept per member, renewed by their own rows.
  it("shows a member's own health data, profile and marks written on the other process in their next call", async () => {
    const token = await signIn(A, 'member11@example.com');
    const [me] = await query<{ id: number }>(`SELECT id FROM users WHERE email = 'member11@example.com'`);
    const now = Date.now();
    const range = { fromDateTime: now - 6 * 86_400_000, toDateTime: now, needsWeight: true, needsWeeklyAverage: true };
    const weightOf = async () => (await call(B, 'getHealthDataByRange', range, token)).body.healthData as { weight?: number | null }[];
    expect((await readTwice('getHealthDataByRange', range, token)).body.succeed).toBe(true);
    expect((await weightOf()).some((d) => d.weight === 61.5)).toBe(false);
    // As the mobile app's upload lands on the other process (or a fix is made in psql): today's log.
    await query(
      `INSERT INTO health_logs (user_id, day, weight) VALUES ($1, (now() AT TIME ZONE 'Asia/Tokyo')::date, 61.5)
       ON CONFLICT (user_id, day) DO UPDATE SET weight = EXCLUDED.weight`,
      [me!.id],
    );
    expect((await weightOf()).some((d) => d.weight === 61.5)).toBe(true);

    await readTwice('getMyProfile', {}, token);
    expect((await call(A, 'updateProfile', { displayName: '鮮度さん' }, token)).body.succeed).toBe(true);
    expect((await call(B, 'getMyProfile', {}, token)).body.profile.nickname).toBe('鮮度さん');

    const list = { offset: 0, perPage: 50 };
    const firstEvent = (await readTwice('getEvents', { offset: 0, perPage: 9, scheduleType: 1 }, token)).body.events[0];
    expect(firstEvent.isFavorited).toBe(false);
    expect((await call(A, 'favoriteContent', { relType: 'Events', relObjectID: firstEvent.id, favorite: true }, token)).body.succeed).toBe(true);
    const again = (await call(B, 'getEvents', { offset: 0, perPage: 9, scheduleType: 1 }, token)).body.events;
    expect(again.find((e: { id: number }) => e.id === firstEvent.id).isFavorited).toBe(true);

    const unread = (await readTwice('getAnnouncements', list, token)).body.announcements.find((a: { isRead: boolean }) => !a.isRead);
    expect(unread).toBeDefined();
    await query(`INSERT INTO announcement_reads (announcement_id, user_id, read_at) VALUES ($1, $2, now())`, [unread.id, me!.id]);
    const marked = (await call(B, 'getAnnouncements', list, token)).body.announcements.find((a: { id: number }) => a.id === unread.id);
    expect(marked.isRead).toBe(true);
  });

  it("moves a member's walking rank when another member's steps change, at the next call", async () => {
    const token = await signIn(A, 'member12@example.com');
    const payload = { timestamp: Date.now(), filterbyTenant: false };
    const first = (await readTwice('getWalkingProgramRank', payload, token)).body;
    expect(first.succeed).toBe(true);
    const leader = first.ranking[0];
    // Someone else walks past the leader this week.
    const [other] = await query<{ id: number; tenant_id: number }>(`SELECT id, tenant_id FROM users WHERE email = 'member13@example.com'`);
    await query(
      `INSERT INTO weekly_steps (user_id, tenant_id, week_start, total_steps, days, avg_steps)
       VALUES ($1, $2, date_trunc('week', (now() AT TIME ZONE 'Asia/Tokyo'))::date, $3 * 7, 7, $3)
       ON CONFLICT (user_id, week_start) DO UPDATE SET avg_steps = EXCLUDED.avg_steps, total_steps = EXCLUDED.total_steps`,
      [other!.id, other!.tenant_id, Number(leader.averageSteps) + 1000],
    );
    const next = (await call(B, 'getWalkingProgramRank', payload, token)).body;
    expect(next.ranking[0].averageSteps).toBe(Number(leader.averageSteps) + 1000);
  });

  it("moves a member's weekly rank among their company (step statistics) when a colleague's steps change, at the next call", async () => {
    const token = await signIn(A, 'member14@example.com');
    const [me] = await query<{ id: number; tenant_id: number }>(`SELECT id, tenant_id FROM users WHERE email = 'member14@example.com'`);
    const [colleague] = await query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND id <> $2 ORDER BY id LIMIT 1`, [
      me!.tenant_id,
      me!.id,
    ]);
    const week = async (userId: number, avg: number) =>
      query(
        `INSERT INTO weekly_steps (user_id, tenant_id, week_start, total_steps, days, avg_steps)
         VALUES ($1, $2, date_trunc('week', (now() AT TIME ZONE 'Asia/Tokyo'))::date, $3 * 7, 7, $3)
         ON CONFLICT (user_id, week_start) DO UPDATE SET avg_steps = EXCLUDED.avg_steps, total_steps = EXCLUDED.total_steps`,
        [userId, me!.tenant_id, avg],
      );
    await week(me!.id, 5000);
    await week(colleague!.id, 0);
    const now = Date.now();
    const range = { fromDateTime: now, toDateTime: now, needsWeeklyAverage: true, needsStepStatistics: true };
    const rank = async () => (await call(B, 'getHealthDataByRange', range, token)).body.weeklyStepsData.at(-1).stepStatistics.rank as number;
    await readTwice('getHealthDataByRange', range, token);
    const before = await rank();
    // The colleague walks past the member: one place down.
    await week(colleague!.id, 9000);
    expect(await rank()).toBe(before + 1);
  });

  // Last: it raises the terms version every member of this database must then accept.
  it('asks for the new terms at the next call on the other process once the console publishes them (decision 123)', async () => {
    const token = await signIn(A, 'member10@example.com');
    expect((await readTwice('getMyProfile', {}, token)).status).toBe(200);
    const [current] = await query<{ v: number }>(`SELECT COALESCE((SELECT (value #>> '{}')::int FROM config WHERE key = 'termsVersion'), 1) AS v`);
    // As publishTermsVersion raises it on process A.
    await query(`INSERT INTO config (key, value) VALUES ('termsVersion', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
      JSON.stringify(current!.v + 1),
    ]);
    const answer = await call(B, 'getMyProfile', {}, token);
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe('termsNotAccepted');
  });
});
