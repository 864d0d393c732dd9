import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { seedDemoContent } from '../src/seed/index.ts';
import type { Database } from '../src/db/client.ts';
import type { Lifecycle } from '../src/health.ts';
import { createTestDatabase } from './helpers.ts';

/** The app with its real logger writing into an array, so the tests read the JSON lines an operator would. */
let database: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;
const lines: Record<string, any>[] = [];
const lifecycle: Lifecycle = { shuttingDown: false };
const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const config = loadConfig({ LOG_LEVEL: 'info', LOGIN_LIMIT_PER_ADDRESS: '3' } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, lifecycle, logStream });
  const behindProxy = loadConfig({ LOG_LEVEL: 'silent', LOGIN_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } as NodeJS.ProcessEnv);
  proxied = await buildApp({ config: behindProxy, db: database.db });
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.close();
});

const call = (target: FastifyInstance, name: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  target.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
    remoteAddress,
  });

describe('health routes', () => {
  it('/healthz says the process is alive; /api/health stays as its alias', async () => {
    for (const url of ['/healthz', '/api/health']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('/readyz is 200 when the database answers and every migration is applied, 503 otherwise', async () => {
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ ready: true });
    const [last] = (await database.withConnection((q) => q('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1'))) as { name: string }[];
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`);
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: 'migrations' });
    } finally {
      await database.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`);
    }
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz turns 503 once shutdown has begun, while /healthz stays 200', async () => {
    lifecycle.shuttingDown = true;
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().reason).toBe('shuttingDown');
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      lifecycle.shuttingDown = false;
    }
  });
});

describe('production logs', () => {
  it('one JSON access line per call with request id, function name, status and duration; no token, password or query', async () => {
    lines.length = 0;
    const res = await call(app, 'login', { id: 'member@example.com', password: 'wellbeing-demo' }, { 'x-request-id': 'lb-trace-42' });
    expect(res.headers['x-request-id']).toBe('lb-trace-42');
    const token = res.json().token as string;
    expect(token).toBeTruthy();
    await app.inject({ url: '/setPassword?token=secret-link-token-123' });
    await call(app, 'getUserProfile', {}, { authorization: `Bearer ${token}` });

    const access = lines.filter((l) => l.msg === 'access');
    expect(access).toHaveLength(3);
    expect(access[0]).toMatchObject({
      reqId: 'lb-trace-42',
      method: 'POST',
      path: '/api/functions/login',
      fn: 'login',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(typeof access[0]!.ms).toBe('number');
    expect(access[1]).toMatchObject({ path: '/setPassword' });
    expect(access[2]).toMatchObject({ fn: 'getUserProfile' });
    const everything = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const secret of [token, 'wellbeing-demo', 'secret-link-token-123']) expect(everything).not.toContain(secret);
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('a request id that is not plain is replaced by a fresh one', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'x'.repeat(65) } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('TRUST_PROXY', () => {
  const forwarded = (client: string) => ({ 'x-forwarded-for': client });

  it('off (the default): a forwarded address is ignored, every caller behind the balancer shares one budget', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await call(app, 'login', { id: 'member07@example.com', password: `x-${i}` }, forwarded(`198.51.100.${i}`), '10.1.1.1')).statusCode,
      ).toBe(200);
    expect((await call(app, 'login', { id: 'member07@example.com', password: 'x' }, forwarded('198.51.100.99'), '10.1.1.1')).statusCode).toBe(429);
  });

  it('set: rate limits and logs use the real client address from a trusted proxy, and only from a trusted one', async () => {
    // Two offices behind the same balancer each get their own sign-in budget.
    for (let i = 0; i < 3; i++)
      expect(
        (await call(proxied, 'login', { id: 'member08@example.com', password: `y-${i}` }, forwarded('203.0.113.10'), '10.2.2.2')).statusCode,
      ).toBe(200);
    expect((await call(proxied, 'login', { id: 'member08@example.com', password: 'y' }, forwarded('203.0.113.10'), '10.2.2.2')).statusCode).toBe(429);
    const other = await call(proxied, 'login', { id: 'member09@example.com', password: 'wellbeing-demo' }, forwarded('203.0.113.20'), '10.2.2.2');
    expect(other.json().succeed).toBe(true);
    // An untrusted peer cannot pick its address by sending the header.
    for (let i = 0; i < 3; i++)
      await call(proxied, 'login', { id: 'member10@example.com', password: `z-${i}` }, forwarded(`192.0.2.${i}`), '198.51.100.7');
    expect((await call(proxied, 'login', { id: 'member10@example.com', password: 'z' }, forwarded('192.0.2.77'), '198.51.100.7')).statusCode).toBe(
      429,
    );
  });
});
