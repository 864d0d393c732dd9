// Benchmark (not a test): exportMyData of a member with 10 years of daily data (steps, health logs with weights) and
// then with 50, over real HTTP (the app listening on a free port, the download read chunk by chunk and thrown away),
// printing the zip's size, the time and the process's peak memory above its level before the download. The export
// streams (decision 104): the peak should not grow with the years. Embedded PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set. Run: npm run bench:export
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSession } from '../src/domains/auth/service.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { benchApp, elapsed, runMain } from './support.ts';

const YEARS = (process.env.BENCH_YEARS ?? '10,50').split(',').map(Number);
const MB = 1024 * 1024;

async function member(database: Database, years: number) {
  const { db } = database;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const tenant = await one<{ id: number }>(
    sql`INSERT INTO tenants (name_ja, contract_type, corporate_contract) VALUES ('ベンチ社', 1, true) RETURNING id`,
  );
  const user = await one<{ id: number }>(
    sql`INSERT INTO users (tenant_id, email, nickname, accepted_terms_version) VALUES (${tenant.id}, ${`bench${years}@example.com`}, 'bench', 1000000) RETURNING id`,
  );
  const days = Math.round(years * 365.25);
  await db.execute(
    sql`INSERT INTO daily_steps (user_id, day, steps) SELECT ${user.id}, current_date - g, 3000 + g % 9000 FROM generate_series(0, ${days - 1}) g`,
  );
  await db.execute(sql`INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating, overdrinking, sleepness, feeling, note)
    SELECT ${user.id}, current_date - g, 55 + (g % 100) * 0.1, 20 + (g % 50) * 0.1, 1 + g % 2, 1 + g % 2, 2 - g % 2, 1, 2, 1 + g % 2, 1,
           'よく歩いた日。 A good walking day, number ' || g
    FROM generate_series(0, ${days - 1}) g`);
  return { id: user.id, days };
}

async function run(label: string, database: Database) {
  console.log(`\n== ${label}`);
  const app = await benchApp(database.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    for (const years of YEARS) {
      const { id, days } = await member(database, years);
      const { token } = await createSession(database.db, id, new Date());
      globalThis.gc?.();
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      let bytes = 0;
      let chunks = 0;
      // Live memory: the heap right after a collection, every 5 chunks (what the download actually holds on to).
      let peakLive = before.heapUsed;
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${address}/api/functions/exportMyData`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      if (res.status !== 200 || !res.body) throw new Error(`exportMyData answered ${res.status}`);
      for await (const chunk of res.body) {
        bytes += (chunk as Uint8Array).length;
        const m = process.memoryUsage();
        peakHeap = Math.max(peakHeap, m.heapUsed);
        peakRss = Math.max(peakRss, m.rss);
        chunks += 1;
        if (globalThis.gc && chunks % 5 === 0) {
          globalThis.gc();
          peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
        }
      }
      const ms = elapsed(t0);
      console.log(
        `${years} years (${days} days x 2 tables, as JSON and CSV): zip ${(bytes / MB).toFixed(2)} MB (${chunks} chunks) in ${(ms / 1000).toFixed(2)} s; ` +
          `peak above the start: live heap +${((peakLive - before.heapUsed) / MB).toFixed(1)} MB, heap +${((peakHeap - before.heapUsed) / MB).toFixed(1)} MB, ` +
          `rss +${((peakRss - before.rss) / MB).toFixed(1)} MB`,
      );
    }
  } finally {
    await app.close();
  }
}

async function main() {
  if (!globalThis.gc) console.log('(run with --expose-gc for a settled starting point; npm run bench:export does)');
  const pglite = await openPglite('memory://');
  try {
    await migrate(pglite);
    await run('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await createTestDatabase();
    try {
      await run('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } else console.log('\n(TEST_DATABASE_URL not set: PostgreSQL skipped)');
}

runMain(main);
