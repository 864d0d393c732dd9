import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { domainRoutes } from '../routes.ts';
import { redactUrl } from './log-redact.ts';

const lines: string[] = [];
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  // The access log as it runs in production: level info, every request logged.
  const config = { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: 'info' };
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
  await app.inject({ method: 'GET', url: '/setPassword?token=abc' });
  await app.inject({ method: 'GET', url: '/setPassword?lang=en&token=abc' });
  await app.inject({ method: 'POST', url: '/api/functions/getHome?token=abc', headers: { 'content-type': 'application/json' }, payload: '{}' });
  const requests = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).filter((l) => l.req);
  expect(requests.map((l) => l.req!.url)).toEqual([
    '/setPassword?[redacted]',
    '/setPassword?[redacted]',
    '/api/functions/getHome?[redacted]',
  ]);
  expect(lines.length).toBeGreaterThanOrEqual(6);
  for (const line of lines) expect(line).not.toContain('abc');
});

it('keeps a URL without a query as it is', () => {
  expect(redactUrl('/api/functions/login')).toBe('/api/functions/login');
  expect(redactUrl('/x?')).toBe('/x?[redacted]');
});
