// Benchmark (not a test): a tenant of 10,000 members in 10 departments with a year of daily steps and health logs in
// a fresh PostgreSQL database, then the median and p95 time of getCompanyInsights (issue 32, decisions 146 and 149)
// through the real console entry (app.inject, an owner's bearer session): periods of 1 to 12 months, each grouping
// in turn. Goal: median <= 200 ms. Run: npm run bench:insights
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the machine's cluster) names the server;
// the script creates and drops its own database there. BENCH_PG_SETTINGS (for example "shared_buffers=2GB
// effective_cache_size=8GB") starts a PostgreSQL cluster of its own instead (Debian's initdb, as the fault tests do)
// with those settings. BENCH_USERS, BENCH_CALLS and BENCH_LOGS=0 (steps only) change the size.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { benchApp, elapsed, report, runMain, withBenchDatabase } from './support.ts';
import { canStartPrivateCluster, PrivateCluster } from '../test/private-cluster.ts';
import { refreshAllAggregates } from '../src/domains/health/data.ts';
import { foldWeekCells } from '../src/domains/insights/data.ts';
import { insertOperator, insertSession } from '../src/domains/operators/data.ts';
import { hashToken, newOpaqueToken } from '../src/lib/tokens.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const DAYS = 365;
const CALLS = Number(process.env.BENCH_CALLS ?? 120);
const WARMUP = 15;
const LOGS = process.env.BENCH_LOGS !== '0';
const GROUPINGS = ['none', 'department', 'ageBand'] as const;

async function main() {
  let cluster: PrivateCluster | undefined;
  if (process.env.BENCH_PG_SETTINGS) {
    if (!canStartPrivateCluster()) throw new Error('No initdb here: leave BENCH_PG_SETTINGS out to use BENCH_DATABASE_URL');
    const settings = process.env.BENCH_PG_SETTINGS.split(/\s+/).filter(Boolean);
    cluster = await PrivateCluster.create(57000, settings);
    process.env.BENCH_DATABASE_URL = cluster.url();
    console.log(`a PostgreSQL cluster of its own on port ${cluster.port}: ${settings.join(' ')}`);
  } else {
    console.log(`PostgreSQL at ${(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/:[^:@/]*@/, ':***@')}`);
  }
  try {
    await run();
  } finally {
    await cluster?.destroy();
  }
}

async function run() {
  await withBenchDatabase('hibi_bench_insights', async (database) => {
    const { db } = database;
    const now = new Date();
    const today = tokyoDay(now.getTime());
    let t0 = process.hrtime.bigint();
    const [tenant] = (
      (await db.execute(
        sql`INSERT INTO tenants (name_ja, contract_type, corporate_contract) VALUES ('ベンチ社', 1, true) RETURNING id`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    await db.execute(sql`
      INSERT INTO users (tenant_id, email, nickname, attribution1, birth_year, last_login_at)
      SELECT ${tenant!.id}, 'bench' || n || '@example.com', 'bench' || n, '部署' || (n % 10), 1960 + n % 45,
             now() - (n % 200) * interval '1 day'
      FROM generate_series(1, ${USERS}) n`);
    await db.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT u.id, ${today}::date - g, (2000 + (hashtext(u.id || ':' || g) & 2147483647) % 12000)
      FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g`);
    if (LOGS) {
      await db.execute(sql`
        INSERT INTO health_logs (user_id, day, exercise, breakfast, night_meal, overeating, overdrinking, sleepness, feeling)
        SELECT u.id, ${today}::date - g, 1 + (h >> 1 & 1), 1 + (h >> 2 & 1), 1 + (h >> 3 & 1), 1 + (h >> 4 & 1), 1 + (h >> 5 & 1),
               1 + (h >> 6 & 1), 1 + (h >> 7 & 1)
        FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g
        CROSS JOIN LATERAL (SELECT hashtext('l' || u.id || ':' || g) & 2147483647 AS h) x
        WHERE x.h % 10 < 3`);
    }
    console.log(`loaded ${USERS} members x ${DAYS} days${LOGS ? ' (and health logs on 30% of days)' : ''} in ${(elapsed(t0) / 1000).toFixed(1)} s`);
    t0 = process.hrtime.bigint();
    await refreshAllAggregates(db);
    // The weekly cells' changes, folded as the servers do every few seconds (migration 0810).
    await foldWeekCells(db);
    await database.withConnection((q) => q('VACUUM ANALYZE'));
    console.log(`built the weekly and monthly aggregates in ${(elapsed(t0) / 1000).toFixed(1)} s`);

    const operatorId = await insertOperator(db, { email: 'bench-owner@example.com', displayName: 'bench', role: 'owner' }, now);
    const token = newOpaqueToken();
    await insertSession(db, operatorId!, hashToken(token), new Date(now.getTime() + 12 * 3600_000), now);
    const app = await benchApp(db);
    const payload = (i: number) => {
      const months = 1 + (i % 12);
      const to = addDays(today, -(i % 20));
      const from = addDays(to, -Math.min(364, months * 30) + 1);
      return { tenantId: tenant!.id, from, to, groupBy: GROUPINGS[i % GROUPINGS.length]! };
    };
    const call = async (i: number) => {
      const t = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/console/getCompanyInsights',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(payload(i)),
      });
      const ms = elapsed(t);
      if (res.statusCode !== 200 || !res.json().succeed) throw new Error(`getCompanyInsights answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return ms;
    };
    console.log(
      `load average before the calls: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    for (let i = 0; i < WARMUP; i += 1) await call(i);
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) samples.push(await call(i * 7 + 3));
    report('getCompanyInsights (1-12 months, every grouping)', samples);
    const year: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const t = process.hrtime.bigint();
      await app.inject({
        method: 'POST',
        url: '/api/console/getCompanyInsights',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ tenantId: tenant!.id, from: addDays(today, -364), to: today, groupBy: GROUPINGS[i % 3] }),
      });
      year.push(elapsed(t));
    }
    report('getCompanyInsights (a whole year)', year);
    await app.close();
  });
}

runMain(main);
