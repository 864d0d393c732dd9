// Benchmark (not a test): the console home, getConsoleHome (issue 60, decision 181), through the real console entry
// (app.inject, operators' bearer sessions) on the demo content grown to 10,000 members: their sessions and device
// uploads over the last fortnight, reservations, survey answers, waiting lists, failed mail. Prints median, p95 and
// p99 per role and database: embedded PGlite always, and PostgreSQL when TEST_DATABASE_URL is set (a fresh database
// there, dropped afterwards). Goal: p99 under 100 ms. Run: npm run bench:console-home
// BENCH_USERS (default 10,000 members in all) and BENCH_CALLS (per role, default 200) change the size; BENCH_ONLY
// (pglite or postgres) runs one database; BENCH_PARTS=1 also times each statement alone.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { OperatorRole } from '@hibi/contract/console/protocol';
import { openPglite, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import { insertOperator, insertSession } from '../src/domains/operators/data.ts';
import { hashToken, newOpaqueToken } from '../src/lib/tokens.ts';
import { rows } from '../src/db/query.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { benchApp, elapsed, runMain, stats } from './support.ts';
import * as homeData from '../src/domains/home/data.ts';
import { forgetUsage } from '../src/domains/home/service.ts';
import { calendarEntries } from '../src/domains/calendar/data.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;
const ROLES: OperatorRole[] = ['owner', 'editor', 'support'];

async function seed(database: Database, now: Date) {
  const { db } = database;
  const t0 = process.hrtime.bigint();
  await seedDemoContent(db, now);
  const [{ n: demo } = { n: 0 }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  const extra = Math.max(0, USERS - demo);
  // The demo's tenants, round robin; a sign-up date over the last 60 days.
  await db.execute(sql`
    INSERT INTO users (tenant_id, email, nickname, attribution1, birth_year, created_at, last_login_at)
    SELECT t.ids[1 + n % cardinality(t.ids)], 'home-bench' || n || '@example.com', 'bench' || n, '部署' || (n % 10), 1960 + n % 45,
           ${now.toISOString()}::timestamptz - (n % 60) * interval '1 day' - interval '1 hour',
           ${now.toISOString()}::timestamptz - (n % 20) * interval '1 day' - interval '2 hours'
      FROM generate_series(1, ${extra}) n, (SELECT array_agg(id ORDER BY id) AS ids FROM tenants) t`);
  // Sessions of 6 in 10 members, used over the last fortnight; device uploads of 3 in 10.
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at)
    SELECT u.id, 'home-bench-' || u.id, now() - (u.id % 25) * interval '1 day', now() + interval '14 days',
           now() - (u.id % 14) * interval '1 day' - interval '5 minutes'
      FROM users u WHERE u.email LIKE 'home-bench%' AND u.id % 10 < 6`);
  await db.execute(sql`
    INSERT INTO health_devices (user_id, source, os_type, os_version, app_version, last_upload_at)
    SELECT u.id, 'bench', 'ios', '18', '1.0', now() - (u.id % 16) * interval '1 day'
      FROM users u WHERE u.email LIKE 'home-bench%' AND u.id % 10 >= 7`);
  // A reservation of 2 in 10 members in a session of the demo, made over the last fortnight; 1 in 10 answered a survey.
  await db.execute(sql`
    INSERT INTO event_reservations (event_id, session_id, user_id, created_at)
    SELECT s.event_id, s.id, u.id, now() - (u.id % 15) * interval '1 day'
      FROM users u
      CROSS JOIN LATERAL (SELECT array_agg(id ORDER BY id) AS ids FROM event_sessions) a
      JOIN event_sessions s ON s.id = a.ids[1 + u.id % cardinality(a.ids)]
     WHERE u.email LIKE 'home-bench%' AND u.id % 10 < 2`);
  await db.execute(sql`
    INSERT INTO questionnaire_answers (questionnaire_id, user_id, body, answered_at)
    SELECT q.id, u.id, '[]'::jsonb, now() - (u.id % 15) * interval '1 day'
      FROM users u CROSS JOIN (SELECT min(id) AS id FROM questionnaires) q
     WHERE u.email LIKE 'home-bench%' AND u.id % 10 = 3 AND q.id IS NOT NULL`);
  // Failed mail, and members waiting for the demo's sessions.
  await db.execute(sql`
    INSERT INTO mail_outbox (kind, locale, to_address, subject, text_body, html_body, message_id, status, attempts, last_error, next_attempt_at)
    SELECT 'signup', 'ja', 'gone' || n || '@example.org', 's', 't', 'h', '<home-bench-' || n || '@bench.example>', 'failed', 1, '550 5.1.1 User unknown', now()
      FROM generate_series(1, 40) n`);
  await db.execute(sql`
    INSERT INTO event_waiting_list (event_id, session_id, user_id)
    SELECT DISTINCT ON (s.event_id, u.id) s.event_id, s.id, u.id
      FROM users u
      CROSS JOIN LATERAL (SELECT array_agg(id ORDER BY id) AS ids FROM event_sessions) a
      JOIN event_sessions s ON s.id = a.ids[1 + (u.id * 7) % cardinality(a.ids)]
     WHERE u.email LIKE 'home-bench%' AND u.id % 50 = 1
       AND NOT EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = s.event_id AND r.user_id = u.id AND r.cancelled_at IS NULL)`);
  await database.withConnection((q) => q('VACUUM ANALYZE'));
  const [counts] = await rows(
    db,
    sql`SELECT (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM tenants)::int AS tenants,
               (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM event_reservations)::int AS reservations,
               (SELECT count(*) FROM questionnaire_answers)::int AS answers, (SELECT count(*) FROM event_waiting_list)::int AS waiting,
               (SELECT count(*) FROM mail_outbox WHERE status = 'failed')::int AS failed_mail`,
  );
  console.log(`seeded in ${(elapsed(t0) / 1000).toFixed(1)} s:`, counts);
}

async function run(label: string, database: Database) {
  console.log(`\n== ${label}`);
  const now = new Date();
  await seed(database, now);
  const { db } = database;
  const tokens = new Map<OperatorRole, string>();
  for (const role of ROLES) {
    const id = await insertOperator(db, { email: `home-bench-${role}@example.com`, displayName: role, role }, now);
    const token = newOpaqueToken();
    await insertSession(db, id!, hashToken(token), new Date(now.getTime() + 12 * 3600_000), now);
    tokens.set(role, token);
  }
  if (process.env.BENCH_PARTS) {
    // Each statement alone (BENCH_PARTS=1): where the time of a call goes.
    const day = 86_400_000;
    const parts: [string, () => Promise<unknown>][] = [
      ['week', () => calendarEntries(db, { fromAt: now, toAt: new Date(now.getTime() + 7 * day), now, limit: 201 })],
      ['failedMail', () => homeData.failedMail(db, 20)],
      ['fullSessions', () => homeData.fullSessions(db, now, 20)],
      ['missingEnglish', () => homeData.missingEnglish(db, now, 20)],
      ['usage', () => homeData.usage(db, now, new Date(now.getTime() - 7 * day), new Date(now.getTime() - 14 * day))],
    ];
    for (const [name, run] of parts) {
      for (let i = 0; i < 5; i += 1) await run();
      const samples: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const t = process.hrtime.bigint();
        await run();
        samples.push(elapsed(t));
      }
      console.log(`  ${name}: median ${stats(samples).median.toFixed(1)} ms`);
    }
    if (process.env.BENCH_PARTS === 'explain') {
      const { usageStatement } = homeData;
      const plan = await rows<Record<string, string>>(
        db,
        sql`EXPLAIN (ANALYZE, BUFFERS) ${usageStatement(now, new Date(now.getTime() - 7 * day), new Date(now.getTime() - 14 * day))}`,
      );
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    }
  }
  const app = await benchApp(db);
  const call = async (role: OperatorRole) => {
    const t = process.hrtime.bigint();
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/getConsoleHome',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(role)}` },
      payload: '{}',
    });
    const ms = elapsed(t);
    if (res.statusCode !== 200 || !res.json().succeed) throw new Error(`getConsoleHome answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, body: res.json() };
  };
  const sample = (await call('owner')).body;
  console.log(
    `an owner's home: ${sample.week.entries.length} entries this week, ${sample.decisions.failedMail.total} failed mails, ` +
      `${sample.decisions.fullSessions.total} full sessions waiting, ${sample.decisions.missingEnglish.total} items missing English, ` +
      `${sample.usage.rows.length} usage rows (active ${sample.usage.rows[0].active.current} vs ${sample.usage.rows[0].active.previous})`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil(0.99 * samples.length) - 1)]!;
  const line = (what: string, samples: number[]) => {
    const s = stats(samples);
    const q = p99(samples);
    console.log(
      `getConsoleHome ${label} ${what}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${q.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${samples.length} calls; goal p99 < 100 ms: ${q < 100 ? 'met' : 'NOT met'})`,
    );
  };
  for (const role of ROLES) {
    for (let i = 0; i < WARMUP; i += 1) await call(role);
    // As served: the usage figures kept for USAGE_KEEP_MS in the process (read anew when older).
    const served: number[] = [];
    for (let i = 0; i < CALLS; i += 1) served.push((await call(role)).ms);
    line(`${role} (as served)`, served);
    // Every call reads everything anew: the cost of a call that finds no kept figures.
    const cold: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      forgetUsage();
      cold.push((await call(role)).ms);
    }
    line(`${role} (usage read anew each call)`, cold);
  }
  await app.close();
}

async function main() {
  // BENCH_ONLY=pglite or postgres runs one of the two.
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const pglite = await openPglite('memory://');
    try {
      await migrate(pglite);
      await run('PGlite', pglite);
    } finally {
      await pglite.close();
    }
  }
  if (only === 'pglite') return;
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
