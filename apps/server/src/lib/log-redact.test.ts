import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { domainRoutes } from '../routes.ts';
import { redactUrl, requestLogSerializer } from './log-redact.ts';

const lines: string[] = [];
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  // The access log as it runs in production: level info, every request logged.
  const config = { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: 'info' as const };
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  app = await buildApp({ config, db: database.db, routes: domainRoutes(config, database.db), logStream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it('logs the path of an emailed link but never its token (issue 12.8)', async () => {
  await app.inject({ method: 'GET', url: '/setPassword?token=s3cretTok3nXq' });
  await app.inject({ method: 'GET', url: '/setPassword?lang=en&token=s3cretTok3nXq' });
  await app.inject({
    method: 'POST',
    url: '/api/functions/getHome?token=s3cretTok3nXq',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  // One access line per request (app.ts), with the path only; the request serializer (used when a line carries the
  // request) replaces the query with a marker.
  const access = lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'access');
  expect(access.map((l) => l.path)).toEqual(['/setPassword', '/setPassword', '/api/functions/getHome']);
  expect(requestLogSerializer({ method: 'GET', url: '/setPassword?token=s3cretTok3nXq' }).url).toBe('/setPassword?[redacted]');
  expect(lines.length).toBeGreaterThanOrEqual(3);
  for (const line of lines) expect(line).not.toContain('s3cretTok3nXq');
});

it('keeps a URL without a query as it is', () => {
  expect(redactUrl('/api/functions/login')).toBe('/api/functions/login');
  expect(redactUrl('/x?')).toBe('/x?[redacted]');
});

it('logs a database error without the values of its query (issue 12, 14)', async () => {
  lines.length = 0;
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505' });
  const error = Object.assign(
    new Error('Failed query: insert into "users" ("email", "user_name") values ($1, $2)\nparams: hanako@example.org,日比 花子'),
    {
      query: 'insert into "users" ("email", "user_name") values ($1, $2)',
      params: ['hanako@example.org', '日比 花子'],
      cause,
    },
  );
  app.log.error({ err: error }, 'function failed');
  const line = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> }).find((l) => l.msg === 'function failed')!;
  expect(line.err).toMatchObject({ type: 'Error', query: 'insert into "users" ("email", "user_name") values ($1, $2)', cause: { code: '23505' } });
  expect(line.err!.message).toContain('params: [redacted]');
  const text = JSON.stringify(line);
  expect(text).not.toContain('hanako@example.org');
  expect(text).not.toContain('日比 花子');
});
