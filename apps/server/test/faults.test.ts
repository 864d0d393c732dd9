import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createMember, createTenant, type MemberFixture } from './fixtures.ts';
import { onPostgres } from './helpers.ts';
import { canStartPrivateCluster, PrivateCluster, Relay } from './private-cluster.ts';
import { exited, repoRoot, startServer } from './server-process.ts';
import { smtpPeer } from './smtp-peer.ts';

/**
 * Reliability under faults (issue 31, decision 145): one real server process on a PostgreSQL cluster of this test's own
 * (initdb and pg_ctl in a temporary folder, never the machine's shared cluster), reached through a TCP relay the test
 * can cut. The database crashes under load, one table stalls behind a lock, the network drops: calls answer 503
 * `serviceUnavailable` (never 500), nothing acknowledged is lost, /readyz follows, the change feed comes back, no kept
 * answer is stale, and the mail sender, whose passes failed while the database was away, sends again (to a real SMTP
 * peer). Runs where CI runs the PostgreSQL suites (TEST_DATABASE_URL set) and the binaries exist.
 */
const CLIENTS = 20;
const DAY_MS = 86_400_000;
/** Generous bounds only (a busy machine): the server's own are 3 s to acquire a connection and 3 s for a lock. */
const STALLED_WRITE_BOUND_MS = 12_000;

let cluster: PrivateCluster;
let relay: Relay;
let database: Database;
let server: ChildProcess | null = null;
let base = '';
let members: MemberFixture[] = [];
let peer: ReturnType<typeof smtpPeer> | null = null;

interface Answer {
  status: number;
  body: Record<string, any> | null;
  retryAfter: string | null;
  ms: number;
}

/** One call; status 0 when no answer came at all (the process died or hung past 20 s). */
async function post(name: string, payload: unknown = {}, token?: string): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json().catch(() => null)) as Record<string, any> | null;
    return { status: res.status, body, retryAfter: res.headers.get('retry-after'), ms: performance.now() - t0 };
  } catch {
    return { status: 0, body: null, retryAfter: null, ms: performance.now() - t0 };
  }
}

async function readyz(): Promise<number> {
  try {
    return (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Midnight in Asia/Tokyo, `daysAgo` days before today, as epoch ms. */
function tokyoDay(daysAgo: number): number {
  const nine = 9 * 3_600_000;
  return Math.floor((Date.now() + nine) / DAY_MS) * DAY_MS - nine - daysAgo * DAY_MS;
}
const tokyoDate = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);

function dayRecord(dateTime: number, weight: number) {
  return { dateTime, weight, exercise: 1, breakfast: 1, nightMeal: 2, overeating: 1, overdrinking: 1, sleepness: 2, feeling: 1 };
}

/** A connection straight to the cluster (not through the relay): what another process or an operator does. */
async function direct<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.url('hibi') });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function termsVersion(): Promise<number> {
  return direct(async (c) => Number((await c.query(`SELECT value #>> '{}' AS v FROM config WHERE key = 'termsVersion'`)).rows[0]?.v ?? 1));
}
async function setTermsVersion(version: number): Promise<void> {
  await direct((c) =>
    c.query(`INSERT INTO config (key, value) VALUES ('termsVersion', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
      JSON.stringify(version),
    ]),
  );
}

/**
 * Whether getConfig is answered from the kept answer: with the config table locked, a call that needed the database
 * would wait for the lock and answer 503; a kept answer needs only the change feed's ping. So a 200 here means the
 * change feed is live and the answer was kept, whatever the timing.
 */
async function getConfigServedWithoutDatabase(): Promise<Answer> {
  await post('getConfig');
  await post('getConfig');
  return direct(async (c) => {
    await c.query('BEGIN');
    await c.query('LOCK TABLE config IN ACCESS EXCLUSIVE MODE');
    try {
      return await post('getConfig');
    } finally {
      await c.query('ROLLBACK');
    }
  });
}

/** Until the change feed is back (or `timeoutMs`): true once getConfig is served without the database again. */
async function waitForKeptAnswers(timeoutMs = 30_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await getConfigServedWithoutDatabase()).status === 200) return true;
    await sleep(300);
  }
  return false;
}

describe.skipIf(!onPostgres || !canStartPrivateCluster())('reliability under database faults (a private PostgreSQL cluster)', () => {
  beforeAll(async () => {
    cluster = await PrivateCluster.create();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE hibi');
    await admin.end();
    database = await openPostgres(cluster.url('hibi'), 3);
    await migrate(database);
    // Members who accepted a far later terms version: the test raises the version without sending them to the terms page.
    const tenantId = await createTenant(database.db);
    members = [];
    for (let i = 0; i < CLIENTS; i++) members.push(await createMember(database.db, { tenantId, acceptedTermsVersion: 1000 }));
    await setTermsVersion(2);

    relay = await Relay.start(cluster.port);
    peer = smtpPeer();
    const smtpPort = await peer.listen();
    ({ child: server, base } = await startServer(
      {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${relay.port}/hibi`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DEMO_CONTENT: 'false',
        // Its whole load comes from one address: the per-address limit of reads without a session is off here, as in
        // the soak (decision 174), so every answer is the database's 200 or 503.
        ANONYMOUS_READ_LIMIT_PER_ADDRESS: '0',
        WEB_DIST_DIR: path.join(repoRoot, '.tmp', 'no-web'),
      },
      { from: 4900 },
    ));
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await database?.close().catch(() => {});
    await relay?.close().catch(() => {});
    await peer?.close();
    await cluster?.destroy();
  }, 60_000);

  it('answers 503 (never 500) while PostgreSQL is down under load, loses nothing acknowledged, and recovers by itself, mail included', async () => {
    expect(await waitForKeptAnswers()).toBe(true);
    const answers: (Answer & { fn: string })[] = [];
    const acks: { user: number; day: number; weight: number }[] = [];
    const ready: number[] = [];
    let stop = false;
    let day = 0;

    const clients = members.map(async (m, i) => {
      while (!stop) {
        const dateTime = tokyoDay(1 + (day++ % 3000));
        const weight = 50 + (i % 40) + (day % 10) / 10;
        const write = await post('recordHealthData', dayRecord(dateTime, weight), m.token);
        answers.push({ ...write, fn: 'recordHealthData' });
        if (write.status === 200 && write.body?.succeed === true) acks.push({ user: m.id, day: dateTime, weight });
        const read = await post(
          i % 2 ? 'getConfig' : 'getHealthDataByRange',
          i % 2 ? {} : { fromDateTime: tokyoDay(7), toDateTime: tokyoDay(1), needsWeight: true },
          m.token,
        );
        answers.push({ ...read, fn: i % 2 ? 'getConfig' : 'getHealthDataByRange' });
        if (write.status !== 200) await sleep(200);
      }
    });
    const watcher = (async () => {
      while (!stop) {
        ready.push(await readyz());
        await sleep(200);
      }
    })();

    await sleep(1500);
    await cluster.crash();
    await sleep(4000);
    await cluster.start();
    const until = Date.now() + 60_000;
    while (Date.now() < until && (await readyz()) !== 200) await sleep(200);
    await sleep(2000);
    stop = true;
    await Promise.all([...clients, watcher]);
    // Ready once the load is gone (under load on a busy machine /readyz may shed too: it uses the same pool).
    let readyAfter = 0;
    for (const end = Date.now() + 30_000; Date.now() < end && readyAfter !== 200; await sleep(200)) readyAfter = await readyz();

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    console.log(
      `[faults] crash under load: ${answers.length} calls, by status ${JSON.stringify(Object.fromEntries(byStatus))}, ${acks.length} writes acknowledged`,
    );
    // Every call got an answer: 200 or 503 serviceUnavailable with a Retry-After, never a 500 nor silence.
    expect([...byStatus.keys()].sort()).toEqual([200, 503]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.body).toEqual({ succeed: false, errorCode: 'serviceUnavailable' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    for (const a of answers.filter((x) => x.status === 200 && x.fn === 'recordHealthData')) expect(a.body?.succeed).toBe(true);
    // /readyz: 200, then 503 while down, then 200 again.
    const firstDown = ready.indexOf(503);
    expect(firstDown).toBeGreaterThan(-1);
    expect(ready.slice(firstDown).includes(200)).toBe(true);
    expect(readyAfter).toBe(200);

    // Nothing acknowledged is lost.
    const rows = await direct(
      async (c) =>
        (
          await c.query<{ user_id: number; day: string; weight: string }>(
            `SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, weight FROM health_logs`,
          )
        ).rows,
    );
    const stored = new Map(rows.map((r) => [`${r.user_id}:${r.day}`, Number(r.weight)]));
    const lost = acks.filter((a) => stored.get(`${a.user}:${tokyoDate(a.day)}`) !== a.weight);
    expect(acks.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);

    // The change feed is back (answers are kept again), and a kept answer follows a write made since.
    expect(await waitForKeptAnswers()).toBe(true);
    const next = (await termsVersion()) + 1;
    await setTermsVersion(next);
    expect((await post('getConfig')).body).toEqual({ succeed: true, termsVersion: next });

    // The mail loop went on through the passes that failed while the database was away: a mail that another process
    // writes to the outbox now is sent by this one, and marked sent.
    const to = `after-the-crash-${crypto.randomUUID()}@example.test`;
    const mailId = await direct(async (c) =>
      Number(
        (
          await c.query<{ id: number }>(
            `INSERT INTO mail_outbox (kind, locale, to_address, subject, text_body, html_body, message_id)
             VALUES ('reset', 'en', $1, 'After the crash', 'Sent after the crash.', '<p>Sent after the crash.</p>', $2) RETURNING id`,
            [to, `<${crypto.randomUUID()}@hibi.mail>`],
          )
        ).rows[0]!.id,
      ),
    );
    let status = '';
    for (const end = Date.now() + 30_000; Date.now() < end && status !== 'sent'; await sleep(200)) {
      status = await direct(async (c) => String((await c.query(`SELECT status FROM mail_outbox WHERE id = $1`, [mailId])).rows[0]?.status));
    }
    expect(status).toBe('sent');
    expect(peer!.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  }, 150_000);

  it('answers writers stalled behind a locked table with 503 within the bound, while getConfig keeps its speed', async () => {
    expect(await waitForKeptAnswers()).toBe(true);
    const configCalls: Answer[] = [];
    const faqCalls: Answer[] = [];
    let writersDone = false;
    const result = await direct(async (c) => {
      await c.query('BEGIN');
      await c.query('LOCK TABLE health_logs IN ACCESS EXCLUSIVE MODE');
      // Released whatever happens, well after the bound.
      const release = setTimeout(() => void c.query('ROLLBACK').catch(() => {}), 25_000);
      try {
        const reader = (async () => {
          while (!writersDone) {
            configCalls.push(await post('getConfig'));
            await sleep(50);
          }
        })();
        // A read that needs the database (the FAQ is never kept): the readers' own pool answers it meanwhile.
        const databaseReader = (async () => {
          await sleep(200);
          while (!writersDone) {
            faqCalls.push(await post('getFaq'));
            await sleep(50);
          }
        })();
        const writers = await Promise.all(
          [...members, ...members.slice(0, 10)].map((m, i) => post('recordHealthData', dayRecord(tokyoDay(4000 + i), 60), m.token)),
        );
        writersDone = true;
        await Promise.all([reader, databaseReader]);
        return writers;
      } finally {
        clearTimeout(release);
        await c.query('ROLLBACK').catch(() => {});
      }
    });
    const slowest = Math.max(...result.map((w) => w.ms));
    const configTimes = configCalls.map((a) => a.ms).sort((a, b) => a - b);
    const faqTimes = faqCalls.map((a) => a.ms).sort((a, b) => a - b);
    console.log(
      `[faults] stall: ${result.length} writers answered ${[...new Set(result.map((w) => w.status))].join('/')}, slowest ${Math.round(slowest)} ms; ` +
        `getConfig ${configCalls.length} calls meanwhile, median ${Math.round(configTimes[configTimes.length >> 1] ?? 0)} ms, max ${Math.round(configTimes.at(-1) ?? 0)} ms; ` +
        `getFaq ${faqCalls.length} calls, median ${Math.round(faqTimes[faqTimes.length >> 1] ?? 0)} ms, max ${Math.round(faqTimes.at(-1) ?? 0)} ms`,
    );
    for (const w of result) {
      expect(w.status).toBe(503);
      expect(w.body).toEqual({ succeed: false, errorCode: 'serviceUnavailable' });
      expect(w.ms).toBeLessThan(STALLED_WRITE_BOUND_MS);
    }
    // getConfig never waited for a connection: every call answered, and answered from the kept answer.
    expect(configCalls.length).toBeGreaterThan(5);
    for (const a of configCalls) expect(a.status).toBe(200);
    expect(configTimes[configTimes.length >> 1]!).toBeLessThan(1000);
    // A read from the database never waited behind the stalled writers for a connection (issue 31: DATABASE_READ_POOL_SIZE).
    expect(faqCalls.length).toBeGreaterThan(5);
    for (const a of faqCalls) expect(a.status).toBe(200);
    expect(faqTimes[faqTimes.length >> 1]!).toBeLessThan(1000);
    // The table is free again: writes go through. A 503 may still come from the reads' rule (decision 162) on a busy
    // machine, where the reads' 10 ms target is easily missed: tried again after its Retry-After, as a client does.
    const write = () => post('recordHealthData', dayRecord(tokyoDay(4100), 61), members[0]!.token);
    let after = await write();
    for (let i = 0; i < 20 && after.status === 503; i++) {
      await sleep(Number(after.retryAfter ?? 1) * 1000);
      after = await write();
    }
    expect({ status: after.status, body: after.body }).toMatchObject({ status: 200, body: { succeed: true } });
  }, 60_000);

  it('re-establishes the change feed after a network drop, and never serves an answer kept from before a write made meanwhile', async () => {
    expect(await waitForKeptAnswers()).toBe(true);
    const before = (await post('getConfig')).body?.termsVersion as number;
    relay.drop();
    // The write another process makes while this one cannot hear: its notification is lost for this process.
    await setTermsVersion(before + 1);
    const during: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      during.push(await post('getConfig'));
      await sleep(100);
    }
    await sleep(1000);
    relay.restore();
    const after: Answer[] = [];
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const a = await post('getConfig');
      after.push(a);
      if (a.status === 200) break;
      await sleep(200);
    }
    // Never the old answer: unavailable while the network is down, the new version once back.
    for (const a of [...during, ...after]) {
      expect(a.status === 503 ? a.body : a.body?.termsVersion).toEqual(
        a.status === 503 ? { succeed: false, errorCode: 'serviceUnavailable' } : before + 1,
      );
    }
    expect(after.at(-1)?.status).toBe(200);
    // And answers are kept again: the feed listens once more, and its notices reach the kept answer.
    expect(await waitForKeptAnswers()).toBe(true);
    await setTermsVersion(before + 2);
    expect((await post('getConfig')).body).toEqual({ succeed: true, termsVersion: before + 2 });
  }, 90_000);
});
