// Shared pieces of the benchmark scripts: a throw-away PostgreSQL database, the app, timed calls and their figures.
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';

/** BENCH_DATABASE_URL names the server; each script creates and drops its own database there. */
const serverUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const elapsed = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), max: s.at(-1)! };
}

/** Prints one function's figures in the form the closing notes quote, and returns them. */
export function report(fn: string, samples: number[]) {
  const r = stats(samples);
  console.log(`${fn}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${samples.length} calls)`);
  return r;
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs the benchmark on a fresh, migrated database that is dropped afterwards, whatever happens. */
export async function withBenchDatabase(prefix: string, run: (database: Database, url: string) => Promise<void>) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  try {
    await migrate(database);
    await run(database, url.toString());
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** The real app without logging, ready for app.inject. */
export async function benchApp(db: Db): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), logLevel: 'silent' as const };
  const app = await buildApp({ config, db, routes: async () => {} });
  await app.ready();
  return app;
}

/** One call through the function entry; answers its time in ms and throws when it did not succeed. */
export async function timedCall(app: FastifyInstance, fn: string, payload: object, token: string): Promise<number> {
  const t = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: `/api/functions/${fn}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(payload),
  });
  const ms = elapsed(t);
  if (!res.json().succeed) throw new Error(`${fn} failed: ${res.body}`);
  return ms;
}

export function runMain(main: () => Promise<void>) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/** Waits until a started server answers `url` with 2xx (a benchmark's server process starting up). */
export async function waitUp(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
