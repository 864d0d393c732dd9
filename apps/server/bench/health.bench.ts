// Benchmark (not a test): 10,000 users with a year of daily steps and health logs in a fresh PostgreSQL
// database, then the median and p95 time of getHealthDataByRange (every flag) and getHealthLogStats through the
// real function entry (app.inject), and of a step upload's notifyHealthDataFixed (its uploadHealthData before it,
// untimed): the write that brings the weekly, monthly and running aggregates up to date. Run: npm run bench:health
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the script creates
// and drops its own database there. BENCH_USERS and BENCH_CALLS change the size.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { benchApp, elapsed, report, runMain, timedCall, withBenchDatabase } from './support.ts';
import { createSession } from '../src/domains/auth/service.ts';
import { addDays, addMonths, mondayOf, monthOf, tokyoDay, tokyoDayStart } from '@hibi/contract/time';
import { refreshAllAggregates } from '../src/domains/health/data.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const DAYS = 365;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WARMUP = 30;

async function main() {
  await withBenchDatabase('hibi_bench', async (database) => {
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
      INSERT INTO users (tenant_id, email, nickname, height_tenths, accepted_terms_version)
      SELECT ${tenant!.id}, 'bench' || n || '@example.com', 'bench' || n, 1500 + n % 400, 1000000 FROM generate_series(1, ${USERS}) n`);
    await db.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT u.id, ${today}::date - g, (2000 + (hashtext(u.id || ':' || g) & 2147483647) % 12000)
      FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g`);
    await db.execute(sql`
      INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating,
        overdrinking, sleepness, feeling)
      SELECT u.id, ${today}::date - g, 50 + u.id % 40, 15 + u.id % 20,
        1 + (h >> 1 & 1), 1 + (h >> 2 & 1), 1 + (h >> 3 & 1), 1 + (h >> 4 & 1), 1 + (h >> 5 & 1), 1 + (h >> 6 & 1), 1 + (h >> 7 & 1)
      FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g
      CROSS JOIN LATERAL (SELECT hashtext('l' || u.id || ':' || g) & 2147483647 AS h) x
      WHERE x.h % 10 < 7`);
    console.log(`loaded ${USERS} users x ${DAYS} days in ${(elapsed(t0) / 1000).toFixed(1)} s`);
    t0 = process.hrtime.bigint();
    await refreshAllAggregates(db);
    // A settled database, as autovacuum would leave it (visibility map for index-only scans).
    await database.withConnection((q) => q('VACUUM ANALYZE'));
    console.log(`built the weekly and monthly aggregates in ${(elapsed(t0) / 1000).toFixed(1)} s`);
    const counts = (
      (await db.execute(sql`SELECT (SELECT count(*) FROM daily_steps)::int AS steps, (SELECT count(*) FROM health_logs)::int AS logs,
        (SELECT count(*) FROM weekly_steps)::int AS weeks, (SELECT count(*) FROM health_monthly)::int AS months`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows[0];
    console.log('rows:', counts);

    const app = await benchApp(db);
    const userIds = ((await db.execute(sql`SELECT id FROM users ORDER BY random() LIMIT 100`)) as unknown as { rows: { id: number }[] }).rows.map(
      (r) => r.id,
    );
    const tokens: string[] = [];
    for (const id of userIds) tokens.push((await createSession(db, id, now)).token);

    const call = (fn: string, payload: object, token: string) => timedCall(app, fn, payload, token);
    const thisMonday = mondayOf(today);
    const rangePayload = (i: number) => {
      const from = addDays(thisMonday, -7 * (i % 52));
      return {
        fromDateTime: tokyoDayStart(from),
        toDateTime: tokyoDayStart(addDays(from, 7)) - 1,
        needsWeeklyAverage: true,
        needsStepStatistics: true,
        needsDailyScore: true,
        needsInterview: true,
        needsWeight: true,
        needsBMI: true,
        needsBodyFatPercentage: true,
      };
    };
    const statsPayload = (i: number) => ({ fromDateTime: tokyoDayStart(addMonths(monthOf(today), -1 - (i % 11))) });

    console.log(
      `load average before the calls: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    for (const [fn, payload] of [
      ['getHealthDataByRange', rangePayload],
      ['getHealthLogStats', statsPayload],
    ] as const) {
      for (let i = 0; i < WARMUP; i += 1) await call(fn, payload(i), tokens[i % tokens.length]!);
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i += 1) samples.push(await call(fn, payload(i * 7 + 3), tokens[(i * 13) % tokens.length]!));
      report(fn, samples);
    }
    // A phone's sync: one of the last three days' steps, then the notify that applies it (timed).
    const device = { osType: 'ios', osVersion: '18.0', appVersion: '1.0.0', source: 'bench-phone' };
    const upload = (i: number) => ({ healthData: [{ dateTime: tokyoDayStart(addDays(today, -(i % 3))), steps: 4000 + i }], ...device });
    const notifySamples: number[] = [];
    for (let i = 0; i < WARMUP + CALLS; i += 1) {
      const token = tokens[(i * 13) % tokens.length]!;
      await call('uploadHealthData', upload(i), token);
      const ms = await call('notifyHealthDataFixed', device, token);
      if (i >= WARMUP) notifySamples.push(ms);
    }
    report('notifyHealthDataFixed', notifySamples);
    await app.close();
  });
}

runMain(main);
