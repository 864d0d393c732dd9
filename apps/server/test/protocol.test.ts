import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildRegistry } from '../src/functions/registry.ts';

/**
 * The bad-input set of the foundation issue, sent to EVERY function of the entry: each gets a 4xx with the
 * protocol's errorCode, nothing is stored, and the server stays up.
 */
let t: TestApp;
let token: string;
let names: string[];
let registry: ReturnType<typeof buildRegistry>;

async function rowCounts(): Promise<Record<string, number>> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('rate_limit_buckets', 'schema_migrations') ORDER BY table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts = tables.rows.map((r) => `SELECT '${r.table_name}' AS t, count(*)::int AS n FROM "${r.table_name}"`);
  const counts = (await db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as { rows: { t: string; n: number }[] };
  return Object.fromEntries(counts.rows.map((r) => [r.t, Number(r.n)]));
}

async function raw(name: string, body: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { succeed: boolean; errorCode: string; validationErrorMessage?: string[] } };
}

beforeAll(async () => {
  t = await createTestApp({ env: { DEVTOOL_PATH: 'dev-protocol-test' } });
  token = await t.login('member01@example.com');
  registry = buildRegistry(t.config);
  names = [...registry.keys()];
});
afterAll(async () => {
  await t?.close();
});

describe('bad input to every function', () => {
  it('the registry has functions to test', () => {
    expect(names).toContain('login');
    expect(names.length).toBeGreaterThanOrEqual(7);
  });

  it('malformed JSON, non-object bodies, unknown fields and oversized bodies get 4xx validationError and store nothing', async () => {
    const before = await rowCounts();
    for (const name of names) {
      for (const body of ['{bad json', '[1,2]', 'null', '"text"', '42']) {
        const res = await raw(name, body);
        expect([400], `${name} ${body}`).toContain(res.status);
        expect(res.body.errorCode, `${name} ${body}`).toBe('validationError');
        expect(res.body.succeed).toBe(false);
      }
      const unknownField = await raw(name, JSON.stringify({ notAField: 1 }));
      expect(unknownField.status, `${name} unknown field`).toBe(400);
      const big = await raw(name, JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }));
      expect(big.status, `${name} oversized`).toBe(413);
      expect(big.body.errorCode).toBe('validationError');
      const proto = await raw(name, '{"__proto__": {"admin": true}}');
      expect(proto.status, `${name} __proto__`).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('wrong types, empty and 10,000-character strings in every field never give a 5xx or store anything', async () => {
    const before = await rowCounts();
    for (const name of names) {
      const def = registry.get(name)!.def;
      const shape = (def.payload as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const [field, schema] of Object.entries(shape)) {
        for (const value of [{ wrong: [1] }, 'x'.repeat(10_000), '', -1, 1e300, 1e308, -0, 2 ** 53, 0.5, true, null]) {
          if (schema.safeParse(value).success && typeof value !== 'string') continue;
          const res = await raw(name, JSON.stringify({ [field]: value }));
          expect(res.status, `${name}.${field}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500);
          expect(res.body.succeed === false || res.status === 200, `${name}.${field}`).toBe(true);
        }
      }
    }
    const after = await rowCounts();
    // Sign-in attempts with odd ids create nothing either (sessions only on success).
    expect(after).toEqual(before);
  });

  it('the largest and smallest numbers each field accepts never give a 5xx (edge numbers that pass the schema)', async () => {
    const edges = [8_640_000_000_000_000, 253_402_300_799_999, Number.MAX_SAFE_INTEGER, 2_147_483_648, 2_147_483_647, 1e21, -2_147_483_649, -1e21];
    for (const name of names) {
      const def = registry.get(name)!.def;
      const shape = (def.payload as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const [field, schema] of Object.entries(shape)) {
        for (const value of edges) {
          if (!schema.safeParse(value).success) continue;
          const res = await raw(name, JSON.stringify({ [field]: value }));
          expect(res.status, `${name}.${field}=${value}`).toBeLessThan(500);
        }
      }
    }
    // A whole valid payload with the latest time JavaScript has: a year past 9999 that PostgreSQL does not read.
    const late = await raw('getWalkingProgramRank', JSON.stringify({ timestamp: 8_640_000_000_000_000 }));
    expect(late.status).toBe(400);
    expect((await raw('getWalkingProgramRank', JSON.stringify({ timestamp: 253_402_300_799_999 }))).status).toBeLessThan(500);
  });

  it('NUL, control characters, lone surrogates and bidi overrides in any string of any function get 400 and store nothing (issue 12, 14)', async () => {
    const nasty = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u0085b', 'a\ud800b', 'a\udc00', 'a\u202eb', 'a\u2066b', '\ufeffa'];
    const before = await rowCounts();
    for (const name of names) {
      const shape = (registry.get(name)!.def.payload as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const field of [...Object.keys(shape), 'locale']) {
        for (const value of nasty) {
          const res = await raw(name, JSON.stringify({ [field]: value }));
          expect(res.status, `${name}.${field}=${JSON.stringify(value)}`).toBe(400);
          expect(res.body.validationErrorMessage?.[0]).toBe(`${field}: 使用できない文字（制御文字など）が含まれています`);
        }
      }
      // Deep inside arrays and objects too, and in keys.
      expect((await raw(name, JSON.stringify({ body: [{ answer: ['ok', 'x\u0000'] }] }))).status).toBe(400);
      expect((await raw(name, JSON.stringify({ ['k\u0000']: 1 }))).status).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
    // A body nested 100,000 deep is refused without exhausting the stack.
    const deep = '{"x":' + '['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000) + '}';
    expect((await raw('getConfig', deep)).status).toBe(400);
  });

  it('names refuse line breaks, zero-width characters and direction marks with a clear message (issue 12, 14)', async () => {
    for (const displayName of ['a\nb', 'a\rb', 'a\tb', 'a\u200bb', 'a\u200db', 'a\u200eb', 'a\u2060b']) {
      const res = await raw('updateProfile', JSON.stringify({ displayName, locale: 'en' }));
      expect(res.status, JSON.stringify(displayName)).toBe(400);
      expect(res.body.validationErrorMessage).toEqual(['Line breaks and invisible characters cannot be used here']);
    }
    // Ordinary Japanese and emoji names stay fine; multi-line fields keep their line breaks.
    expect((await raw('updateProfile', JSON.stringify({ displayName: 'ひびき🙂' }))).body.succeed).toBe(true);
  });

  it('login refuses empty and 10,000-character ids and passwords with 400', async () => {
    for (const payload of [
      { id: '', password: 'wellbeing-demo' },
      { id: 'member@example.com', password: '' },
      { id: 'x'.repeat(10_000), password: 'wellbeing-demo' },
      { id: 'member@example.com', password: 'p'.repeat(10_000) },
      { id: 42, password: 'wellbeing-demo' },
      { id: 'member@example.com' },
    ]) {
      const res = await raw('login', JSON.stringify(payload));
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('validationError');
      expect(res.body.validationErrorMessage?.length).toBeGreaterThan(0);
    }
  });

  it('a reply to 60,000 unknown keys stays small: at most 10 keys echoed, with a count (issue 12, 19)', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 60_000; i++) body[`k${i}`] = 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/functions/getConfig',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.payload.length).toBeLessThan(1_000);
    const [message] = res.json().validationErrorMessage as string[];
    expect(message).toContain('k0, k1, k2');
    expect(message).toContain('(+59990)');
    expect(message).not.toContain('k10,');
  });

  it('unknown functions answer 404 unknownFunction, other methods too', async () => {
    expect(await raw('noSuchFunction', '{}')).toEqual({ status: 404, body: { succeed: false, errorCode: 'unknownFunction' } });
    expect(await raw('__proto__', '{}')).toEqual({ status: 404, body: { succeed: false, errorCode: 'unknownFunction' } });
    const get = await t.app.inject({ method: 'GET', url: '/api/functions/login' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ succeed: false, errorCode: 'unknownFunction' });
  });

  it('functions that need sign-in answer 401 loginRequired without a valid token', async () => {
    const required = names.filter((n) => registry.get(n)!.def.auth === 'required');
    expect(required).toContain('logout');
    for (const name of required) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/functions/${name}`,
        headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-real-token-0123456789' },
        payload: '{}',
      });
      // An empty payload may already fail validation (400); it must never get through.
      expect([400, 401], name).toContain(res.statusCode);
      if (res.statusCode === 401) expect(res.json()).toEqual({ succeed: false, errorCode: 'loginRequired' });
    }
  });

  it('the server is still up and answers', async () => {
    expect((await t.call('getConfig')).body).toEqual({ succeed: true, termsVersion: 2 });
  });

  it('an unexpected failure answers 500 internalError without a stack trace or SQL text', async () => {
    const broken = await createTestApp({ seed: false });
    await broken.database.db.execute(sql`DROP TABLE config`);
    const res = await broken.call('getConfig');
    await broken.close();
    expect(res).toEqual({ status: 500, body: { succeed: false, errorCode: 'internalError' } });
  });
});
