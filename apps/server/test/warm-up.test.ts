import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { ChangeFeed } from '../src/db/changes.ts';
import { rows } from '../src/db/query.ts';
import type { Database } from '../src/db/client.ts';
import type { Lifecycle } from '../src/health.ts';
import { domainRoutes } from '../src/routes.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import { WARM_UP_CALLS, warmUp } from '../src/warm-up.ts';
import { createMember } from './fixtures.ts';
import { createTestDatabase, onPostgres } from './helpers.ts';

// The server calls itself before it listens (decision 172). What must hold: it answers every warm-up call as a guest
// or a stranger would be answered (200 or 401, never a 400 of a payload gone stale), it writes nothing, its reads do not
// count towards the write admission, it leaves no access-log lines, and the database's connections are open after it.
const WINDOW_MS = 1000;
/** A past day in Tokyo that the upload's checks accept. */
const A_DAY = Date.UTC(2026, 0, 31, 15);
let database: Database;
let changes: ChangeFeed;
const lifecycle: Lifecycle = { shuttingDown: false };
const lines: { msg?: string; fn?: string }[] = [];

async function appWith(marker: Lifecycle) {
  const config = { ...loadConfig({ LOG_LEVEL: 'info' } as NodeJS.ProcessEnv), logLevel: 'info' as const };
  const app = await buildApp({
    config,
    db: database.db,
    routes: domainRoutes(config, database.db),
    changes,
    lifecycle: marker,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    // Every read counts as slow, and a handful of them is enough to judge a window by (as in write-admission.test.ts).
    writeAdmission: { readTargetMs: 0.001, windowMs: WINDOW_MS, minReads: 5, minShare: 0.02, step: 0.05, maxInFlight: 1000, readsPerClient: 1000 },
  });
  await app.ready();
  return app;
}

/** Every table's row count: the whole database's state as far as a write would show. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
    counts[name] = row!.n;
  }
  return counts;
}

const uploadOnce = (app: Awaited<ReturnType<typeof appWith>>, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/functions/uploadHealthData',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({
      healthData: [{ dateTime: A_DAY, steps: 4000 }],
      osType: 'ios',
      osVersion: '18.0',
      appVersion: '1.0.0',
      source: 'test',
    }),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  changes = await ChangeFeed.start(database);
}, 60_000);
afterAll(async () => database?.close());

describe('the warm-up before listening', () => {
  it('answers each call as a guest or a stranger, writes nothing, and leaves no access-log line', async () => {
    const app = await appWith(lifecycle);
    try {
      const before = await tableCounts();
      lines.length = 0;
      const report = await warmUp(app, { openConnections: () => database.openConnections(), budgetMs: 60_000, maxRounds: 3, marker: lifecycle });
      expect(report.stoppedBy).toBeUndefined();
      expect(report.rounds).toBe(3);
      expect(report.calls).toBe(3 * WARM_UP_CALLS.length);
      const guests = WARM_UP_CALLS.filter((c) => !c.member).length;
      // Guests' reads answer 200; a member's call with the unknown token 401, or 200 as a guest where guests are served.
      expect(Object.keys(report.statuses).sort()).toEqual(['200', '401']);
      expect(report.statuses[200]).toBeGreaterThanOrEqual(3 * guests);
      expect(report.statuses[401]).toBeGreaterThanOrEqual(3 * 3);
      expect(lifecycle.warmingUp).toBe(false);
      expect(lines.filter((line) => line.msg === 'access')).toEqual([]);
      expect(await tableCounts()).toEqual(before);

      // After it, calls are logged again.
      await app.inject({ method: 'POST', url: '/api/functions/getConfig', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(lines.filter((line) => line.msg === 'access').map((line) => line.fn)).toEqual(['getConfig']);
    } finally {
      await app.close();
    }
  });

  it('does not count its reads towards the write admission (the same reads, counted, hold writes back)', async () => {
    const { token: member } = await createMember(database.db);
    // Warm-up reads in one window, then the window ends: writes are all admitted.
    const warmed = await appWith(lifecycle);
    try {
      await warmUp(warmed, { openConnections: async () => 0, budgetMs: 60_000, maxRounds: 3, marker: lifecycle });
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
      const answers = await Promise.all(Array.from({ length: 8 }, () => uploadOnce(warmed, member)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    } finally {
      await warmed.close();
    }
    // The same rounds through an app whose marker they do not set: their reads count, and most writes are refused.
    const counted = await appWith({ shuttingDown: false });
    try {
      await warmUp(counted, { openConnections: async () => 0, budgetMs: 60_000, maxRounds: 3, marker: {} });
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
      const answers = await Promise.all(Array.from({ length: 8 }, () => uploadOnce(counted, member)));
      expect(answers.filter((a) => a.statusCode === 503).length).toBeGreaterThanOrEqual(5);
    } finally {
      await counted.close();
    }
  });

  it.runIf(onPostgres)("opens every pooled connection (PostgreSQL): each is the database's, idle, once it is done", async () => {
    const opened = await database.openConnections();
    // The test database's pool (helpers.ts: openPostgres's default of 10, one pool).
    expect(opened).toBe(10);
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND query = 'SELECT 1'`,
    );
    // The others were left idle after their SELECT 1 (this query's own connection is one of the ten).
    expect(row!.n).toBe(9);
  });

  it.skipIf(onPostgres)('opens no connection on PGlite (it has none)', async () => {
    expect(await database.openConnections()).toBe(0);
  });

  it('stops at the first answer of 5xx, and when the connections cannot be opened, and always clears its marker', async () => {
    const failing = Fastify();
    failing.post('/api/functions/:name', async (_request, reply) => reply.code(503).send({ succeed: false, errorCode: 'serviceUnavailable' }));
    await failing.ready();
    const marker: { warmingUp?: boolean } = {};
    const stopped = await warmUp(failing, { openConnections: async () => 0, budgetMs: 60_000, marker });
    expect(stopped.rounds).toBe(1);
    expect(stopped.stoppedBy).toMatch(/answered 503$/);
    expect(marker.warmingUp).toBe(false);

    const unreachable = await warmUp(failing, {
      openConnections: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      budgetMs: 60_000,
      marker,
    });
    expect(unreachable).toMatchObject({ rounds: 0, calls: 0, stoppedBy: 'connections: connect ECONNREFUSED 127.0.0.1:5432' });
    expect(marker.warmingUp).toBe(false);
    await failing.close();
  });
});
