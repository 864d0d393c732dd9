import fs from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Sends a notification on the listening connection itself (db/changes.ts: the read barrier). */
export type Notifier = (payload: string) => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (several statements allowed) on one connection held for the whole callback. */
  withConnection<T>(fn: (query: (sqlText: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /**
   * Listens on a NOTIFY channel for as long as the database is open. `onState(true)` once listening, `onState(false)`
   * whenever notifications may have been missed (PostgreSQL: the listening connection broke; it reconnects and calls
   * `onState(true)` again), so whoever caches on the strength of these notifications can forget what it holds.
   * Answers a way to NOTIFY on that same connection (null for PGlite, whose notifications arrive before the writing
   * statement returns).
   */
  listen(channel: string, onPayload: (payload: string) => void, onState: (live: boolean) => void): Promise<Notifier | null>;
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
    listen: async (channel, onPayload, onState) => {
      // One process, one database: notifications arrive before the writing statement's promise resolves.
      await client.listen(channel, onPayload);
      onState(true);
      return null;
    },
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
  let closed = false;
  let listenerClient: pg.Client | null = null;
  /** A dedicated connection (not from the pool) that LISTENs; on any error it reports `false`, waits and reconnects. */
  async function listenWithReconnect(
    connectionString: string,
    channel: string,
    onPayload: (payload: string) => void,
    onState: (live: boolean) => void,
    isClosed: () => boolean,
  ): Promise<void> {
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString });
      let failed = false;
      const fail = () => {
        if (failed || isClosed()) return;
        failed = true;
        onState(false);
        client.end().catch(() => {});
        setTimeout(() => void connect().catch(() => {}), 1000).unref();
      };
      client.on('error', fail);
      client.on('end', fail);
      // Its own pings (db/changes.ts) need no flush to disk: they carry no data.
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        await client.query('SET synchronous_commit = off');
      } catch (error) {
        fail();
        throw error;
      }
      if (failed) return;
      listenerClient = client;
      onState(true);
    };
    await connect();
  }
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
    listen: async (channel, onPayload, onState) => {
      await listenWithReconnect(url, channel, onPayload, onState, () => closed);
      return async (payload) => {
        if (!listenerClient) throw new Error('not listening');
        await listenerClient.query('SELECT pg_notify($1, $2)', [channel, payload]);
      };
    },
    close: async () => {
      closed = true;
      await listenerClient?.end().catch(() => {});
      await pool.end();
    },
  };
}
