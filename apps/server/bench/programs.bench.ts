// Benchmark (not a test): Team Walk at scale (issue 57, docs/requirements/programs.md#programs-scale, decision 187) on
// PostgreSQL. BENCH_MEMBERS (100,000) entrants in 3 tenants, 40 departments each, a 30-day round ending today:
// times the formation (department mode, goal under 60 s), the daily rank refresh of the whole round (goal under 10 s),
// and a member's round page (getTeamMatch) while uploads run at BENCH_UPLOADS_PER_S (300) per second (goal: p99 under
// 50 ms). Prints figures only.
// Run: npm run bench:programs. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server (a fresh database there, dropped afterwards); BENCH_PAGES (400) page calls.
import { sql } from 'drizzle-orm';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { createSession } from '../src/domains/auth/service.ts';
import { applyStaged, stageUpload } from '../src/domains/health/service.ts';
import { insertTeamMatch, setTeamMatchTenants } from '../src/domains/programs/data.ts';
import { formRound, holdHistory, refreshTeamRanks } from '../src/domains/programs/service.ts';
import { benchApp, elapsed, runMain, stats, timedCall, withBenchDatabase } from './support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const UPLOADS_PER_S = Number(process.env.BENCH_UPLOADS_PER_S ?? 300);
const ROUND_DAYS = 30;
const PRIOR_DAYS = 28;
const UPLOADS_IN_FLIGHT = Number(process.env.BENCH_UPLOADS_IN_FLIGHT ?? 8);

runMain(async () => {
  await withBenchDatabase('bench_programs', async (database) => {
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

    // A member's round page while uploads run at UPLOADS_PER_S (stage + apply with the hold, one member each).
    const app = await benchApp(db);
    const ids = ((await db.execute(sql`SELECT id FROM users ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((x) => x.id);
    const tokens: string[] = [];
    for (let i = 0; i < 200; i++) tokens.push((await createSession(db, ids[(i * 499) % ids.length]!, now)).token);
    const p99Of = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.99 * xs.length) - 1)]!;
    const quiet: number[] = [];
    for (let i = 0; i < PAGES; i++) quiet.push(await timedCall(app, 'getTeamMatch', { teamMatchID: matchId }, tokens[i % tokens.length]!));
    const q = stats(quiet);
    console.log(
      `member round page (getTeamMatch) alone: median ${q.median.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms, p99 ${p99Of(quiet).toFixed(1)} ms over ${PAGES} calls`,
    );
    let uploading = true;
    let uploads = 0;
    const yesterday = addDays(today, -1);
    const uploader = (async () => {
      const device = { source: 'bench-phone', osType: 'ios', osVersion: '17', appVersion: '3.2.0' };
      const every = 1000 / UPLOADS_PER_S;
      const began = Date.now();
      const inflight = new Set<Promise<void>>();
      while (uploading) {
        const due = began + uploads * every;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const user = ids[(uploads * 7919) % ids.length]!;
        uploads += 1;
        const p = (async () => {
          await stageUpload(db, user, device, [{ day: yesterday, steps: 5_000 + (uploads % 9_000), weight: null, body_fat_percentage: null }]);
          await applyStaged(db, user, device.source, today, now);
        })();
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        // As a server's pool would: a bounded number of uploads at once (the rest wait their turn).
        if (inflight.size >= UPLOADS_IN_FLIGHT) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    })();
    const samples: number[] = [];
    const t5 = process.hrtime.bigint();
    for (let i = 0; i < PAGES; i++) samples.push(await timedCall(app, 'getTeamMatch', { teamMatchID: matchId }, tokens[i % tokens.length]!));
    const pageSeconds = elapsed(t5) / 1000;
    uploading = false;
    await uploader;
    const s = stats(samples);
    const sorted = [...samples].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!;
    console.log(
      `member round page (getTeamMatch) during uploads: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${PAGES} calls (goal: p99 50 ms); uploads ${(uploads / pageSeconds).toFixed(0)}/s (asked ${UPLOADS_PER_S}/s)`,
    );
    await app.close();
  });
});
