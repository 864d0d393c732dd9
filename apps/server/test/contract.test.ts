import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { allFunctions } from '@hibi/contract/functions/index';
import * as schema from '../src/db/schema/index.ts';
import { buildRegistry } from '../src/functions/registry.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('contract and registry', () => {
  it('every function of the contract has exactly one handler (developer tool included when DEVTOOL_PATH is set)', () => {
    const registry = buildRegistry(loadConfig({ DEVTOOL_PATH: 'dev-xxxxxxxx' } as NodeJS.ProcessEnv));
    const contractNames = allFunctions.map((f) => f.name);
    expect(new Set(contractNames).size).toBe(contractNames.length);
    expect([...registry.keys()].sort()).toEqual([...contractNames].sort());
  });

  it('serves an OpenAPI document with one operation per function, generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const registry = buildRegistry(t.config);
    expect(Object.keys(doc.paths).sort()).toEqual([...registry.keys()].map((n) => `/api/functions/${n}`).sort());
    const login = doc.paths['/api/functions/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties.id.maxLength).toBe(254);
    expect(login.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
  });
});

describe('security headers', () => {
  it('every response carries a strict Content-Security-Policy and the other security headers', async () => {
    for (const req of [
      { method: 'POST' as const, url: '/api/functions/getConfig', payload: '{}' },
      { method: 'GET' as const, url: '/api/openapi.json' },
      { method: 'GET' as const, url: '/api/nothing-here' },
      { method: 'GET' as const, url: '/some/page' },
    ]) {
      const res = await t.app.inject({ ...req, headers: { 'content-type': 'application/json' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });
});

describe('database schema', () => {
  it('the Drizzle table definitions match the migrated tables column for column', async () => {
    const tables = Object.values(schema).filter((v) => v instanceof PgTable) as PgTable[];
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const table of tables) {
      const config = getTableConfig(table);
      const rows = (await t.database.db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      )) as unknown as { rows: { column_name: string }[] };
      const actual = rows.rows.map((r) => r.column_name).sort();
      const declared = config.columns.map((c) => c.name).sort();
      expect(actual.length, `table ${config.name} exists`).toBeGreaterThan(0);
      for (const column of declared) expect(actual, `${config.name}.${column}`).toContain(column);
    }
  });
});
