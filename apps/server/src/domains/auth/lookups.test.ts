import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createMember } from '../../../test/fixtures.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { resolveToken, SessionLookups, SessionTouches } from './sessions.ts';

/** Issue 31, decision 167: the sessions that calls look up while one lookup is on its way go in one statement. */
const T0 = Date.parse('2026-11-20T00:00:00Z');
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database, counting the statements that select (every lookup is one). */
function counting(db: Db): { db: Db; selects: () => number } {
  let selects = 0;
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'select') selects++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { db: proxy, selects: () => selects };
}

describe('SessionLookups (sessions looked up together)', () => {
  it('looks up a lone session at once, and those asked meanwhile in one statement, each with its own row', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => createMember(database.db, { now: new Date(T0) })));
    const { db, selects } = counting(database.db);
    const lookups = new SessionLookups(db);
    const now = new Date(T0 + 60_000);
    const unknown = hashToken('no-such-token-0000000000000000');
    const asked = [...members.map((m) => hashToken(m.token)), unknown, hashToken(members[0]!.token)];
    const rows = await Promise.all(asked.map((hash) => lookups.find(hash, now)));
    // The first went alone; the six others waited for it and went together.
    expect(selects()).toBe(2);
    expect(rows.map((row) => row?.user.id ?? null)).toEqual([...members.map((m) => m.id), null, members[0]!.id]);
    // The same session asked twice: two copies, so one call moving its last use does not move the other's.
    rows[0]!.session.lastUsedAt = new Date(T0 + 120_000);
    expect(rows[5]!.session.lastUsedAt.getTime()).toBe(T0);

    // Alone again: at once, one statement.
    expect((await lookups.find(hashToken(members[1]!.token), now))?.user.id).toBe(members[1]!.id);
    expect(selects()).toBe(3);
  });

  it('gives resolveToken the same answers as looking up one by one', async () => {
    const m = await createMember(database.db, { now: new Date(T0) });
    const touches = new SessionTouches(database.db, () => {}, 3_600_000);
    const lookups = new SessionLookups(database.db);
    const at = new Date(T0 + 60_000);
    const [alone, batched] = await Promise.all([
      resolveToken(database.db, m.token, at, touches),
      resolveToken(database.db, m.token, at, touches, Number.POSITIVE_INFINITY, undefined, lookups),
    ]);
    expect(batched).toEqual(alone);
    expect(batched?.id).toBe(m.id);
    expect(await resolveToken(database.db, 'x'.repeat(40), at, touches, Number.POSITIVE_INFINITY, undefined, lookups)).toBeNull();
    await touches.stop();
  });

  it('fails every waiting lookup when the statement fails, and looks up again afterwards', async () => {
    const other = await createTestDatabase();
    const m = await createMember(other.db, { now: new Date(T0) });
    const lookups = new SessionLookups(other.db);
    await other.close();
    const now = new Date(T0 + 60_000);
    const results = await Promise.allSettled([0, 1, 2].map(() => lookups.find(hashToken(m.token), now)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Not stuck: a later lookup runs (and fails again on the closed database rather than waiting for ever).
    await expect(lookups.find(hashToken(m.token), now)).rejects.toBeDefined();
  });
});
