// Benchmark (not a test): the mail magazine's start and hand-over (issue 59, docs/requirements/magazine.md#magazine-delivery,
// decision 185) on PostgreSQL. 100,000 members in 3 tenants; one issue sent now: times the start (the issue's
// recipients fixed, one delivery each, in one transaction; goal: within 30 s) and dispatch batches (claim, render per
// member, one outbox INSERT, mark handed over). Prints figures only.
// Run: npm run bench:magazine. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server (a fresh database there, dropped afterwards); BENCH_MEMBERS (100,000), BENCH_BATCHES (20) and BENCH_BATCH (250).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { rows } from '../src/db/query.ts';
import { insertIssue, scheduleIssue } from '../src/domains/magazine/data.ts';
import { dispatchBatch, startDueIssues } from '../src/domains/magazine/service.ts';
import { elapsed, runMain, stats, withBenchDatabase } from './support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 250);

runMain(async () => {
  await withBenchDatabase('bench_magazine', async (database) => {
    const { db } = database;
    const now = new Date();
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', MAGAZINE_RATE_PER_MINUTE: '1000000', APP_BASE_URL: 'https://hibi.example.com' } as NodeJS.ProcessEnv),
    };
    await db.execute(sql`
      INSERT INTO tenants (name_ja, contract_type, corporate_contract, email_distribution_enabled)
      SELECT 'ベンチ株式会社' || n, 1, true, true FROM generate_series(1, 3) n`);
    // Members round robin over the 3 tenants; 1 in 4 reads English; 1 in 20 opted out (left out at the start).
    await db.execute(sql`
      INSERT INTO users (tenant_id, email, nickname, locale, email_distribution)
      SELECT t.ids[1 + n % 3], 'magazine-bench' || n || '@example.com', 'bench' || n, CASE WHEN n % 4 = 0 THEN 'en' ELSE 'ja' END, n % 20 <> 0
        FROM generate_series(1, ${MEMBERS}) n, (SELECT array_agg(id ORDER BY id) AS ids FROM tenants) t`);
    await database.withConnection((q) => q('VACUUM ANALYZE'));
    const body = `<h2>今月のお便り</h2>${'<p>寒い季節こそ、こまめに歩きましょう。<a href="/events">イベント</a></p>'.repeat(12)}<img src="/media/uploads/0123456789abcdef0123456789abcdef.webp" alt="写真">`;
    const issue = await insertIssue(
      db,
      { subjectJa: '【Hibi通信】ベンチ', subjectEn: '[Hibi News] Bench', bodyJa: body, bodyEn: null },
      'bench',
      now,
    );
    await scheduleIssue(db, issue, now, 'bench', now);

    const t0 = process.hrtime.bigint();
    const started = await startDueIssues(db, now);
    const startMs = elapsed(t0);
    console.log(`members: ${MEMBERS} in 3 tenants; recipients fixed: ${started[0]?.recipients}`);
    console.log(`start (state, tenants, ${started[0]?.recipients} deliveries in one transaction): ${startMs.toFixed(0)} ms (goal: 30,000 ms)`);

    const samples: number[] = [];
    let handed = 0;
    for (let i = 0; i < BATCHES; i++) {
      const t1 = process.hrtime.bigint();
      const r = await dispatchBatch(db, config, new Date(now.getTime() + i), BATCH);
      samples.push(elapsed(t1));
      handed += r.handed;
    }
    const s = stats(samples);
    console.log(
      `dispatch batch of ${BATCH} (claim, render per member, one outbox INSERT, mark): median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${BATCHES} batches; ${handed} mails, ${((handed / samples.reduce((a, b) => a + b, 0)) * 1000).toFixed(0)} mails/s`,
    );
    const [size] = await rows<{ outbox: string; deliveries: string }>(
      db,
      sql`SELECT pg_size_pretty(pg_total_relation_size('mail_outbox')) AS outbox, pg_size_pretty(pg_total_relation_size('magazine_deliveries')) AS deliveries`,
    );
    console.log(`sizes: mail_outbox ${size?.outbox} (${handed} mails), magazine_deliveries ${size?.deliveries}`);
  });
});
