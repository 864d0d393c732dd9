import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allConsoleFunctions } from '@hibi/contract/console/index';
import { OPERATOR_ROLES, type OperatorRole } from '@hibi/contract/console/protocol';
import { rows } from '../../src/db/query.ts';
import { buildConsoleRegistry } from '../../src/functions/console-registry.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 15, item 2: every console function x no token / a member token / each role, generated from the registry, so a
 * new function cannot forget its access rule. Item 3: the audit log is append-only, and browsable by owners.
 */
let t: TestApp;
const tokens = {} as Record<OperatorRole, string>;
let member = '';
beforeAll(async () => {
  t = await createTestApp();
  tokens.owner = await t.operatorToken('owner@example.com');
  tokens.editor = await t.operatorToken('editor@example.com');
  tokens.support = await t.operatorToken('support@example.com');
  tokens.company = await t.operatorToken('hr@example.com');
  member = await t.login('member@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('the console registry', () => {
  it('answers every function of the contract, and nothing else', () => {
    const registry = buildConsoleRegistry(t.config);
    expect([...registry.keys()].sort()).toEqual(allConsoleFunctions.map((f) => f.name).sort());
  });

  it('the member entry knows no console function, and the console entry no member function', async () => {
    expect((await t.callRaw('saveAnnouncement', {})).status).toBe(404);
    expect((await t.consoleRaw('getAnnouncements', {}, { token: tokens.owner })).body.errorCode).toBe('unknownFunction');
  });
});

describe('the role matrix', () => {
  for (const def of allConsoleFunctions) {
    it(`${def.name}: ${def.auth === 'none' ? 'open' : def.roles.join(', ')}`, async () => {
      const payload = def.kind === 'upload' ? Buffer.from('x') : {};
      if (def.auth === 'none') {
        // Sign-in steps take no session: they answer a validation error or a business failure, never 401/403.
        const open = await t.consoleRaw(def.name, payload);
        expect([200, 400]).toContain(open.status);
        return;
      }
      expect(await t.consoleRaw(def.name, payload).then((r) => [r.status, r.body.errorCode])).toEqual([401, 'loginRequired']);
      expect(await t.consoleRaw(def.name, payload, { token: member }).then((r) => [r.status, r.body.errorCode])).toEqual([401, 'loginRequired']);
      for (const role of OPERATOR_ROLES) {
        // signOut would end the session the later tests use; every role may call it (operators.test.ts signs out).
        if (def.name === 'signOut' && def.roles.includes(role)) continue;
        const before = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'denied'`);
        const answer = await t.consoleRaw(def.name, payload, { token: tokens[role] });
        if (def.roles.includes(role)) {
          expect(answer.status, `${role} may call ${def.name}`).not.toBe(403);
          expect(answer.status).not.toBe(401);
          expect(answer.status).toBeLessThan(500);
        } else {
          expect([answer.status, answer.body.errorCode], `${role} may not call ${def.name}`).toEqual([403, 'forbidden']);
          const after = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'denied'`);
          expect(after[0]!.n).toBe(before[0]!.n + 1);
        }
      }
    });
  }
});

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [row] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM audit_log ORDER BY id LIMIT 1`);
    expect(row).toBeDefined();
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(await refusal(sql`UPDATE audit_log SET summary = 'changed' WHERE id = ${row!.id}`)).toMatch(/audit_log is append-only \(UPDATE refused\)/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${row!.id}`)).toMatch(/audit_log is append-only \(DELETE refused\)/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/audit_log is append-only \(TRUNCATE refused\)/);
    const [still] = await rows<{ summary: string }>(t.database.db, sql`SELECT summary FROM audit_log WHERE id = ${row!.id}`);
    expect(still?.summary).not.toBe('changed');
  });

  it('pages newest first by cursor and filters by operator, action and time, for owners', async () => {
    const all: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const answer = await t.consoleCall('listAuditLog', { limit: 7, ...(cursor ? { cursor } : {}) }, { token: tokens.owner });
      expect(answer.body.succeed).toBe(true);
      all.push(...answer.body.entries.map((e) => e.id));
      if (!answer.body.nextCursor) break;
      cursor = answer.body.nextCursor;
    }
    const [count] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(all).toHaveLength(count!.n);
    expect([...all].sort((a, b) => b - a)).toEqual(all);

    const denied = await t.consoleCall('listAuditLog', { action: 'denied', limit: 200 }, { token: tokens.owner });
    expect(denied.body.entries.length).toBeGreaterThan(0);
    expect(denied.body.entries.every((e) => e.action === 'denied')).toBe(true);
    const support = denied.body.entries.find((e) => e.operatorEmail === 'support@example.com')!;
    const mine = await t.consoleCall('listAuditLog', { operatorId: support.operatorId!, limit: 200 }, { token: tokens.owner });
    expect(mine.body.entries.every((e) => e.operatorId === support.operatorId)).toBe(true);
    const future = await t.consoleCall('listAuditLog', { from: Date.now() + 3_600_000 }, { token: tokens.owner });
    expect(future.body.entries).toEqual([]);
    const past = await t.consoleCall('listAuditLog', { to: 1 }, { token: tokens.owner });
    expect(past.body.entries).toEqual([]);
    expect((await t.consoleCall('listAuditLog', { cursor: '!!' }, { token: tokens.owner })).body.errorCode).toBe('invalidCursor');
    expect((await t.consoleRaw('listAuditLog', { limit: 0 }, { token: tokens.owner })).status).toBe(400);
    expect((await t.consoleRaw('listAuditLog', { action: 'a'.repeat(61) }, { token: tokens.owner })).status).toBe(400);
  });
});
