import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FunctionByName, FunctionName } from '@hibi/contract/functions/index';
import type { ErrorCodeOf, PayloadOf, ProtocolErrorCode, ResponseOf } from '@hibi/contract/protocol';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import { buildApp } from '../src/app.ts';
import { ChangeFeed } from '../src/db/changes.ts';
import { domainRoutes } from '../src/routes.ts';

/**
 * The database the server suites run on: PGlite in memory by default; a fresh database on the PostgreSQL
 * server named by TEST_DATABASE_URL when it is set (CI sets it). Each call gets its own empty database.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite('memory://');
    await migrate(database);
    return database;
  }
  const name = `hibi_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  await migrate(database);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Fields a business failure adds beside its code (failure(code, extra) in the handlers). */
interface FailureExtras {
  questionnaireIndexes?: number[];
  currentBMI?: number;
  targetBMI?: number;
}

/**
 * An answer of function N as a test reads it: the success fields as the contract types them, and beside them the
 * failure fields (`succeed` says which applies; a test checks it before it reads the rest).
 */
export type Answer<N extends FunctionName> = ResponseOf<FunctionByName<N>> &
  FailureExtras & {
    succeed: boolean;
    errorCode?: ErrorCodeOf<FunctionByName<N>> | ProtocolErrorCode;
    validationErrorMessage?: string[];
  };

/** An answer to a request the contract does not describe (malformed payloads, unknown names, raw bodies). */
export interface RawAnswer {
  succeed: boolean;
  errorCode?: string;
  validationErrorMessage?: string[];
  [field: string]: unknown;
}

/** The payload of function N as a caller sends it (every payload may carry `locale`; an empty payload is `{}`). */
export type Payload<N extends FunctionName> = (string extends keyof PayloadOf<FunctionByName<N>> ? {} : PayloadOf<FunctionByName<N>>) & {
  locale?: string;
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The change feed the app keeps its sessions and shared answers by; `setLive(false)` turns keeping off. */
  changes: ChangeFeed;
  /** Calls a function through the real entry with a payload its contract accepts; returns status and parsed body. */
  call<N extends FunctionName>(name: N, payload?: Payload<N>, token?: string): Promise<{ status: number; body: Answer<N> }>;
  /** Sends anything to the entry (a malformed payload, an unknown name, a raw string body); returns status and parsed body. */
  callRaw(name: string, payload?: unknown, token?: string): Promise<{ status: number; body: RawAnswer }>;
  /** Signs in a demo account and returns its bearer token. */
  login(id: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo content (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  now?: () => Date;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoContent(database.db, options.now?.());
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...options.env } as NodeJS.ProcessEnv), logLevel: 'silent' as const };
  // The feed as in production: every suite runs with the kept sessions and shared answers (issue 18).
  const changes = await ChangeFeed.start(database);
  const app = await buildApp({ config, db: database.db, now: options.now, routes: domainRoutes(config, database.db), changes });
  await app.ready();
  const callRaw = async (name: string, payload: unknown = {}, token?: string) => {
    const res: LightMyRequestResponse = await app.inject({
      method: 'POST',
      url: `/api/functions/${name}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: res.statusCode, body: res.json() as RawAnswer };
  };
  const call = <N extends FunctionName>(name: N, payload?: Payload<N>, token?: string) =>
    callRaw(name, payload, token) as Promise<{ status: number; body: Answer<N> }>;
  return {
    app,
    database,
    config,
    changes,
    call,
    callRaw,
    async login(id, password = 'wellbeing-demo') {
      const { body } = await call('login', { id, password });
      if (!body.succeed) throw new Error(`login ${id} failed: ${body.errorCode}`);
      return body.token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
