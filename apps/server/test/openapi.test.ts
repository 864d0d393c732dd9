import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildRegistry } from '../src/functions/registry.ts';
import { entryStatuses } from '../src/functions/openapi.ts';

/** Structural checks of the OpenAPI 3.0 document (no validator package is installed): what linters refuse. */
let t: TestApp;
let doc: any;

const SCHEMA_KEYWORDS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** Problems of one schema object (OpenAPI 3.0 Schema Object), recursively. */
function schemaProblems(schema: any, at: string): string[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [`${at}: not an object`];
  const problems: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith('x-')) problems.push(`${at}: keyword ${key} is not OpenAPI 3.0`);
  }
  if (schema.type !== undefined && !TYPES.has(schema.type)) problems.push(`${at}: type ${JSON.stringify(schema.type)}`);
  if (schema.nullable !== undefined && schema.type === undefined) problems.push(`${at}: nullable without type`);
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum']) {
    if (schema[key] !== undefined && typeof schema[key] !== 'boolean') problems.push(`${at}: ${key} must be a boolean in 3.0`);
  }
  if (schema.required !== undefined && (!Array.isArray(schema.required) || schema.required.length === 0))
    problems.push(`${at}: required must be a non-empty array`);
  if (schema.items) problems.push(...schemaProblems(schema.items, `${at}/items`));
  if (schema.type === 'array' && !schema.items) problems.push(`${at}: array without items`);
  if (schema.not) problems.push(...schemaProblems(schema.not, `${at}/not`));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    problems.push(...schemaProblems(schema.additionalProperties, `${at}/additionalProperties`));
  for (const [name, sub] of Object.entries(schema.properties ?? {})) problems.push(...schemaProblems(sub, `${at}/properties/${name}`));
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    if (schema[key] !== undefined) {
      if (!Array.isArray(schema[key]) || schema[key].length === 0) problems.push(`${at}: ${key} must be a non-empty array`);
      else schema[key].forEach((sub: unknown, i: number) => problems.push(...schemaProblems(sub, `${at}/${key}/${i}`)));
    }
  }
  return problems;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { DEVTOOL_PATH: 'dev-openapi-test', LOGIN_LIMIT_PER_ADDRESS: '1' } });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('has the top-level fields of OpenAPI 3.0 and a non-empty servers list', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Array.isArray(doc.servers) && doc.servers.length).toBeGreaterThan(0);
    for (const server of doc.servers) expect(typeof server.url).toBe('string');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('every schema is an OpenAPI 3.0 schema: no nullable without type, no JSON-Schema-only keywords', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const op = item.post;
      problems.push(...schemaProblems(op.requestBody.content['application/json'].schema, `${path} request`));
      for (const [status, res] of Object.entries<any>(op.responses)) {
        expect(typeof res.description, `${path} ${status}`).toBe('string');
        problems.push(...schemaProblems(res.content['application/json'].schema, `${path} ${status}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('every operation has a unique operationId, valid security and lists every status the entry can answer', () => {
    const registry = buildRegistry(t.config);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(Object.keys(item)).toEqual(['post']);
      const op = item.post;
      expect(ids.has(op.operationId), path).toBe(false);
      ids.add(op.operationId);
      const def = registry.get(op.operationId)!.def;
      expect(path).toBe(`/api/functions/${def.name}`);
      const statuses = Object.keys(op.responses).sort();
      const signedIn = def.auth === 'required';
      expect(statuses, path).toEqual(
        [
          '200',
          '400',
          '404',
          '413',
          '415',
          '429',
          '500',
          '503',
          ...(signedIn ? ['401'] : []),
          ...(signedIn && !def.beforeTerms ? ['403'] : []),
        ].sort(),
      );
      expect(statuses).toEqual([...entryStatuses(def.auth, def.beforeTerms)].sort());
      for (const requirement of op.security) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme], path).toBeDefined();
      }
    }
  });

  it('lists no developer-tool function, even on a server that has the tool', async () => {
    expect((await t.call('isDevtoolPath', { path: '/nothing' })).status).toBe(200);
    expect(Object.keys(doc.paths).filter((p) => /devtool/i.test(p))).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/devtool/i);
  });

  it('documents every status login actually answers', async () => {
    const documented = Object.keys(doc.paths['/api/functions/login'].post.responses);
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/functions/login', headers: { 'content-type': contentType }, payload });
    const seen = new Set<number>();
    seen.add((await post('{bad')).statusCode);
    seen.add((await post(JSON.stringify({ id: 'x'.repeat(2 * 1024 * 1024) }))).statusCode);
    seen.add((await post('<login/>', 'application/xml')).statusCode);
    for (let i = 0; i < 3; i++) seen.add((await post(JSON.stringify({ id: 'nobody@example.com', password: 'wrong-password' }))).statusCode);
    expect([...seen].sort()).toEqual([200, 400, 413, 415, 429]);
    for (const status of seen) expect(documented, String(status)).toContain(String(status));
  });
});
