// Benchmark (not a test): the points ledger and missions at scale (issue 58, docs/requirements/points.md#points-scale,
// decision 188) on PostgreSQL. BENCH_MEMBERS (100,000) members with 2 years of entries each (BENCH_ENTRIES_PER_MONTH,
// 4: three awards and every tenth a spend), bulk-inserted with generate_series (the ledger's append-only triggers are
// disabled for the load, in this throw-away database only). Times getPoints (balance and first page; goal p99 under
// 20 ms), the evaluation of last month's six missions for every active member (goal under 5 minutes) and again with
// nothing new, and the nightly check (goal under 2 minutes). Prints figures only.
// Run: npm run bench:points. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server (a fresh database there, dropped afterwards); BENCH_CALLS (1,000) getPoints calls.
import { sql } from 'drizzle-orm';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { createSession } from '../src/domains/auth/service.ts';
import * as data from '../src/domains/points/data/points.ts';
import { evaluateMonth, monthOfInstant } from '../src/domains/points/missions.ts';
import { runNightlyCheck } from '../src/domains/points/service.ts';
import { benchApp, elapsed, runMain, stats, timedCall, withBenchDatabase } from './support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PER_MONTH = Number(process.env.BENCH_ENTRIES_PER_MONTH ?? 4);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const ENTRIES = PER_MONTH * 24;
const CHUNK = 10_000;

runMain(async () => {
  await withBenchDatabase('bench_points', async (database) => {
    const { db } = database;
    const now = new Date();
    const today = tokyoDay(now.getTime());
    const t0 = process.hrtime.bigint();
    await db.execute(sql`
      INSERT INTO tenants (name_ja, contract_type, corporate_contract, team_match_enabled, email_distribution_enabled)
      SELECT 'ベンチ株式会社' || n, 1, true, true, true FROM generate_series(1, 3) n`);
    await db.execute(sql`
      INSERT INTO users (tenant_id, email, nickname, accepted_terms_version)
      SELECT t.ids[1 + n % 3], 'points-bench' || n || '@example.com', 'bench' || n, 1000000
        FROM generate_series(1, ${MEMBERS}) n, (SELECT array_agg(id ORDER BY id) AS ids FROM tenants) t`);
    // The ledger: entry k (1..ENTRIES) of a member, spread over two years; every tenth spends 30, the others earn 10,
    // so balance_after = 10k - 40 floor(k/10) (never below 0).
    await db.execute(sql`ALTER TABLE point_entries DISABLE TRIGGER USER`);
    const bounds = (
      (await db.execute(sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM users`)) as unknown as { rows: { lo: number; hi: number }[] }
    ).rows[0]!;
    for (let lo = Number(bounds.lo); lo <= Number(bounds.hi); lo += CHUNK) {
      await db.execute(sql`
        INSERT INTO point_entries (user_id, amount, reason, params, idempotency_key, balance_after, acquisition, created_at)
        SELECT u, CASE WHEN k % 10 = 0 THEN -30 ELSE 10 END, CASE WHEN k % 10 = 0 THEN 'exchange' ELSE 'quiz' END,
               CASE WHEN k % 10 = 0 THEN jsonb_build_object('applicationID', k, 'rewardID', 1) ELSE jsonb_build_object('questionID', k, 'day', '2025-01-01') END,
               'bench:' || u || ':' || k, 10 * k - 40 * (k / 10), k % 10 <> 0,
               ${now.toISOString()}::timestamptz - make_interval(days => 730) + make_interval(secs => k * (730.0 * 86400 / ${ENTRIES + 1}))
          FROM generate_series(${lo}::int, ${Math.min(lo + CHUNK - 1, Number(bounds.hi))}::int) u CROSS JOIN generate_series(1, ${ENTRIES}) k
         ORDER BY u, k`);
    }
    await db.execute(sql`ALTER TABLE point_entries ENABLE TRIGGER USER`);
    await db.execute(sql`
      INSERT INTO point_balances (user_id, balance, last_acquired_at, last_entry_id)
      SELECT user_id, (array_agg(balance_after ORDER BY id DESC))[1], max(created_at) FILTER (WHERE acquisition), max(id)
        FROM point_entries GROUP BY user_id`);
    // Last month's activity: steps on most days, weight and the lifestyle log on some, a few articles and surveys.
    const month = monthOfInstant(new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00+09:00`) - 86_400_000));
    const b = data.monthBounds(month);
    await db.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT u.id, d::date, 2000 + (hashtext(u.id || ':' || d) & 2147483647) % 10000
        FROM users u CROSS JOIN generate_series(${b.from}::date, ${b.to}::date - 1, interval '1 day') d
       WHERE (hashtext('s' || u.id || ':' || d) & 2147483647) % 100 < 85`);
    await db.execute(sql`
      INSERT INTO health_logs (user_id, day, weight, sleepness)
      SELECT u.id, d::date, CASE WHEN (hashtext('w' || u.id || ':' || d) & 2147483647) % 2 = 0 THEN 60 END, 1
        FROM users u CROSS JOIN generate_series(${b.from}::date, ${b.to}::date - 1, interval '1 day') d
       WHERE (hashtext('h' || u.id || ':' || d) & 2147483647) % 100 < 40`);
    await db.execute(sql`
      INSERT INTO report_articles (title_ja, image_url, published_at) SELECT '記事' || n, '/x.svg', ${b.fromTs}::timestamptz FROM generate_series(1, 5) n`);
    await db.execute(sql`
      INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day)
      SELECT a.id, u.id, ${b.fromTs}::timestamptz + interval '3 days', ${addDays(b.from, 3)}::date
        FROM users u CROSS JOIN (SELECT id FROM report_articles ORDER BY id LIMIT 3) a
       WHERE (hashtext('a' || u.id || ':' || a.id) & 2147483647) % 100 < 50`);
    await db.execute(sql`DELETE FROM mission_queue`);
    const missions: data.MissionWrite[] = [
      { kind: 'steps', target: 10, minSteps: 8000, points: 300 },
      { kind: 'steps', target: 20, minSteps: 3000, points: 200 },
      { kind: 'weightLog', target: 5, minSteps: null, points: 200 },
      { kind: 'lifestyleLog', target: 10, minSteps: null, points: 200 },
      { kind: 'articlesRead', target: 2, minSteps: null, points: 100 },
      { kind: 'surveyAnswered', target: 1, minSteps: null, points: 100 },
    ].map(
      (m) =>
        ({ ...m, month, titleJa: `ベンチ ${m.kind}`, titleEn: null, descriptionJa: null, descriptionEn: null, published: true }) as data.MissionWrite,
    );
    for (const m of missions) await data.insertMission(db, m, now, 'bench');
    await db.execute(sql`VACUUM ANALYZE`);
    const [n] = ((await db.execute(sql`SELECT count(*)::int AS n FROM point_entries`)) as unknown as { rows: { n: number }[] }).rows;
    console.log(`loaded ${MEMBERS} members, ${n!.n} entries (2 years), last month's activity, in ${(elapsed(t0) / 1000).toFixed(1)} s`);

    // getPoints: the balance and the first page, members at random.
    const app = await benchApp(db);
    const ids = ((await db.execute(sql`SELECT id FROM users ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((x) => x.id);
    const tokens: string[] = [];
    for (let i = 0; i < 300; i++) tokens.push((await createSession(db, ids[(i * 331) % ids.length]!, now)).token);
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) samples.push(await timedCall(app, 'getPoints', {}, tokens[i % tokens.length]!));
    const s = stats(samples);
    const sorted = [...samples].sort((x, y) => x - y);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!;
    console.log(
      `getPoints (balance and first page of ${ENTRIES} entries): p50 ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${CALLS} calls (goal: p99 20 ms)`,
    );
    await app.close();

    const t1 = process.hrtime.bigint();
    const first = await evaluateMonth(db, month, now);
    console.log(
      `evaluate ${month} (${first.missions} missions, every active member): ${first.awarded} completions awarded in ${(elapsed(t1) / 1000).toFixed(1)} s (goal: 300 s)`,
    );
    const t2 = process.hrtime.bigint();
    const again = await evaluateMonth(db, month, now);
    console.log(`evaluate ${month} again: ${again.awarded} awarded in ${(elapsed(t2) / 1000).toFixed(1)} s (goal: 300 s)`);

    const t3 = process.hrtime.bigint();
    const check = await runNightlyCheck(db, now, null);
    console.log(`nightly check: ${check!.members} members, ${check!.mismatches} mismatches, in ${(elapsed(t3) / 1000).toFixed(1)} s (goal: 120 s)`);
  });
});
