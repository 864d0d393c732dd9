// Benchmark (not a test): API throughput on PostgreSQL with the demo population, beside a bare Fastify route.
//
// 1. Hot reads: one server process (the compiled production build), autocannon with 100 connections for
//    BENCH_SECONDS (8) per call, as a guest and as signed-in members (100 members, a token per request in turn); beside
//    it a bare Fastify process answering the same JSON from memory, measured again just before each call (the shared
//    machine's load moves). Prints requests/s, p99 and the share of the bare route's requests/s.
// 2. The reservation storm: two server processes on the same database; BENCH_STORM_ROUNDS rounds in which 200 members
//    reserve one session of 150 seats at once, half through each process. Prints calls/s and oversold seats (must be 0).
//
// Run: npm run bench:api   (builds the server first). BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the PostgreSQL server; the script creates and drops its own database.
// BENCH_ONLY=getEvents,storm… limits the cases; BENCH_CONNECTIONS changes the 100 connections; BENCH_SERVER_DIST=DIR
// measures another build's compiled server (an earlier commit's apps/server/dist); BENCH_COMPARE_DIST=DIR measures an
// earlier build beside this one in the same run (its own database and processes), each call on both within seconds,
// and prints the ratio.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { NODE_CLI_FLAGS } from '../src/core/v8-flags.ts';
import { elapsed, runMain, waitUp } from './support.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const STORM_ROUNDS = Number(process.env.BENCH_STORM_ROUNDS ?? 5);
const STORM_MEMBERS = 200;
const STORM_SEATS = 150;
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The compiled server to measure: this checkout's, or another build's (BENCH_SERVER_DIST, to compare two versions). */
const DIST_MAIN = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST, 'main.js')
  : path.join(ROOT, 'apps/server/dist/main.js');
/** An earlier build to measure beside this one in the same run (BENCH_COMPARE_DIST=DIR, its apps/server/dist). */
const COMPARE_MAIN = process.env.BENCH_COMPARE_DIST ? path.resolve(process.env.BENCH_COMPARE_DIST, 'main.js') : null;
const PASSWORD = 'wellbeing-demo';

const basePort = 6200 + Math.floor(Math.random() * 400);
const children: ChildProcess[] = [];

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

function startServer(port: number, databaseUrl: string, dist: string): ChildProcess {
  if (!fs.existsSync(dist)) throw new Error(`${dist} is missing: npm run build -w @hibi/server`);
  return startProcess([...NODE_CLI_FLAGS, '--enable-source-maps', dist], {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DEMO_CONTENT: 'true',
    MAILBOX_PORT: '0',
    LOG_LEVEL: 'info',
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
    WEB_DIST_DIR: path.join(ROOT, '.tmp', 'bench-no-web'),
  });
}

async function call(base: string, fn: string, payload: object, token?: string): Promise<Record<string, any>> {
  const res = await fetch(`${base}/api/functions/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return (await res.json()) as Record<string, any>;
}

async function signInMembers(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 1; i <= count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i + 1) }, (_, j) => {
        const n = String(i + j).padStart(2, '0');
        return call(base, 'login', { id: `member${n}@example.com`, password: PASSWORD });
      }),
    );
    for (const body of batch) {
      if (!body.succeed) throw new Error(`login failed: ${JSON.stringify(body)}`);
      tokens.push(body.token as string);
    }
  }
  return tokens;
}

interface Run {
  rps: number;
  p99: number;
  non2xx: number;
}

interface Row {
  call: string;
  as: string;
  /** Each build's figures, in the order of the targets. */
  runs: Run[];
  /** The bare route's requests/s measured just before this call (the machine is shared: its load moves). */
  bare: number;
}

async function cannon(url: string, body: string, tokens: string[] | null, seconds = SECONDS): Promise<{ rps: number; p99: number; non2xx: number }> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    requests: tokens
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${tokens[i++ % tokens.length]}` },
            }),
          },
        ]
      : undefined,
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts };
}

interface Target {
  label: string;
  dbName: string;
  pool: pg.Pool;
  bases: string[];
  tokens: string[];
}

/** A build under test: its own database with the demo content and two server processes on it, members signed in. */
async function setUp(admin: pg.Client, dist: string, label: string, port: number): Promise<Target> {
  const dbName = `hibi_bench_api_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  pool.on('error', () => {}); // an idle client's connection ended by the database's drop at the end
  const bases = [0, 1].map((k) => `http://127.0.0.1:${port + k}`);
  const t0 = process.hrtime.bigint();
  startServer(port, dbUrl.toString(), dist);
  await waitUp(`${bases[0]}/readyz`);
  startServer(port + 1, dbUrl.toString(), dist);
  await waitUp(`${bases[1]}/readyz`);
  await pool.query('VACUUM ANALYZE');
  console.log(`${label}: two server processes on ${dbName} with the demo content, up in ${(elapsed(t0) / 1000).toFixed(1)} s`);
  return { label, dbName, pool, bases, tokens: await signInMembers(bases[0]!, STORM_MEMBERS) };
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const targets: Target[] = [];
  try {
    // The build to compare with first (BENCH_COMPARE_DIST), so each call is measured on both within seconds.
    if (COMPARE_MAIN) targets.push(await setUp(admin, COMPARE_MAIN, 'before', basePort + 10));
    targets.push(await setUp(admin, DIST_MAIN, COMPARE_MAIN ? 'after' : 'app', basePort));
    const first = targets.at(-1)!;

    // What the reads ask for: ids that guests and members may both see (the demo content is the same in every build).
    const events = await call(first.bases[0]!, 'getEvents', { offset: 0, perPage: 9, scheduleType: 1 });
    const top = await call(first.bases[0]!, 'getReportArticleTop', {});
    const eventID = events.events?.[0]?.eventID ?? events.events?.[0]?.id;
    const articleID = top.newArrivals?.[0]?.id;
    if (!eventID || !articleID) throw new Error(`no event or article to read: ${JSON.stringify({ events, top }).slice(0, 400)}`);
    const now = Date.now();
    const reads: [string, object, 'guest' | 'member' | 'both'][] = [
      ['getEvents', { offset: 0, perPage: 9, scheduleType: 1 }, 'both'],
      ['getReportArticleTop', {}, 'both'],
      ['getAnnouncements', { offset: 0, perPage: 10 }, 'both'],
      ['getReportArticleById', { id: articleID }, 'both'],
      ['getEventByID', { eventID }, 'both'],
      ['getHealthDataByRange', { fromDateTime: now - 6 * 86_400_000, toDateTime: now, needsWeeklyAverage: true, needsWeight: true }, 'member'],
      [
        'getHealthDataByRange',
        { fromDateTime: now - 27 * 86_400_000, toDateTime: now, needsWeeklyAverage: true, needsStepStatistics: true },
        'member',
      ],
      ['getMyProfile', {}, 'member'],
      ['getWalkingProgramRank', { timestamp: now }, 'member'],
    ];

    // The bare route: the same JSON as getEvents from memory, in a process of its own like the app.
    const bareBody = JSON.stringify(events);
    const barePort = basePort + 2;
    startProcess(['-e', BARE_SERVER], { BARE_PORT: String(barePort), BARE_BODY: bareBody });
    await waitUp(`http://127.0.0.1:${barePort}/health`);
    // The bare route is measured again before each call (for half as long): the share compares runs seconds apart.
    const bareSeconds = Math.max(2, Math.round(SECONDS / 2));
    await cannon(`http://127.0.0.1:${barePort}/bare`, '{}', null, 2); // warm-up
    console.log(
      `\nbare Fastify route (getEvents' JSON from memory) beside each call, ${CONNECTIONS} connections, ${bareSeconds} s; each call ${SECONDS} s`,
    );

    const rows: Row[] = [];
    for (const [fn, payload, who] of reads) {
      if (ONLY && !ONLY.includes(fn)) continue;
      const note = 'needsStepStatistics' in payload ? ' (step statistics)' : '';
      for (const as of who === 'both' ? (['guest', 'member'] as const) : (['member'] as const)) {
        const bare = await cannon(`http://127.0.0.1:${barePort}/bare`, '{}', null, bareSeconds);
        const runs: Run[] = [];
        for (const target of targets) {
          const r = await cannon(
            `${target.bases[0]}/api/functions/${fn}`,
            JSON.stringify(payload),
            as === 'member' ? target.tokens.slice(0, 100) : null,
          );
          runs.push(r);
          console.log(
            `  ${target.label} ${fn}${note} (${as}): ${Math.round(r.rps)} requests/s, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} failed` : ''} (bare ${Math.round(bare.rps)})`,
          );
        }
        rows.push({ call: `${fn}${note}`, as, runs, bare: bare.rps });
      }
    }
    const heads = targets.map((t) => `${t.label} requests/s | ${t.label} p99 | ${t.label} share`).join(' | ');
    console.log(
      `\n| call | as | bare requests/s | ${heads} |${COMPARE_MAIN ? ' after / before |' : ''}\n|${'---|'.repeat(3 + 3 * targets.length + (COMPARE_MAIN ? 1 : 0))}`,
    );
    for (const r of rows) {
      const cells = r.runs.map(
        (x) => `${Math.round(x.rps)} | ${x.p99} ms | ${((100 * x.rps) / r.bare).toFixed(1)}%${x.non2xx ? ` (${x.non2xx} failed)` : ''}`,
      );
      const ratio = COMPARE_MAIN ? ` ${(r.runs[1]!.rps / r.runs[0]!.rps).toFixed(2)}x |` : '';
      console.log(`| ${r.call} | ${r.as} | ${Math.round(r.bare)} | ${cells.join(' | ')} |${ratio}`);
    }

    if (!ONLY || ONLY.includes('storm')) for (const target of targets) await storm(target);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    for (const target of targets) {
      await target.pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${target.dbName} WITH (FORCE)`);
    }
    await admin.end();
  }
}

/** 200 members reserve one session of 150 seats at once, half through each process, BENCH_STORM_ROUNDS times. */
async function storm({ label, pool, bases, tokens }: Target) {
  let calls = 0;
  let ms = 0;
  let oversold = 0;
  let booked = 0;
  for (let round = 0; round < STORM_ROUNDS; round++) {
    const now = Date.now();
    const iso = (t: number) => new Date(t).toISOString();
    const event = (
      await pool.query<{ id: number }>(
        `INSERT INTO events (title_ja, title_en, start_at, end_at, published_at) VALUES ('嵐', 'Storm', $1, $2, $3) RETURNING id`,
        [iso(now + 10 * 86_400_000), iso(now + 10 * 86_400_000 + 3_600_000), iso(now - 86_400_000)],
      )
    ).rows[0]!.id;
    const session = (
      await pool.query<{ id: number }>(
        `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
         VALUES ($1, '本編', $2, $3, $4, 1, $5, $6) RETURNING id`,
        [event, iso(now + 10 * 86_400_000), iso(now + 10 * 86_400_000 + 3_600_000), STORM_SEATS, iso(now - 86_400_000), iso(now + 5 * 86_400_000)],
      )
    ).rows[0]!.id;
    const t = process.hrtime.bigint();
    const results = await Promise.all(
      tokens.map((token, i) => call(bases[i % 2]!, 'reserveEvent', { eventID: event, sessionID: session, body: [] }, token)),
    );
    ms += elapsed(t);
    calls += results.length;
    const ok = results.filter((r) => r.succeed).length;
    const other = results.filter((r) => !r.succeed && r.errorCode !== 'reservationCapacityOver');
    if (other.length) console.log(`  round ${round + 1}: unexpected answers ${JSON.stringify(other.slice(0, 3))}`);
    const rowsNow = (
      await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_reservations WHERE session_id = $1 AND cancelled_at IS NULL`, [session])
    ).rows[0]!.n;
    oversold += Math.max(0, rowsNow - STORM_SEATS);
    booked += ok;
  }
  console.log(
    `\n${label} reservation storm: ${STORM_ROUNDS} rounds of ${tokens.length} members on one session of ${STORM_SEATS} seats through 2 processes: ` +
      `${Math.round((calls * 1000) / ms)} calls/s, ${booked} booked, ${oversold} oversold`,
  );
}

/** A bare Fastify server answering the same bytes from memory (the ceiling the app is compared with). */
const BARE_SERVER = `
const fastify = require(require.resolve('fastify', { paths: [process.cwd() + '/apps/server'] }))();
const body = process.env.BARE_BODY;
fastify.get('/health', async () => 'ok');
fastify.post('/bare', (req, reply) => { reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(body); });
fastify.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
`;

runMain(main);
