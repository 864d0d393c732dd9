// Benchmark (not a test): 10,000 users of one tenant with a year of daily steps, a running team match with every user
// in a team of 8 (1,250 teams, 3 leagues), 100 friends and 20 individual matches, in a fresh PostgreSQL database; then the
// median and p95 time of the account calls through the real function entry (app.inject).
// Run: npm run bench:account
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the script creates and
// drops its own database there. BENCH_USERS and BENCH_CALLS change the size.
import { sql } from 'drizzle-orm';
import { benchApp, elapsed, report, runMain, timedCall, withBenchDatabase } from './support.ts';
import { createSession } from '../src/domains/auth/service.ts';
import { refreshAllAggregates } from '../src/domains/health/data.ts';
import { tokyoDay } from '@hibi/contract/time';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const DAYS = 365;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;

async function main() {
  await withBenchDatabase('hibi_bench_account', async (database) => {
    const { db } = database;
    const now = new Date();
    const today = tokyoDay(now);
    const t0 = process.hrtime.bigint();
    const tenant = (
      (await db.execute(
        sql`INSERT INTO tenants (name_ja, contract_type, corporate_contract, team_match_enabled, email_distribution_enabled) VALUES ('ベンチ社', 1, true, true, true) RETURNING id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    await db.execute(sql`
      INSERT INTO users (tenant_id, email, nickname, height_tenths, accepted_terms_version)
      SELECT ${tenant}, 'bench' || n || '@example.com', 'bench' || n, 1500 + n % 400, 1000000 FROM generate_series(1, ${USERS}) n`);
    await db.execute(sql`
      INSERT INTO daily_steps (user_id, day, steps)
      SELECT u.id, ${today}::date - g, (2000 + (hashtext(u.id || ':' || g) & 2147483647) % 12000)
      FROM users u CROSS JOIN generate_series(0, ${DAYS - 1}) g`);
    await db.execute(sql`INSERT INTO health_logs (user_id, day, weight) SELECT id, ${today}::date, 50 + id % 40 FROM users`);
    await db.execute(sql`INSERT INTO target_weights (user_id, weight) SELECT id, 48 + id % 40 FROM users`);
    // A running team match (started 20 days ago) with every user in a team of 8, and a finished one.
    await db.execute(sql`INSERT INTO team_matches (name_ja, start_at, end_at) VALUES
      ('ベンチ対抗戦', now() - interval '20 days', now() + interval '8 days'),
      ('前回の対抗戦', now() - interval '120 days', now() - interval '92 days')`);
    await db.execute(sql`
      INSERT INTO team_match_teams (team_match_id, name_ja, league)
      SELECT m.id, 'チーム' || n, (ARRAY['S','A','B'])[1 + n % 3]
      FROM team_matches m CROSS JOIN generate_series(0, ${Math.ceil(USERS / 8) - 1}) n`);
    await db.execute(sql`
      WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM users),
           t AS (SELECT id, team_match_id, row_number() OVER (PARTITION BY team_match_id ORDER BY id) - 1 AS i FROM team_match_teams)
      INSERT INTO team_match_members (team_id, team_match_id, user_id)
      SELECT t.id, t.team_match_id, u.id FROM u JOIN t ON t.i = u.i / 8`);
    // 100 friends for each of the first 100 users (a ring), and 20 individual matches.
    await db.execute(sql`
      INSERT INTO friendships (user_low, user_high, requested_by, status, accepted_at)
      SELECT DISTINCT least(a.id, b.id), greatest(a.id, b.id), a.id, 'accepted', now()
      FROM (SELECT id FROM users ORDER BY id LIMIT 100) a
      CROSS JOIN LATERAL (SELECT id FROM users WHERE id > a.id ORDER BY id LIMIT 100) b
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO individual_matches (name_ja, display_start_at, display_end_at, start_at, end_at, is_general, tenant_id)
      SELECT 'チャレンジ' || n, now() - interval '5 days', now() + interval '20 days', now(), now() + interval '14 days', n % 2 = 0,
             CASE WHEN n % 2 = 0 THEN NULL ELSE ${tenant}::int END
      FROM generate_series(1, 20) n`);
    await refreshAllAggregates(db);
    // As autovacuum would have done on a live database (visibility map for index-only counts, statistics).
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(`loaded ${USERS} users x ${DAYS} days, ${Math.ceil(USERS / 8)} teams per match, in ${(elapsed(t0) / 1000).toFixed(1)} s`);

    const app = await benchApp(db);
    const userIds = ((await db.execute(sql`SELECT id FROM users ORDER BY id LIMIT 100`)) as unknown as { rows: { id: number }[] }).rows.map(
      (r) => r.id,
    );
    const tokens: string[] = [];
    for (const id of userIds) tokens.push((await createSession(db, id, now)).token);

    const call = (fn: string, payload: object, token: string) => timedCall(app, fn, payload, token);
    const cases: [string, (i: number) => object][] = [
      ['getMyProfile', () => ({})],
      ['getFriendProfile', (i) => ({ userID: userIds[(i + 1) % 100]! })],
      ['getOwnFriends', (i) => ({ offset: (i % 10) * 9, perPage: 9 })],
      ['getCurrentUserStatus', () => ({})],
      ['getWalkingProgramRank', (i) => ({ timestamp: now.getTime() - (i % 52) * 7 * 86_400_000, filterbyTenant: i % 2 === 0 })],
    ];
    for (const [fn, payload] of cases) {
      for (let i = 0; i < WARMUP; i += 1) await call(fn, payload(i), tokens[i % tokens.length]!);
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i += 1) samples.push(await call(fn, payload(i), tokens[i % tokens.length]!));
      report(fn, samples);
    }
    await app.close();
  });
}

runMain(main);
