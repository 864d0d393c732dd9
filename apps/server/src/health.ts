import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { rows } from './db/query.ts';
import { migrationFiles } from './db/migrate.ts';

/** What main.ts tells the routes about the process: set once SIGTERM arrives. */
export interface Lifecycle {
  shuttingDown: boolean;
  /**
   * Set while the server calls itself before it listens (warm-up.ts): those calls are left out of the access log and
   * of the write admission's figures.
   */
  warmingUp?: boolean;
}

class Timeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Ready: the database answers within the timeout and every migration file of this build is applied. */
export async function readiness(db: Db, timeoutMs: number): Promise<{ ready: true } | { ready: false; reason: 'database' | 'migrations' }> {
  try {
    const result = await within(rows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`), timeoutMs);
    const applied = new Set(result.map((r) => r.name));
    return migrationFiles().every((f) => applied.has(f)) ? { ready: true } : { ready: false, reason: 'migrations' };
  } catch {
    return { ready: false, reason: 'database' };
  }
}

/**
 * /healthz: the process is alive (liveness; never touches the database, so a slow database does not get the
 * process restarted). /readyz: this process should get traffic (the database answers, migrations are applied,
 * not shutting down). /api/health stays as the liveness alias older checks use.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db, config: Config, lifecycle: Lifecycle = { shuttingDown: false }) {
  const alive = async (_request: unknown, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  };
  app.get('/healthz', alive);
  app.get('/api/health', alive);
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.shuttingDown) return reply.code(503).send({ ready: false, reason: 'shuttingDown' });
    const state = await readiness(db, config.readyTimeoutMs);
    return reply.code(state.ready ? 200 : 503).send(state);
  });
}
