// Soak benchmark (not a test, not in CI; issue 31, decision 145): the load model's mix on PostgreSQL through two server
// processes (the compiled build) for BENCH_SECONDS (1800), at 10 times one region's morning peak by default:
//   - reads at BENCH_READ_RPS (250/s): announcements, events, getConfig (guests and members) and a member's own week;
//   - step uploads at BENCH_UPLOAD_RPS (300/s): uploadHealthData, each followed by its notifyHealthDataFixed;
//   - reservations at BENCH_RESERVE_RPS (5/s): reserve a seat of a large session, then cancel it;
//   - the waiting-list storm every BENCH_STORM_EVERY_SECONDS (600; the first after a third of the run): a popular
//     event opens to BENCH_MEMBERS (5000) members within 10 s, BENCH_STORM_SEATS (150) seats, the rest join its waiting
//     list.
// Calls are sent at their rates whatever the answers' speed (open loop; at most BENCH_MAX_IN_FLIGHT at once, the rest
// counted as dropped). Every BENCH_SAMPLE_SECONDS (10) it prints each process's RSS, heap, event-loop delay, CPU share
// and collection pauses (read by bench/soak-probe.mjs inside the process), the calls of the window, the generator's own
// CPU share and event-loop delay (a late generator adds its delay to every answer it times), the load average, the
// machine's busy, idle and stolen time (/proc/stat: a virtual machine's cores taken by its host) and the canary's
// event-loop delay (a Node process with nothing to do: its delays are the machine's); at the end p50/p99/max per call
// kind (over the run, outside the storms, after the warm-up), errors, RSS growth after the warm-up
// (BENCH_WARMUP_SECONDS, 120 or a fifth of a shorter run), the worst event-loop delay, and how many of the servers'
// stalls came in a window where the canary stalled too. BENCH_CPU_PROFILE_DIR: each server writes its V8 CPU profile
// there when it stops. BENCH_CONNECTIONS caps the generator's connections to each process (default: none; a storm then
// holds some 2,000 calls in flight at once, as phones behind a balancer would).
// BENCH_GENERATOR_NICE (-5; 0 for none): the generator runs at this scheduling priority (os.setPriority; a negative one
// needs root, and the run says when it could not set it). Its work is the same either way; a generator that waits for a
// core behind the servers adds that wait to every answer it times, which no phone calling from elsewhere would see.
// SOAK_SMAPS_EVERY (6; 0 for never): every n-th sample also sums each process's /proc/self/smaps by kind of mapping,
// printed after the warm-up and at the end (where the RSS is); BENCH_KEEP_PROBES keeps the samples' JSON lines.
//
// Run: npm run bench:soak (builds the server first); BENCH_SECONDS=120 npm run bench:soak for a short look.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the PostgreSQL server; the script
// creates and drops its own database. The load generator runs on the same machine as the servers: figures from a
// small machine measure the machine too.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { hashToken, newOpaqueToken } from '../src/lib/tokens.ts';
import { NODE_CLI_FLAGS } from '../src/core/v8-flags.ts';
import { runMain, waitUp } from './support.ts';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = env('BENCH_SECONDS', 1800);
const READ_RPS = env('BENCH_READ_RPS', 250);
const UPLOAD_RPS = env('BENCH_UPLOAD_RPS', 300);
const RESERVE_RPS = env('BENCH_RESERVE_RPS', 5);
const MEMBERS = env('BENCH_MEMBERS', 5000);
const STORM_SEATS = env('BENCH_STORM_SEATS', 150);
const STORM_EVERY = env('BENCH_STORM_EVERY_SECONDS', 600);
const STORM_SPREAD_MS = 10_000;
const SAMPLE_SECONDS = env('BENCH_SAMPLE_SECONDS', 10);
const WARMUP_SECONDS = env('BENCH_WARMUP_SECONDS', Math.min(120, Math.round(SECONDS / 5)));
const MAX_IN_FLIGHT = env('BENCH_MAX_IN_FLIGHT', 2000);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST_MAIN = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST, 'main.js')
  : path.join(ROOT, 'apps/server/dist/main.js');
const PROBE = path.join(import.meta.dirname, 'soak-probe.mjs');
const DAY_MS = 86_400_000;

const basePort = 6700 + Math.floor(Math.random() * 300);
const bases = [0, 1].map((k) => `http://127.0.0.1:${basePort + k}`);
// The generator shares the machine's cores with the servers and PostgreSQL, so it calls through undici's own pools
// (keep-alive, no limit on connections) rather than fetch: fetch took 40% of a core for the mix, about a fifth of
// this 2-core machine.
const CONNECTIONS = process.env.BENCH_CONNECTIONS ? Number(process.env.BENCH_CONNECTIONS) : null;
// A call is given 30 s by undici's own timers (headers, then body) rather than an AbortSignal of its own: a signal
// per call was some 3% of the generator's work (its timers and listeners).
const clients = bases.map(
  (base) => new HttpPool(base, { connections: CONNECTIONS, keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 30_000 }),
);
const children: ChildProcess[] = [];
const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-soak-'));
const probeFile = (k: number) => path.join(probeDir, `process-${k}.jsonl`);
/** Each process's log lines (warnings and errors), kept after the run: a 500 is looked up there. */
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-soak-logs-'));
const logFile = (k: number) => path.join(logDir, `process-${k}.log`);

function startServer(k: number, databaseUrl: string, demo: boolean): ChildProcess {
  if (!fs.existsSync(DIST_MAIN)) throw new Error(`${DIST_MAIN} is missing: npm run build -w @hibi/server`);
  // BENCH_CPU_PROFILE_DIR: each process writes a V8 CPU profile there when it stops (where a stall's time went).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE_DIR)}`] : [];
  // The start command's flags (decision 170), then BENCH_NODE_FLAGS: more for the servers' Node (V8's collector flags,
  // --trace-gc into the processes' logs); of two values for one flag, the later counts.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...NODE_CLI_FLAGS, ...flags, ...profile, '--enable-source-maps', '--import', PROBE, DIST_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(basePort + k),
      DATABASE_URL: databaseUrl,
      DEMO_CONTENT: demo ? 'true' : 'false',
      MAILBOX_PORT: '0',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      // Its 5,000 phones call from one address: the limit of reads without a session is per address (decision 174).
      ANONYMOUS_READ_LIMIT_PER_ADDRESS: '0',
      WEB_DIST_DIR: path.join(ROOT, '.tmp', 'bench-no-web'),
      SOAK_PROBE_FILE: probeFile(k),
      SOAK_PROBE_MS: String(SAMPLE_SECONDS * 1000),
      SOAK_SMAPS_EVERY: process.env.SOAK_SMAPS_EVERY ?? '6',
    },
    stdio: ['ignore', fs.openSync(logFile(k), 'a'), 'inherit'],
  });
  children.push(child);
  return child;
}

/**
 * The canary: a Node process with nothing to do, carrying the same probe as the servers, in the same session (so the
 * scheduler weighs it as it weighs them). Its event loop only waits, so a delay in it is the machine's: no core to run
 * on (the hypervisor took it: steal, or every core busy). A server's stall in the same window as one of the canary's is
 * the machine's; one without it is the server's own work.
 */
function startCanary(): ChildProcess {
  const child = spawn(process.execPath, ['--import', PROBE, '-e', 'setInterval(() => {}, 1 << 30)'], {
    env: { ...process.env, SOAK_PROBE_FILE: probeFile(CANARY), SOAK_PROBE_MS: String(SAMPLE_SECONDS * 1000), SOAK_SMAPS_EVERY: '0' },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}
/** The canary's probe file is the third: process-2.jsonl. */
const CANARY = 2;

/** The machine's CPU time by kind since boot (/proc/stat's first line, in clock ticks). */
function machineTicks() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle! + iowait!, steal: steal ?? 0 };
}
type Ticks = ReturnType<typeof machineTicks>;
/** The shares of the machine's time between two readings: busy, idle and stolen by the hypervisor. */
function machineShares(from: Ticks, to: Ticks) {
  const busy = to.busy - from.busy;
  const idle = to.idle - from.idle;
  const steal = to.steal - from.steal;
  const all = Math.max(1, busy + idle + steal);
  return { busy: busy / all, idle: idle / all, steal: steal / all };
}
const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

/**
 * Call times (ms), kept in typed arrays of 64 Ki entries: outside V8's heap, so the generator's collector never scans
 * or copies them. In plain arrays, the some three million times of a 30-minute run grew the generator's heap all run
 * long (decision 171: no effect on the generator's loop delays was measured either way).
 */
class Times {
  private static readonly CHUNK = 0x10000;
  private chunks: Float32Array[] = [];
  length = 0;
  push(ms: number) {
    const at = this.length % Times.CHUNK;
    if (at === 0) this.chunks.push(new Float32Array(Times.CHUNK));
    this.chunks.at(-1)![at] = ms;
    this.length++;
  }
  /** All times, in order from the fastest. */
  sorted(): Float32Array {
    const all = new Float32Array(this.length);
    this.chunks.forEach((chunk, i) => all.set(chunk.subarray(0, this.length - i * Times.CHUNK), i * Times.CHUNK));
    return all.sort();
  }
}

/** Figures of one call kind. */
class Kind {
  times = new Times();
  /** The times of calls that neither began nor ended during a storm (its spread, and until its backlog is gone). */
  calm = new Times();
  /** The times of calls that began after the warm-up (BENCH_WARMUP_SECONDS): the processes' first seconds left out. */
  warm = new Times();
  windowCalls = 0;
  errors = new Map<string, number>();
  get count() {
    return this.times.length;
  }
  error(code: string) {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}
const kinds = new Map<string, Kind>();
const kind = (name: string) => kinds.get(name) ?? kinds.set(name, new Kind()).get(name)!;
/** The generator's times of the window's reads (printed with each sample). */
let windowReadTimes: number[] = [];
let inFlight = 0;
let dropped = 0;
/** A storm is under way: from its first call until its spread is over and fewer than 50 calls are in flight. */
let storming = false;
let turn = 0;
/** When the warm-up ends (performance.now() time), set when the load starts. */
let warmFrom = Number.POSITIVE_INFINITY;

/** One call through one of the two processes in turn; `expected` business codes are answers, not errors. */
async function call(name: string, label: string, payload: object, token?: string, expected: string[] = []): Promise<Record<string, any> | null> {
  if (inFlight >= MAX_IN_FLIGHT) {
    dropped++;
    return null;
  }
  inFlight++;
  const k = kind(label);
  const t0 = performance.now();
  const calmAtStart = !storming;
  const warmAtStart = t0 >= warmFrom;
  try {
    const res = await clients[turn++ % 2]!.request({
      path: `/api/functions/${name}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
    });
    const body = (await res.body.json()) as Record<string, any>;
    k.times.push(performance.now() - t0);
    if (label.startsWith('read ')) windowReadTimes.push(performance.now() - t0);
    if (calmAtStart && !storming) k.calm.push(performance.now() - t0);
    if (warmAtStart) k.warm.push(performance.now() - t0);
    k.windowCalls++;
    if (res.statusCode !== 200) k.error(`${res.statusCode} ${body.errorCode}`);
    else if (!body.succeed && !expected.includes(body.errorCode)) k.error(String(body.errorCode));
    return body;
  } catch (error) {
    k.times.push(performance.now() - t0);
    const code = (error as { code?: string }).code;
    const aborted = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_ABORTED';
    k.error(aborted ? 'timeout' : 'network');
    return null;
  } finally {
    inFlight--;
  }
}

const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function tokyoDay(daysAgo: number): number {
  const nine = 9 * 3_600_000;
  return Math.floor((Date.now() + nine) / DAY_MS) * DAY_MS - nine - daysAgo * DAY_MS;
}

interface Probe {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  elP50: number;
  elP99: number;
  elMax: number;
  /** The server's own time per function call since the start (bench/soak-probe.mjs), in ms. */
  server?: Record<string, { n: number; p50: number; p99: number; max: number }>;
  /** The window's reads (get… calls) in the server's own time, and the read barrier's pings (db/changes.ts), in ms. */
  reads?: { n: number; p50: number; p99: number; max: number };
  pings?: { n: number; p50: number; p99: number; max: number };
  /** The window's waits for a pooled connection, of the calls that had to wait (db/deadline.ts), in ms. */
  poolWaits?: { n: number; p50: number; p99: number; max: number };
  /** Garbage collection in the window (ms): pauses' sum, longest, longest full collection. */
  gc?: { sum: number; max: number; majorMax: number };
  /** CPU time the process used in the window (ms). */
  cpu?: number;
  /** V8's heap statistics: reserved, resident, and what V8 itself allocated with malloc (bytes). */
  v8?: { total: number; physical: number; malloced: number; peakMalloced: number };
  /** Each V8 space's resident size (bytes). */
  spaces?: Record<string, number>;
  /** With SOAK_SMAPS_EVERY: resident kB by kind of mapping (bench/soak-probe.mjs). */
  smaps?: Record<string, { n: number; rssKb: number }> | null;
}
/** Each probe file's lines read so far, and how far it was read: a window reads only the new lines. */
const probeCache = new Map<number, { lines: Probe[]; offset: number; rest: string }>();
/**
 * A process's probe lines (one per window). Read incrementally: parsing the whole file at every window took the
 * generator's loop longer and longer as the files grew (megabytes by the end of a 30-minute run with 2 s windows), and
 * a late generator adds its delay to every answer it times.
 */
function probes(k: number): Probe[] {
  const cached = probeCache.get(k) ?? probeCache.set(k, { lines: [], offset: 0, rest: '' }).get(k)!;
  if (!fs.existsSync(probeFile(k))) return cached.lines;
  const fd = fs.openSync(probeFile(k), 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > cached.offset) {
      const chunk = Buffer.alloc(size - cached.offset);
      fs.readSync(fd, chunk, 0, chunk.length, cached.offset);
      cached.offset = size;
      const text = cached.rest + chunk.toString('utf8');
      const parts = text.split('\n');
      cached.rest = parts.pop() ?? '';
      for (const line of parts) if (line) cached.lines.push(JSON.parse(line) as Probe);
    }
  } finally {
    fs.closeSync(fd);
  }
  return cached.lines;
}

/** Runs `fn` `perSecond` times a second, spread evenly, until `until` (epoch ms). */
async function atRate(perSecond: number, until: number, fn: (i: number) => void) {
  if (perSecond <= 0) return;
  const start = Date.now();
  let sent = 0;
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - start) / 1000) * perSecond);
    while (sent < due) fn(sent++);
    await sleep(10);
  }
}

/** Raises the generator's priority (BENCH_GENERATOR_NICE); says what it got. */
function prioritiseGenerator(): string {
  const wanted = env('BENCH_GENERATOR_NICE', -5);
  if (wanted === 0) return "the generator at the servers' priority";
  try {
    os.setPriority(wanted);
    return `the generator at nice ${os.getPriority()} (the servers, PostgreSQL and the canary at 0)`;
  } catch (error) {
    return `the generator at the servers' priority (nice ${wanted} refused: ${(error as Error).message})`;
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `hibi_bench_soak_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 3 });
  pool.on('error', () => {});
  try {
    // The first process migrates and loads the demo content (announcements, events, articles); then the second.
    startServer(0, dbUrl.toString(), true);
    await waitUp(`${bases[0]}/readyz`);
    startServer(1, dbUrl.toString(), false);
    await waitUp(`${bases[1]}/readyz`);
    startCanary();

    // The members of the run: one corporate tenant, each with a session (no sign-in: argon2id is slow on purpose).
    const [tenant] = (
      await pool.query<{ id: number }>(
        `INSERT INTO tenants (name_ja, contract_type, corporate_contract) VALUES ('耐久試験株式会社', 1, true) RETURNING id`,
      )
    ).rows;
    const ids = (
      await pool.query<{ id: number }>(
        `INSERT INTO users (tenant_id, email, nickname, accepted_terms_version)
         SELECT $1, 'soak' || n || '@example.com', 'soak' || n, 1000 FROM generate_series(1, $2) AS n ORDER BY n RETURNING id`,
        [tenant!.id, MEMBERS],
      )
    ).rows.map((r) => r.id);
    const tokens = ids.map(() => newOpaqueToken());
    await pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at) SELECT u, h, now() + interval '30 days' FROM unnest($1::int[], $2::text[]) AS s(u, h)`,
      [ids, tokens.map(hashToken)],
    );
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const session = async (title: string, capacity: number) => {
      const [event] = (
        await pool.query<{ id: number }>(`INSERT INTO events (title_ja, start_at, end_at, published_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
          title,
          iso(now + 20 * DAY_MS),
          iso(now + 20 * DAY_MS + 3_600_000),
          iso(now - DAY_MS),
        ])
      ).rows;
      const [row] = (
        await pool.query<{ id: number }>(
          `INSERT INTO event_sessions (event_id, title_ja, start_at, end_at, capacity, reservation_type, reservation_start_at, reservation_end_at)
           VALUES ($1, '本編', $2, $3, $4, 1, $5, $6) RETURNING id`,
          [event!.id, iso(now + 20 * DAY_MS), iso(now + 20 * DAY_MS + 3_600_000), capacity, iso(now - DAY_MS), iso(now + 10 * DAY_MS)],
        )
      ).rows;
      return { eventID: event!.id, sessionID: row!.id };
    };
    const steady = await session('定員の多いイベント', 100_000);
    await pool.query('VACUUM ANALYZE');
    // After the servers started: they inherit nothing of it.
    const priority = prioritiseGenerator();
    console.log(
      `soak: two processes on ${dbName}, ${MEMBERS} members; ${SECONDS} s of ${READ_RPS} reads/s, ${UPLOAD_RPS} uploads/s (+ notify), ` +
        `${RESERVE_RPS} reservations/s, a storm of ${MEMBERS} members for ${STORM_SEATS} seats every ${STORM_EVERY} s; warm-up ${WARMUP_SECONDS} s; ` +
        priority +
        (SECONDS < 1800 ? ' (a SHORT run)' : ''),
    );

    const start = Date.now();
    const until = start + SECONDS * 1000;
    warmFrom = performance.now() + WARMUP_SECONDS * 1000;
    const device = { osType: 'ios', osVersion: '18.0', appVersion: '1.0.0', source: 'soak-phone' };
    const member = (i: number) => i % MEMBERS;
    const reads = atRate(READ_RPS, until, (i) => {
      const m = member(i * 7);
      switch (i % 5) {
        case 0:
          void call('getAnnouncements', 'read getAnnouncements (member)', { offset: 0, perPage: 10 }, tokens[m]);
          break;
        case 1:
          void call('getEvents', 'read getEvents (guest)', { offset: 0, perPage: 9 });
          break;
        case 2:
          void call('getConfig', 'read getConfig', {});
          break;
        case 3:
          void call('getEvents', 'read getEvents (member)', { offset: 0, perPage: 9 }, tokens[m]);
          break;
        default:
          void call(
            'getHealthDataByRange',
            'read getHealthDataByRange (own week)',
            { fromDateTime: tokyoDay(7), toDateTime: tokyoDay(0) },
            tokens[m],
          );
      }
    });
    const uploads = atRate(UPLOAD_RPS, until, (i) => {
      const m = member(i);
      void (async () => {
        const up = await call(
          'uploadHealthData',
          'write uploadHealthData',
          { healthData: [{ dateTime: tokyoDay(i % 3), steps: 1000 + (i % 9000) }], ...device },
          tokens[m],
        );
        if (up?.succeed) await call('notifyHealthDataFixed', 'write notifyHealthDataFixed', device, tokens[m]);
      })();
    });
    const reservations = atRate(RESERVE_RPS, until, (i) => {
      const m = member(i * 13 + 1);
      void (async () => {
        const r = await call('reserveEvent', 'write reserveEvent (steady)', { ...steady, body: [] }, tokens[m], [
          'alreadyReserved',
          'reservedAnotherSession',
        ]);
        if (r?.succeed) await call('cancelEventReservation', 'write cancelEventReservation', steady, tokens[m]);
      })();
    });
    const storms = (async () => {
      let next = start + Math.min(STORM_EVERY, SECONDS / 3) * 1000;
      let n = 0;
      while (next + STORM_SPREAD_MS < until) {
        await sleep(next - Date.now());
        const popular = await session(`人気イベント ${++n}`, STORM_SEATS);
        console.log(`  storm ${n}: ${MEMBERS} members reserve ${STORM_SEATS} seats within ${STORM_SPREAD_MS / 1000} s`);
        storming = true;
        void (async () => {
          await sleep(STORM_SPREAD_MS);
          while (inFlight >= 50) await sleep(100);
          storming = false;
        })();
        await atRate((MEMBERS * 1000) / STORM_SPREAD_MS, Date.now() + STORM_SPREAD_MS + 100, (i) => {
          if (i >= MEMBERS) return;
          void (async () => {
            const r = await call('reserveEvent', 'storm reserveEvent', { ...popular, body: [] }, tokens[i], ['reservationCapacityOver']);
            if (r && !r.succeed && r.errorCode === 'reservationCapacityOver') {
              await call('joinWaitingList', 'storm joinWaitingList', { ...popular, body: [] }, tokens[i]);
            }
          })();
        });
        next += STORM_EVERY * 1000;
      }
    })();
    /** CPU time of a window (ms) as a share of one core. */
    const cpuShare = (ms: number) => `${((ms / (SAMPLE_SECONDS * 1000)) * 100).toFixed(0)}%`;
    // The generator's own event loop: a late loop adds its delay to every answer it times.
    const ownDelay = monitorEventLoopDelay({ resolution: 1 });
    ownDelay.enable();
    const runTicks = machineTicks();
    const sampler = (async () => {
      let ownCpu = process.cpuUsage();
      let ticks = machineTicks();
      while (Date.now() < until) {
        await sleep(SAMPLE_SECONDS * 1000);
        const t = Math.round((Date.now() - start) / 1000);
        const procs = [0, 1].map((k) => {
          const p = probes(k).at(-1);
          return p
            ? `p${k} rss ${(p.rss / 2 ** 20).toFixed(0)} MB heap ${(p.heapUsed / 2 ** 20).toFixed(0)} MB loop p99 ${p.elP99.toFixed(1)} max ${p.elMax.toFixed(1)} ms` +
                ` reads p99 ${(p.reads?.p99 ?? 0).toFixed(0)} pings p50/p99 ${(p.pings?.p50 ?? 0).toFixed(1)}/${(p.pings?.p99 ?? 0).toFixed(0)} ms` +
                ` pool waits ${p.poolWaits?.n ?? 0} p99 ${(p.poolWaits?.p99 ?? 0).toFixed(0)} ms` +
                ` cpu ${cpuShare(p.cpu ?? 0)} gc ${(p.gc?.sum ?? 0).toFixed(0)} ms (longest ${(p.gc?.max ?? 0).toFixed(0)}, full ${(p.gc?.majorMax ?? 0).toFixed(0)})`
            : `p${k} -`;
        });
        let calls = 0;
        for (const k of kinds.values()) {
          calls += k.windowCalls;
          k.windowCalls = 0;
        }
        const errors = [...kinds.values()].reduce((sum, k) => sum + [...k.errors.values()].reduce((a, b) => a + b, 0), 0);
        const readTimes = windowReadTimes.sort((a, b) => a - b);
        windowReadTimes = [];
        const used = process.cpuUsage(ownCpu);
        ownCpu = process.cpuUsage();
        const nowTicks = machineTicks();
        const machine = machineShares(ticks, nowTicks);
        ticks = nowTicks;
        const canary = probes(CANARY).at(-1);
        console.log(
          `  t=${t}s ${procs.join(' | ')} | ${(calls / SAMPLE_SECONDS).toFixed(0)} calls/s, ${inFlight} in flight, errors so far ${errors}, dropped ${dropped}` +
            `, reads p99 ${percentile(readTimes, 0.99).toFixed(0)} ms` +
            ` | generator cpu ${cpuShare((used.user + used.system) / 1000)} loop p99 ${(ownDelay.percentile(99) / 1e6).toFixed(0)} max ${(ownDelay.max / 1e6).toFixed(0)} ms` +
            `, load ${os.loadavg()[0]!.toFixed(1)}` +
            ` | machine busy ${pct(machine.busy)} idle ${pct(machine.idle)} steal ${pct(machine.steal)}, canary loop max ${(canary?.elMax ?? 0).toFixed(0)} ms`,
        );
        ownDelay.reset();
      }
    })();
    await Promise.all([reads, uploads, reservations, storms, sampler]);
    while (inFlight > 0) await sleep(100);
    const runShares = machineShares(runTicks, machineTicks());

    console.log(`\nper call kind (${SECONDS} s${SECONDS < 1800 ? ', a SHORT run' : ''}):`);
    for (const [name, k] of [...kinds.entries()].sort()) {
      const sorted = k.times.sorted();
      const errors = [...k.errors.entries()].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
      const calm = k.calm.sorted();
      const calmText =
        calm.length > 0 && calm.length < sorted.length
          ? `; outside the storms ${calm.length} calls, p99 ${percentile(calm, 0.99).toFixed(1)} ms`
          : '';
      const warm = k.warm.sorted();
      const warmText = warm.length > 0 ? `; after the warm-up p99 ${percentile(warm, 0.99).toFixed(1)} ms` : '';
      console.log(
        `  ${name}: ${k.count} calls, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ` +
          `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms${calmText}${warmText}; errors: ${errors}`,
      );
    }
    console.log(`  dropped (more than ${MAX_IN_FLIGHT} in flight): ${dropped}; the processes' warnings and errors: ${logDir}`);
    // The same calls as the servers timed them (first byte read to last byte written): what the figures above add to
    // these was spent outside the server, in the load generator, the kernel and the queue for the two cores.
    console.log(`\nthe servers' own time per call (process 0 | process 1):`);
    const own = [0, 1].map((k) => probes(k).at(-1)?.server ?? {});
    for (const name of [...new Set([...Object.keys(own[0]!), ...Object.keys(own[1]!)])].sort()) {
      const text = own.map((o) => {
        const f = o[name];
        return f ? `${f.n} calls, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms` : '-';
      });
      console.log(`  ${name}: ${text.join(' | ')}`);
    }
    for (const k of [0, 1]) {
      const all = probes(k);
      const afterWarmup = all.filter((p) => p.t >= start + WARMUP_SECONDS * 1000);
      const first = afterWarmup[0];
      const last = afterWarmup.at(-1);
      const worst = Math.max(...all.filter((p) => p.t >= start).map((p) => p.elMax));
      const worstAfterWarmup = Math.max(...afterWarmup.map((p) => p.elMax));
      const p99s = all.filter((p) => p.t >= start).map((p) => p.elP99);
      const growth = first && last ? ((last.rss - first.rss) / first.rss) * 100 : NaN;
      // A single sample lands where it lands in the collector's cycle (V8 gives back heap, then takes it again), so the
      // steady growth compares the median RSS of the first and of the last fifth of the run after the warm-up.
      const fifth = Math.max(1, Math.floor(afterWarmup.length / 5));
      const median = (list: Probe[]) => [...list].sort((a, b) => a.rss - b.rss)[Math.floor(list.length / 2)]?.rss ?? NaN;
      const early = median(afterWarmup.slice(0, fifth));
      const late = median(afterWarmup.slice(-fifth));
      console.log(
        `process ${k}: RSS at start ${((all[0]?.rss ?? 0) / 2 ** 20).toFixed(0)} MB, after warm-up ${((first?.rss ?? 0) / 2 ** 20).toFixed(0)} MB, ` +
          `at the end ${((last?.rss ?? 0) / 2 ** 20).toFixed(0)} MB (growth after warm-up ${growth.toFixed(1)}%; median of the first fifth ` +
          `${(early / 2 ** 20).toFixed(0)} MB, of the last ${(late / 2 ** 20).toFixed(0)} MB: ${(((late - early) / early) * 100).toFixed(1)}%; heap at the end ` +
          `${((last?.heapUsed ?? 0) / 2 ** 20).toFixed(0)} MB); event-loop delay: worst ${worst.toFixed(1)} ms (after the warm-up ${worstAfterWarmup.toFixed(1)} ms), worst window p99 ${Math.max(...p99s).toFixed(1)} ms`,
      );
      // Where the memory is, at start and at the end: V8's heap (reserved and used), memory outside it that V8 knows of
      // (buffers), and the rest (code, Node's and ICU's native data, the allocator's pages, thread stacks).
      const mb = (n: number | undefined) => `${((n ?? 0) / 2 ** 20).toFixed(0)} MB`;
      for (const [when, p] of [
        ['at start', all[0]],
        ['at the end', last],
      ] as const) {
        if (!p) continue;
        console.log(
          `  ${when}: RSS ${mb(p.rss)} = V8 heap ${mb(p.heapTotal)} (used ${mb(p.heapUsed)}) + external ${mb(p.external)} ` +
            `(array buffers ${mb(p.arrayBuffers)}) + the rest ${mb(p.rss - p.heapTotal - p.external)} (code, native data, allocator, stacks)`,
        );
      }
      // With SOAK_SMAPS_EVERY, the kernel's view of the same memory, after the warm-up and at the end: V8's pages
      // (256 KB each: the spaces, and freed pages V8 keeps in its pool), malloc's main heap (brk), other anonymous
      // memory (malloc's arenas, thread stacks, V8's large objects) and the files mapped (the node binary, libraries).
      // The map is one sample older than V8's figures beside it (bench/soak-probe.mjs).
      const mapped = afterWarmup.filter((p) => p.smaps);
      for (const [when, p] of [
        ['after the warm-up', mapped[0]],
        ['at the end', mapped.at(-1)],
      ] as const) {
        if (!p?.smaps) continue;
        const smaps = p.smaps;
        const kb = (kind: string) => smaps[kind]?.rssKb ?? 0;
        const spaces = p.spaces ?? {};
        console.log(
          `  mapped ${when} (the sample before): V8's pages ${mb(kb('anon256k') * 1024)} (${p.smaps.anon256k?.n ?? 0} pages; V8 counts ${mb(p.v8?.physical)} ` +
            `resident: new space ${mb(spaces.new_space)}, old ${mb(spaces.old_space)}, large objects ${mb(spaces.large_object_space)}), ` +
            `malloc's heap ${mb(kb('brk') * 1024)}, other anonymous ${mb((kb('anonSmall') + kb('anonLarge')) * 1024)}, files ${mb(kb('files') * 1024)}`,
        );
      }
    }
    // The machine over the run, and the servers' stalls against the canary's: a window in which the canary (a process
    // with nothing to do) also waited over 50 ms was the machine's. Windows are matched by their order: the three
    // probes sample at the same interval, started within seconds of each other.
    const canary = probes(CANARY)
      .filter((p) => p.t >= start)
      .slice(1); // its first window holds its own start
    console.log(
      `\nthe machine over the run: busy ${pct(runShares.busy)}, idle ${pct(runShares.idle)}, stolen by the hypervisor ${pct(runShares.steal)}` +
        `; the canary's event loop: worst ${Math.max(0, ...canary.map((p) => p.elMax)).toFixed(1)} ms, ` +
        `windows over 50 ms ${canary.filter((p) => p.elMax > 50).length} of ${canary.length}`,
    );
    for (const k of [0, 1]) {
      const windows = probes(k).filter((p) => p.t >= start);
      const near = (p: Probe) => canary.find((c) => Math.abs(c.t - p.t) < (SAMPLE_SECONDS * 1000) / 2);
      for (const bound of [50, 100]) {
        const over = windows.filter((p) => p.elMax > bound);
        const withCanary = over.filter((p) => (near(p)?.elMax ?? 0) > 50).length;
        console.log(
          `  process ${k}: windows with a stall over ${bound} ms: ${over.length}, of them ${withCanary} with the canary's loop over 50 ms too`,
        );
      }
    }
  } finally {
    await Promise.all(clients.map((c) => c.destroy()));
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    // BENCH_KEEP_PROBES: keep the probes' lines (one JSON line per process and window) for a closer look.
    if (process.env.BENCH_KEEP_PROBES) console.log(`the probes' lines: ${probeDir}`);
    else fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

runMain(main);
