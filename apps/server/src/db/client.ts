import fs from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (several statements allowed) on one connection held for the whole callback. */
  withConnection<T>(fn: (query: (sqlText: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in a folder (or in memory when dataDir is 'memory://'). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never loads PGlite's WebAssembly build.
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm (trigram matching: the library search's Japanese substrings, migration 0110) ships with PGlite as an
  // extension bundle; it must be loaded at every open, as migrations and queries use it.
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withConnection: (fn) =>
      fn(async (text) => {
        const results = await client.exec(text);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    close: async () => {
      await client.close();
    },
  };
}

export async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // Keep the process up when an idle client errors (server restart); the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    withConnection: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn(async (text) => {
          const result = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        conn.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
