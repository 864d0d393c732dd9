// Benchmark (not a test): Team Walk at scale (issue 57, docs/requirements/programs.md#programs-scale, decision 187) on
// PostgreSQL. BENCH_MEMBERS (100,000) entrants in 3 tenants, 40 departments each, a 30-day round ending today:
// times the formation (department mode, goal under 60 s), the daily rank refresh of the whole round (goal under 10 s),
// and a member's round page (getTeamMatch): alone, then while uploads are asked at half and at all of
// BENCH_UPLOADS_PER_S (300) per second (goal: p99 under 50 ms at 300/s), printing the upload rate reached and the
// machine's busy share, so that a saturated machine shows as one. Prints figures only.
// Run: npm run bench:programs. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server (a fresh database there, dropped afterwards); BENCH_PAGES (400) page calls per phase.
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { createSession } from '../src/domains/auth/service.ts';
import { openPostgres } from '../src/db/client.ts';
import { applyStaged, stageUpload } from '../src/domains/health/service.ts';
import { insertTeamMatch, setTeamMatchTenants } from '../src/domains/programs/data.ts';
import { formRound, holdHistory, refreshTeamRanks } from '../src/domains/programs/service.ts';
import { benchApp, elapsed, runMain, stats, timedCall, withBenchDatabase } from './support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const UPLOADS_PER_S = Number(process.env.BENCH_UPLOADS_PER_S ?? 300);
const ROUND_DAYS = 30;
const PRIOR_DAYS = 28;
const UPLOADS_IN_FLIGHT = Number(process.env.BENCH_UPLOADS_IN_FLIGHT ?? 16);

runMain(async () => {
  await withBenchDatabase('bench_programs', async (database, url) => {
    const { db } = database;
    const now = new Date();
    const today = tokyoDay(now.getTime());
    const start = addDays(today, -(ROUND_DAYS - 1));
    const t0 = process.hrtime.bigint();
    await db.execute(sql`
      INSERT INTO tenants (name_ja, contract_type, corporate_contract, team_match_enabled, email_distribution_enabled)
      SELECT 'ベンチ株式会社' || n, 1, true, true, true FROM generate_series(1, 3) n`);
    await db.execute(sql`
      INSERT INTO users (tenant_id, email, nickname, attribution1, accepted_terms_version)
      SELECT t.ids[1 + n % 3], 'programs-bench' || n || '@example.com', 'bench' || n, '部署' || (n / 3) % 40, 1000000
        FROM generate_series(1, ${MEMBERS}) n, (SELECT array_agg(id ORDER BY id) AS ids FROM tenants) t`);
    // The 28 days before the start (the formation's prior averages) and the round's days through yesterday.
    await db.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT u.id, ${today}::date - g, (1500 + (hashtext(u.id || ':' || g) & 2147483647) % 12000)
        FROM users u CROSS JOIN generate_series(1, ${ROUND_DAYS - 1 + PRIOR_DAYS}) g
       WHERE (hashtext('x' || u.id || ':' || g) & 2147483647) % 100 < 92`);
    const tenants = ((await db.execute(sql`SELECT id FROM tenants ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    const matchId = await insertTeamMatch(
      db,
      {
        nameJa: 'ベンチ対抗ウォーク',
        nameEn: null,
        entryFrom: addDays(start, -14),
        entryTo: addDays(start, 3),
        startDate: start,
        endDate: addDays(start, ROUND_DAYS - 1),
        formationMode: 'department',
        minTeamSize: 7,
        teamsPerLeague: 10,
        dailyCap: 30_000,
        graceDays: 7,
      },
      'bench',
      now,
    );
    await setTeamMatchTenants(db, matchId, tenants);
    await db.execute(sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at) SELECT ${matchId}, id, now() FROM users`);
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(`loaded ${MEMBERS} entrants in 3 tenants, ${ROUND_DAYS - 1 + PRIOR_DAYS} days of steps, in ${(elapsed(t0) / 1000).toFixed(1)} s`);

    // Formation the day before the start (prior averages from the 28 days before it).
    const t1 = process.hrtime.bigint();
    const formed = await formRound(db, matchId, new Date(Date.parse(`${addDays(start, -1)}T12:00:00+09:00`)), { byOperator: true });
    const formMs = elapsed(t1);
    if ('errorCode' in formed) throw new Error(`formation failed: ${String(formed.errorCode)}`);
    console.log(
      `formation (department): ${formed.teams} teams in ${formed.leagues} leagues for ${formed.entrants} entrants: ${formMs.toFixed(0)} ms (goal: 60,000 ms)`,
    );

    // The round's days held as if each upload had come in time (what the uploads' transactions write).
    const t2 = process.hrtime.bigint();
    const heldDays = await holdHistory(db, now, { kind: 'teamMatch', programId: matchId });
    console.log(`held ${heldDays} member days in ${(elapsed(t2) / 1000).toFixed(1)} s (bench set-up, not a goal)`);
    await db.execute(sql`VACUUM ANALYZE`);

    // The first computation writes every day; later ones (the minute run, a read after 10 minutes) only the days whose
    // grace window was open at the last one (decision 187).
    const t3 = process.hrtime.bigint();
    await refreshTeamRanks(db, matchId, now, true);
    const fullMs = elapsed(t3);
    const refreshes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t4 = process.hrtime.bigint();
      await refreshTeamRanks(db, matchId, now, true);
      refreshes.push(elapsed(t4));
    }
    const r = stats(refreshes);
    console.log(
      `daily rank refresh (${ROUND_DAYS - 1} days x ${formed.teams} teams, overall and in leagues): every day ${fullMs.toFixed(0)} ms; the days still open (grace 7) median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms (goal: 10,000 ms)`,
    );

    // A member's round page, alone and while uploads run (stage + apply with the hold, one member each). The page only
    // reads: its league's standings are kept per process until the ranks are computed again, so a member's first view
    // of a league (cold) and later views (warm) are measured apart. The uploads have their own pool, as the server's
    // writes do beside its read pool (DATABASE_READ_POOL_SIZE), so that the figures are the database's and the
    // machine's, not the bench's pool: BENCH_UPLOADS_IN_FLIGHT (16) at once, the rest wait their turn.
    const app = await benchApp(db);
    const uploadsDb = await openPostgres(url, UPLOADS_IN_FLIGHT);
    const ids = ((await db.execute(sql`SELECT id FROM users ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((x) => x.id);
    const tokensOf = async (offset: number) => {
      const tokens: string[] = [];
      for (let i = 0; i < 200; i++) tokens.push((await createSession(db, ids[(offset + i * 499) % ids.length]!, now)).token);
      return tokens;
    };
    const tokens = await tokensOf(0);
    const p99Of = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.99 * xs.length) - 1)]!;
    /** The machine's busy share of all cores since `from` (Linux /proc/stat), for telling a saturated machine apart. */
    const cpuTicks = () => {
      try {
        const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
        return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
      } catch {
        return null;
      }
    };
    const busy = (a: ReturnType<typeof cpuTicks>, b: ReturnType<typeof cpuTicks>) =>
      a && b && b.total > a.total
        ? ` (machine busy ${((1 - (b.idle - a.idle) / (b.total - a.total)) * 100).toFixed(0)}% of ${os.cpus().length} cores)`
        : '';
    const pages = async (label: string, list: string[], calls: number) => {
      const samples: number[] = [];
      const c0 = cpuTicks();
      for (let i = 0; i < calls; i++) samples.push(await timedCall(app, 'getTeamMatch', { teamMatchID: matchId }, list[i % list.length]!));
      const s = stats(samples);
      console.log(
        `member round page (getTeamMatch) ${label}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${p99Of(samples).toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${calls} calls${busy(c0, cpuTicks())}`,
      );
    };
    await pages('alone, first view of each league (cold)', tokens, tokens.length);
    await pages('alone', tokens, PAGES);
    const yesterday = addDays(today, -1);
    let uploadUser = 0;
    /** Runs the page calls while the generator asks `rate` uploads per second; prints the rate it reached. */
    const underUploads = async (rate: number, label: string, list: string[], calls: number) => {
      let uploading = true;
      let started = 0;
      let done = 0;
      let late = 0;
      const device = { source: 'bench-phone', osType: 'ios', osVersion: '17', appVersion: '3.2.0' };
      const upload = async (user: number, n: number) => {
        await stageUpload(uploadsDb.db, user, device, [{ day: yesterday, steps: 5_000 + (n % 9_000), weight: null, body_fat_percentage: null }]);
        await applyStaged(uploadsDb.db, user, device.source, today, now);
        done += 1;
      };
      const uploader = (async () => {
        const every = 1000 / rate;
        const began = performance.now();
        const inflight = new Set<Promise<void>>();
        while (uploading) {
          const wait = began + started * every - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          else if (wait < -every) late += 1;
          const p = upload(ids[(uploadUser++ * 7919) % ids.length]!, started);
          started += 1;
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
          if (inflight.size >= UPLOADS_IN_FLIGHT) await Promise.race(inflight);
        }
        await Promise.all(inflight);
      })();
      // A second of uploads first, so that the pages meet the rate, not its start.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const done0 = done;
      const t5 = performance.now();
      await pages(`${label} during uploads asked at ${rate}/s`, list, calls);
      const seconds = (performance.now() - t5) / 1000;
      const reached = (done - done0) / seconds;
      uploading = false;
      await uploader;
      console.log(
        `  uploads: ${reached.toFixed(0)}/s completed while the pages ran (asked ${rate}/s, ${UPLOADS_IN_FLIGHT} at once; ${late} started more than one interval late)`,
      );
      return reached;
    };
    await underUploads(UPLOADS_PER_S / 2, 'warm', tokens, PAGES);
    await underUploads(UPLOADS_PER_S, 'warm', tokens, PAGES);
    await underUploads(UPLOADS_PER_S, 'first view of each league (cold)', await tokensOf(250), 200);
    console.log(`goal: p99 under 50 ms while uploads run at ${UPLOADS_PER_S}/s`);
    await uploadsDb.close();
    await app.close();
  });
});
