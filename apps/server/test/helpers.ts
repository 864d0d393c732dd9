import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FunctionByName, FunctionName } from '@hibi/contract/functions/index';
import type { ErrorCodeOf, PayloadOf, ProtocolErrorCode, ResponseOf } from '@hibi/contract/protocol';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../src/db/migrate.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import { buildApp } from '../src/app.ts';
import { ChangeFeed } from '../src/db/changes.ts';
import { domainRoutes } from '../src/routes.ts';
import type { AdmissionRules } from '../src/core/write-admission.ts';
import { generate } from 'otplib';
import { createGuardrails } from 'otplib';
import type { ConsoleFunctionByName, ConsoleFunctionName } from '@hibi/contract/console/index';
import type { ConsoleErrorCodeOf, ConsolePayloadOf, ConsoleProtocolErrorCode, ConsoleResponseOf } from '@hibi/contract/console/protocol';

/**
 * The database the server suites run on: PGlite in memory by default; a fresh database on the PostgreSQL
 * server named by TEST_DATABASE_URL when it is set (CI sets it). Each call gets its own empty database.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The migrations' fingerprint: a migrated database made once per set of migrations is copied for every test instead
 * of migrating each one again (a PostgreSQL template database; a dumped PGlite data directory). Migrating costs 4 s on
 * PostgreSQL and 10–30 s on PGlite on these machines; a copy, a fraction of a second (docs/decisions/152-ci-time.md).
 */
function migrationsFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const file of migrationFiles())
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../../.tmp');

/** The migrated PGlite data directory, dumped once into .tmp/ (written under a temporary name, then renamed). */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(TEMPLATE_DIR, `pglite-migrated-${migrationsFingerprint()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openPglite('memory://');
    try {
      await migrate(database);
      const dump = await database.dumpDataDir!();
      fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * The migrated PostgreSQL template database, made once per set of migrations on that server by whichever test gets
 * there first (an advisory lock keeps the others waiting), and older templates dropped.
 */
async function postgresTemplate(url: string): Promise<string> {
  const name = `hibi_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(7263514)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const old = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'hibi\\_template\\_%' AND datname <> $1", [name]);
      for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname as string} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name}_partial WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}_partial`);
      const target = new URL(url);
      target.pathname = `/${name}_partial`;
      const database = await openPostgres(target.toString(), 1);
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${name}_partial RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7263514)').catch(() => {});
    await admin.end();
  }
  return name;
}

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite('memory://', { loadDataDir: await pgliteTemplate() });
  const template = await postgresTemplate(url);
  const name = `hibi_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Copies made at the same moment from one template each hold it briefly: the rare "being accessed" is retried.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
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
  /** The change feed the app keeps its sessions and shared answers by; `pause(true)` turns keeping off. */
  changes: ChangeFeed;
  /** Calls a function through the real entry with a payload its contract accepts; returns status and parsed body. */
  call<N extends FunctionName>(name: N, payload?: Payload<N>, token?: string): Promise<{ status: number; body: Answer<N> }>;
  /** Sends anything to the entry (a malformed payload, an unknown name, a raw string body); returns status and parsed body. */
  callRaw(name: string, payload?: unknown, token?: string): Promise<{ status: number; body: RawAnswer }>;
  /** Signs in a demo account and returns its bearer token. */
  login(id: string, password?: string): Promise<string>;
  /** Calls a console function (POST /api/console/{name}). */
  consoleCall<N extends ConsoleFunctionName>(
    name: N,
    payload?: ConsolePayload<N>,
    auth?: ConsoleAuth,
  ): Promise<{ status: number; body: ConsoleAnswer<N>; headers: Record<string, unknown> }>;
  consoleRaw(name: string, payload?: unknown, auth?: ConsoleAuth): Promise<{ status: number; body: RawAnswer; headers: Record<string, unknown> }>;
  /**
   * A session token of a demo operator (owner@, editor@, support@example.com): signs in with password and TOTP the
   * first time, then reuses the session (a TOTP code is accepted once, so a test does not sign in twice per step).
   */
  operatorToken(email: string): Promise<string>;
  close(): Promise<void>;
}

/** An answer of console function N as a test reads it. */
export type ConsoleAnswer<N extends ConsoleFunctionName> = ConsoleResponseOf<ConsoleFunctionByName<N>> & {
  succeed: boolean;
  errorCode?: ConsoleErrorCodeOf<ConsoleFunctionByName<N>> | ConsoleProtocolErrorCode;
  validationErrorMessage?: string[];
};
export type ConsolePayload<N extends ConsoleFunctionName> = (string extends keyof ConsolePayloadOf<ConsoleFunctionByName<N>>
  ? {}
  : ConsolePayloadOf<ConsoleFunctionByName<N>>) & { locale?: string };

/** How a console call authenticates: a bearer token, or the cookie with an Origin header (the browser's way). */
export interface ConsoleAuth {
  token?: string;
  cookie?: string;
  origin?: string;
  headers?: Record<string, string>;
  /** The client's address (default 127.0.0.1). */
  remoteAddress?: string;
}

/** The demo operators' TOTP secret and a code for a moment (one time step later with `ahead`). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export function totpCode(at: Date, secret = DEMO_TOTP_SECRET): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000), guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
}

export interface TestAppOptions {
  /** Load the demo content (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  now?: () => Date;
  /** Writes admitted by the reads' speed, as main.ts does on PostgreSQL (core/write-admission.ts); absent: all are. */
  writeAdmission?: AdmissionRules;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoContent(database.db, options.now?.());
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...options.env } as NodeJS.ProcessEnv), logLevel: 'silent' as const };
  // The feed as in production: every suite runs with the kept sessions and shared answers (issue 18).
  const changes = await ChangeFeed.start(database);
  const app = await buildApp({
    config,
    db: database.db,
    now: options.now,
    routes: domainRoutes(config, database.db),
    changes,
    writeAdmission: options.writeAdmission,
  });
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
  const consoleRaw = async (name: string, payload: unknown = {}, auth: ConsoleAuth = {}) => {
    const raw = Buffer.isBuffer(payload);
    const res: LightMyRequestResponse = await app.inject({
      method: 'POST',
      url: `/api/console/${name}`,
      headers: {
        ...(raw ? {} : { 'content-type': 'application/json' }),
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(auth.cookie ? { cookie: `hibi_console=${auth.cookie}` } : {}),
        ...(auth.origin ? { origin: auth.origin } : {}),
        ...auth.headers,
      },
      payload: raw ? (payload as Buffer) : typeof payload === 'string' ? payload : JSON.stringify(payload),
      ...(auth.remoteAddress ? { remoteAddress: auth.remoteAddress } : {}),
    });
    // A download (a CSV export whose payload may be empty) answers its file: read as a success without fields.
    const json = !String(res.headers['content-type'] ?? '').startsWith('text/csv');
    return { status: res.statusCode, body: (json ? res.json() : { succeed: true }) as RawAnswer, headers: res.headers as Record<string, unknown> };
  };
  const consoleCall = <N extends ConsoleFunctionName>(name: N, payload?: ConsolePayload<N>, auth?: ConsoleAuth) =>
    consoleRaw(name, payload, auth) as Promise<{ status: number; body: ConsoleAnswer<N>; headers: Record<string, unknown> }>;
  const operatorTokens = new Map<string, string>();
  return {
    app,
    database,
    config,
    changes,
    call,
    callRaw,
    consoleCall,
    consoleRaw,
    async operatorToken(email) {
      const known = operatorTokens.get(email);
      if (known) return known;
      const first = await consoleCall('signIn', { email, password: 'wellbeing-demo' });
      if (!first.body.succeed) throw new Error(`signIn ${email} failed: ${first.body.errorCode}`);
      const at = options.now?.() ?? new Date();
      const second = await consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(at) });
      if (!second.body.succeed) throw new Error(`verifyTotp ${email} failed: ${second.body.errorCode}`);
      operatorTokens.set(email, second.body.token);
      return second.body.token;
    },
    async login(id, password = 'wellbeing-demo') {
      const { body } = await call('login', { id, password });
      if (!body.succeed || !body.token) throw new Error(`login ${id} failed: ${body.errorCode}`);
      return body.token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
