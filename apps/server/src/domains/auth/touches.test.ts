import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/core.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createMember } from '../../../test/fixtures.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { LAST_USED_WRITE_EVERY_MS, resolveToken, SessionTouches } from './sessions.ts';

/** Issue 31: a session's last call is noted by the call and written with the others of the moment, once a second. */
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-20T00:00:00Z');
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const sessionOf = async (token: string) =>
  (
    await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0];
const lastUsed = async (token: string) => (await sessionOf(token))?.lastUsedAt.getTime();

describe('SessionTouches (the sessions last calls, written in batches)', () => {
  it('notes a call at most once a minute, writes the noted calls in one flush, and never moves a time back', async () => {
    // A long interval: only the explicit flushes write.
    const touches = new SessionTouches(database.db, () => {}, 3_600_000);
    const members = await Promise.all([0, 1, 2].map(() => createMember(database.db, { now: new Date(T0) })));
    for (const m of members) expect(await resolveToken(database.db, m.token, new Date(T0 + 30_000), touches)).not.toBeNull();
    expect(touches.pending).toBe(0);

    const later = T0 + LAST_USED_WRITE_EVERY_MS + 1000;
    for (const m of members) expect(await resolveToken(database.db, m.token, new Date(later), touches)).not.toBeNull();
    expect(touches.pending).toBe(3);
    expect(await lastUsed(members[0]!.token)).toBe(T0);
    await touches.flush();
    expect(touches.pending).toBe(0);
    for (const m of members) expect(await lastUsed(m.token)).toBe(later);

    // An older use noted afterwards (another process's clock, a late call) does not move the time back.
    const first = await sessionOf(members[0]!.token);
    touches.touch(first!.id, new Date(T0 + 1000));
    await touches.flush();
    expect(await lastUsed(members[0]!.token)).toBe(later);
  });

  it('counts a use noted and not yet written for the idle timeout', async () => {
    const touches = new SessionTouches(database.db, () => {}, 3_600_000);
    const m = await createMember(database.db, { now: new Date(T0) });
    const idleMs = 60 * MINUTE;
    expect(await resolveToken(database.db, m.token, new Date(T0 + 59 * MINUTE), touches, idleMs)).not.toBeNull();
    expect(touches.pending).toBe(1);
    // 59 minutes after that use, 118 after the written one: alive by the noted use.
    expect(await resolveToken(database.db, m.token, new Date(T0 + 118 * MINUTE), touches, idleMs)).not.toBeNull();
    // And idle 61 minutes after the last use, written or not.
    expect(await resolveToken(database.db, m.token, new Date(T0 + 179 * MINUTE), touches, idleMs)).toBeNull();
    await touches.stop();
    expect(await lastUsed(m.token)).toBe(T0 + 118 * MINUTE);
  });

  it('keeps the noted uses when the write fails, and says so', async () => {
    const other = await createTestDatabase();
    const m = await createMember(other.db, { now: new Date(T0) });
    const errors: unknown[] = [];
    const touches = new SessionTouches(other.db, (error) => errors.push(error), 3_600_000);
    expect(await resolveToken(other.db, m.token, new Date(T0 + 2 * MINUTE), touches)).not.toBeNull();
    await other.close();
    await touches.flush();
    expect(errors.length).toBe(1);
    expect(touches.pending).toBe(1);
    await touches.stop();
  });
});
