import crypto from 'node:crypto';
import fs from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import type { DatabaseLimits } from '../config.ts';
import { keepCallRules } from './deadline.ts';
import { prepareStatements } from './prepared.ts';

export { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from '../config.ts';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Sends a notification to the listening connection itself (db/changes.ts: the read barrier), on a channel only that
 * connection listens on: other processes are not woken by this one's pings.
 */
export type Notifier = (payload: string) => Promise<void>;

export interface Database {
  db: Db;
  /**
   * The reading calls' connections (db/client.ts openPostgres's `readConnections`): a pool of their own on PostgreSQL,
   * so that writes queued at the main pool never hold up a read (issue 31); `db` itself where there is no such pool.
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (several statements allowed) on one connection held for the whole callback. */
  withConnection<T>(fn: (query: (sqlText: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /**
   * Listens on a NOTIFY channel for as long as the database is open. `onState(true)` once listening, `onState(false)`
   * whenever notifications may have been missed (PostgreSQL: the listening connection broke; it reconnects and calls
   * `onState(true)` again), so whoever caches on the strength of these notifications can forget what it holds.
   * Answers a way to NOTIFY on that same connection, on a channel of its own whose notifications also reach
   * `onPayload` (null for PGlite, whose notifications arrive before the writing statement returns).
   */
  listen(channel: string, onPayload: (payload: string) => void, onState: (live: boolean) => void): Promise<Notifier | null>;
  /**
   * Opens every pooled connection now (PostgreSQL; the server's warm-up before it listens, warm-up.ts): each is
   * checked out at once, asked `SELECT 1`, and given back. Answers how many; PGlite has none.
   */
  openConnections(): Promise<number>;
  /** PGlite only: its whole data directory as a tarball, which `openPglite(…, { loadDataDir })` opens as a copy. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** Starts from a copy of this dumped data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** PGlite in a folder (or in memory when dataDir is 'memory://'). */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never loads PGlite's WebAssembly build.
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm (trigram matching: the library search's Japanese substrings, migration 0110) ships with PGlite as an
  // extension bundle; it must be loaded at every open, as migrations and queries use it.
  const client = new PGlite(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
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
    openConnections: async () => 0,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
    },
  };
}

/** TCP keepalive of every connection: a peer gone silent (a network drop) is noticed by the kernel, not never. */
const KEEPALIVE_DELAY_MS = 5000;
/** The change feed's listening connection reconnects after this, doubling up to LISTEN_RETRY_MAX_MS. */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5000;

/** A pool of node-postgres connections, with the calls' timeouts when `limits` are given. */
function openPool(url: string, max: number, limits?: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(limits
      ? {
          connectionTimeoutMillis: limits.acquireTimeoutMs,
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
          idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
          // A backstop for a peer that went silent mid-query (no answer, no reset): the server's own statement_timeout
          // cannot fire where its answer never arrives.
          query_timeout: limits.statementTimeoutMs + limits.acquireTimeoutMs,
        }
      : {}),
  });
  // Keep the process up when an idle client errors (server restart); the next query reconnects.
  pool.on('error', () => {});
  // And when a checked-out one does between two statements (a transaction's, when the server crashes): node-postgres
  // emits that on the client, where no listener would mean an uncaught exception. Its next query then fails (a 503),
  // and the pool drops it when it comes back unusable.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Statements with parameters are parsed and planned once per connection, not at every call (db/prepared.ts).
  prepareStatements(pool);
  // A call's waits for connections end by its deadline, and new calls are shed while the waits are long
  // (db/deadline.ts): 5 s and 1 s with the defaults.
  if (limits) {
    keepCallRules(pool, {
      acquireTimeoutMs: limits.acquireTimeoutMs,
      deadlineMs: limits.statementTimeoutMs,
      shedAfterMs: limits.acquireTimeoutMs / 3,
    });
  }
  return pool;
}

/**
 * PostgreSQL through node-postgres. With `limits` (the server, main.ts), every pooled connection carries the timeouts
 * above and a call waits at most `acquireTimeoutMs` for a connection; without (tests, scripts), no timeouts.
 */
export async function openPostgres(url: string, maxConnections = 10, limits?: DatabaseLimits, readConnections = 0): Promise<Database> {
  if (!Number.isInteger(readConnections) || readConnections < 0 || readConnections >= maxConnections) {
    throw new Error(`readConnections must be from 0 to ${maxConnections - 1}`);
  }
  const pool = openPool(url, maxConnections - readConnections, limits);
  const readPool = readConnections > 0 ? openPool(url, readConnections, limits) : null;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const readDb = readPool ? (drizzlePg(readPool, { schema }) as unknown as Db) : db;
  let closed = false;
  let listenerClient: pg.Client | null = null;
  /**
   * A dedicated connection (not from the pool) that LISTENs; on any error it reports `false`, waits (250 ms, doubling
   * up to 5 s while the database stays away) and reconnects, reporting `true` once listening again.
   */
  async function listenWithReconnect(
    connectionString: string,
    channels: readonly string[],
    onPayload: (payload: string) => void,
    onState: (live: boolean) => void,
    isClosed: () => boolean,
  ): Promise<void> {
    let delay = LISTEN_RETRY_MIN_MS;
    const connect = async (): Promise<void> => {
      const client = new pg.Client({
        connectionString,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
        connectionTimeoutMillis: limits?.acquireTimeoutMs ?? 0,
      });
      let failed = false;
      const fail = () => {
        if (failed || isClosed()) return;
        failed = true;
        if (listenerClient === client) listenerClient = null;
        onState(false);
        client.end().catch(() => {});
        const wait = delay;
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        setTimeout(() => void connect().catch(() => {}), wait).unref();
      };
      client.on('error', fail);
      client.on('end', fail);
      // Its own pings (db/changes.ts) need no flush to disk: they carry no data.
      client.on('notification', (message) => {
        if (channels.includes(message.channel) && message.payload !== undefined) onPayload(message.payload);
      });
      try {
        await client.connect();
        for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        await client.query('SET synchronous_commit = off');
      } catch (error) {
        fail();
        throw error;
      }
      if (failed) return;
      delay = LISTEN_RETRY_MIN_MS;
      listenerClient = client;
      onState(true);
    };
    await connect();
  }
  return {
    db,
    readDb,
    kind: 'postgres',
    // Migrations and maintenance scripts: a connection of their own, without the calls' timeouts (an index build or an
    // advisory lock held by another starting process may take longer than any call should).
    withConnection: async (fn) => {
      const conn = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS });
      conn.on('error', () => {});
      await conn.connect();
      try {
        return await fn(async (text) => {
          const result = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        await conn.end().catch(() => {});
      }
    },
    openConnections: async () => {
      const pools = [pool, ...(readPool ? [readPool] : [])];
      const settled = await Promise.allSettled(pools.flatMap((p) => Array.from({ length: p.options.max }, () => p.connect())));
      const clients = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        const failed = settled.find((s) => s.status === 'rejected');
        if (failed) throw failed.reason;
        await Promise.all(clients.map((c) => c.query('SELECT 1')));
      } finally {
        for (const c of clients) c.release();
      }
      return clients.length;
    },
    listen: async (channel, onPayload, onState) => {
      // The pings go to a channel only this connection listens on. PostgreSQL keeps one queue of notifications in
      // commit order and each connection reads it in that order whatever the channel, so a ping still comes back only
      // after every notice committed before it. On the shared channel every process was woken by every other's pings:
      // in the soak, half of the statements sent were pings, and each process heard the other's too (issue 31).
      const pings = `${channel}_ping_${crypto.randomBytes(6).toString('hex')}`;
      await listenWithReconnect(url, [channel, pings], onPayload, onState, () => closed);
      return async (payload) => {
        if (!listenerClient) throw new Error('not listening');
        await listenerClient.query('SELECT pg_notify($1, $2)', [pings, payload]);
      };
    },
    close: async () => {
      closed = true;
      await listenerClient?.end().catch(() => {});
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}
