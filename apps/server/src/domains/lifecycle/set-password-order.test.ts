import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { emailLinks } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/core.ts';
import { hashToken } from '../../lib/tokens.ts';

// The real argon2id hash, counted: setPassword must not spend one on a link it then refuses (issue 12, finding 16).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function link(token: string, expiresInMs: number, used = false) {
  const [member] = await t.database.db.select().from(users).where(eq(users.email, 'member24@example.com'));
  await t.database.db.insert(emailLinks).values({
    userId: member!.id,
    purpose: 'reset',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + expiresInMs),
    usedAt: used ? new Date() : null,
  });
}

describe('setPassword checks the link before hashing', () => {
  it('an unknown, used or expired link is refused without an argon2 hash; a good one hashes once', async () => {
    await link('used-link-token-0123456789', 60_000, true);
    await link('expired-link-token-0123456789', -60_000);
    await link('good-link-token-0123456789abc', 60_000);
    hashes.count = 0;
    const answers = [];
    for (const token of ['unknown-link-token-0123456789', 'used-link-token-0123456789', 'expired-link-token-0123456789']) {
      answers.push((await t.call('setPassword', { token, password: 'a-new-password-1' })).body.errorCode);
    }
    expect(answers).toEqual(['invalidLink', 'invalidLink', 'linkExpired']);
    expect(hashes.count).toBe(0);
    expect((await t.call('setPassword', { token: 'good-link-token-0123456789abc', password: 'a-new-password-1' })).body).toEqual({ succeed: true });
    expect(hashes.count).toBe(1);
    expect((await t.call('login', { id: 'member24@example.com', password: 'a-new-password-1' })).body.succeed).toBe(true);
  });
});
