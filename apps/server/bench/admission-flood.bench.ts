// Flood benchmark (not a test, not in CI; issue 53, decision 174): can one address without an account make the server
// refuse a member's writes? One server process (the compiled build: apps/server/dist, or BENCH_SERVER_DIST for
// another build) on a fresh PostgreSQL database with the demo content, then two phases of BENCH_SECONDS (20) each:
//   1. quiet: a signed-in member's writes alone, one after another (a step upload, a booking or its cancellation, a
//      sign-in), in BENCH_WRITERS (2) loops;
//   2. flood: the same while one address sends BENCH_FLOOD_PARALLEL (12) anonymous searchReportArticles at once, each
//      with a random 12-word query (the issue's attack), and BENCH_FLOOD_KEPT (0) more loops of a guest's reads that a
//      kept answer serves (getEvents, getAnnouncements: cheap, so they fill the admission's windows even on a machine
//      where the searches are too slow to).
// Prints per phase the writes by kind and answer, the writes' success ratio, the flood's calls/s by answer, and how
// often the server logged that it started holding writes back.
//
// Run: npm run bench:flood (builds the server first); BENCH_SERVER_DIST=<another build's apps/server/dist> for the
// build before. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the PostgreSQL server;
// the script creates and drops its own database. BENCH_PORT (default: a random one from 6400) is the server's port.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { NODE_CLI_FLAGS } from '../src/core/v8-flags.ts';
import { runMain, waitUp } from './support.ts';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = env('BENCH_SECONDS', 20);
const PARALLEL = env('BENCH_FLOOD_PARALLEL', 12);
const WRITERS = env('BENCH_WRITERS', 2);
const KEPT = env('BENCH_FLOOD_KEPT', 0);
const PORT = env('BENCH_PORT', 6400 + Math.floor(Math.random() * 200));
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST_MAIN = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST, 'main.js')
  : path.join(ROOT, 'apps/server/dist/main.js');
const BASE = `http://127.0.0.1:${PORT}`;
const DAY_MS = 86_400_000;
const MEMBER = 'member@example.com';
const PASSWORD = 'wellbeing-demo';

interface Answer {
  status: number;
  errorCode?: string;
}

async function call(name: string, payload: object, token?: string): Promise<Answer> {
  try {
    const res = await fetch(`${BASE}/api/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as { errorCode?: string; token?: string };
    return { status: res.status, errorCode: body.errorCode };
  } catch {
    return { status: 0, errorCode: 'network' };
  }
}

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/functions/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: MEMBER, password: PASSWORD }),
  });
  const body = (await res.json()) as { succeed: boolean; token?: string };
  if (!body.succeed || !body.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.token;
}

// Twelve random words of 4 to 6 letters (Latin and kana, within the query's 100 characters): no two queries alike, so
// no kept answer serves one.
const LETTERS = 'abcdefghijklmnopqrstuvwxyzあいうえおかきくけこさしすせそたちつてと';
const randomWord = () =>
  Array.from({ length: 4 + Math.floor(Math.random() * 3) }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
const randomQuery = () => Array.from({ length: 12 }, randomWord).join(' ');

/** One writer: a member's upload, booking or cancellation, and sign-in, one after another until `until`. */
async function writer(token: string, eventID: number, sessionID: number, until: number, tally: Map<string, number>, k0: number) {
  const count = (kind: string, a: Answer) => {
    const key = `${kind} ${a.status}${a.status === 200 ? '' : ` ${a.errorCode ?? ''}`}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };
  let reserved = false;
  for (let k = k0; Date.now() < until; k++) {
    const day = Math.floor(Date.now() / DAY_MS - 30 - (k % 300)) * DAY_MS + 3 * 3_600_000;
    count(
      'upload',
      await call(
        'uploadHealthData',
        { healthData: [{ dateTime: day, steps: 4000 + (k % 1000) }], osType: 'ios', osVersion: '18.0', appVersion: '1.0.0', source: `flood-${k0}` },
        token,
      ),
    );
    const booking = reserved
      ? await call('cancelEventReservation', { eventID, sessionID }, token)
      : await call('reserveEvent', { eventID, sessionID, body: [] }, token);
    if (booking.status === 200) reserved = !reserved;
    count('booking', booking);
    count('sign-in', await call('login', { id: MEMBER, password: PASSWORD }));
  }
}

/** The flood: `parallel` loops of anonymous searches and `kept` loops of a guest's kept reads until `until`. */
async function flood(parallel: number, kept: number, until: number, tally: Map<string, number>) {
  await Promise.all(
    Array.from({ length: parallel + kept }, async (_, k) => {
      for (let i = 0; Date.now() < until; i++) {
        const search = k < parallel;
        const a = search
          ? await call('searchReportArticles', { query: randomQuery() })
          : await call(i % 2 === 0 ? 'getEvents' : 'getAnnouncements', { offset: 0, perPage: 9 });
        const key = `${search ? 'search' : 'kept'} ${a.status}${a.status === 200 ? '' : ` ${a.errorCode ?? ''}`}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    }),
  );
}

function printPhase(name: string, writes: Map<string, number>, floodTally: Map<string, number> | null, seconds: number, holdLines: number) {
  const total = [...writes.values()].reduce((a, b) => a + b, 0);
  const ok = [...writes].filter(([k]) => / 200$/.test(k)).reduce((a, [, n]) => a + n, 0);
  console.log(`\n${name}: writes ${ok} of ${total} succeeded (${total ? ((100 * ok) / total).toFixed(1) : '–'}%)`);
  for (const kind of ['upload', 'booking', 'sign-in']) {
    const rows = [...writes].filter(([k]) => k.startsWith(`${kind} `)).sort();
    const all = rows.reduce((a, [, n]) => a + n, 0);
    const good = rows.filter(([k]) => / 200$/.test(k)).reduce((a, [, n]) => a + n, 0);
    console.log(`  ${kind}: ${good}/${all} ok; ${rows.map(([k, n]) => `${k.slice(kind.length + 1)}: ${n}`).join(', ')}`);
  }
  if (floodTally) {
    const all = [...floodTally.values()].reduce((a, b) => a + b, 0);
    const answers = [...floodTally].sort().map(([k, n]) => `${k}: ${n}`);
    console.log(
      `  flood (one address, ${PARALLEL} searches${KEPT ? ` and ${KEPT} kept reads` : ''} at once): ${(all / seconds).toFixed(0)} calls/s; ${answers.join(', ')}`,
    );
  }
  console.log(`  the server's "holding writes back" log lines: ${holdLines}`);
}

async function main() {
  if (!fs.existsSync(DIST_MAIN)) throw new Error(`${DIST_MAIN} is missing: npm run build -w @hibi/server`);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `hibi_bench_flood_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-flood-')), 'server.log');
  let child: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  pool.on('error', () => {});
  try {
    child = spawn(process.execPath, [...NODE_CLI_FLAGS, '--enable-source-maps', DIST_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATABASE_URL: dbUrl.toString(),
        DEMO_CONTENT: 'true',
        MAILBOX_PORT: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(ROOT, '.tmp', 'bench-no-web'),
      },
      stdio: ['ignore', fs.openSync(logFile, 'a'), 'inherit'],
    });
    await waitUp(`${BASE}/readyz`);
    const holdLines = () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.includes('holding writes back')).length;

    // A session with room for every booking of the run, open now.
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const { rows: events } = await pool.query<{ id: number }>(
      `INSERT INTO events (title_ja, start_at, end_at, published_at) VALUES ('混雑試験', $1, $2, $3) RETURNING id`,
      [iso(now + 20 * DAY_MS), iso(now + 20 * DAY_MS + 3_600_000), iso(now - DAY_MS)],
    );
    const { rows: sessions } = await pool.query<{ id: number }>(
      `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
       VALUES ($1, '本編', $2, $3, 1000, 1, $4, $5) RETURNING id`,
      [events[0]!.id, iso(now + 20 * DAY_MS), iso(now + 20 * DAY_MS + 3_600_000), iso(now - DAY_MS), iso(now + 10 * DAY_MS)],
    );
    const eventID = events[0]!.id;
    const sessionID = sessions[0]!.id;
    const tokens = await Promise.all(Array.from({ length: WRITERS }, () => signIn()));
    console.log(
      `admission flood: ${path.relative(ROOT, DIST_MAIN)} on ${dbName}; ${SECONDS} s quiet, then ${SECONDS} s with ${PARALLEL} anonymous searches${KEPT ? ` and ${KEPT} guest's kept reads` : ''} at once from one address; ${WRITERS} member write loops; load ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const quiet = new Map<string, number>();
    let until = Date.now() + SECONDS * 1000;
    await Promise.all(tokens.map((token, w) => writer(token, eventID, sessionID, until, quiet, w * 100_000)));
    const holdQuiet = holdLines();
    printPhase('quiet', quiet, null, SECONDS, holdQuiet);

    const flooded = new Map<string, number>();
    const floodTally = new Map<string, number>();
    until = Date.now() + SECONDS * 1000;
    await Promise.all([
      flood(PARALLEL, KEPT, until, floodTally),
      // The writes start a second into the flood, as the issue's did.
      new Promise((r) => setTimeout(r, 1000)).then(() =>
        Promise.all(tokens.map((token, w) => writer(token, eventID, sessionID, until, flooded, w * 100_000 + 50_000))),
      ),
    ]);
    printPhase('flood', flooded, floodTally, SECONDS, holdLines() - holdQuiet);
    console.log(`  load average at the end ${os.loadavg()[0]!.toFixed(1)} (the machine is shared: figures are noisy)`);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

runMain(main);
