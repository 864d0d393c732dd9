import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { purgeEndedContracts, PURGE_AFTER_MS } from '../insights/service.ts';

// Issue 53, item 4 (decision 175): a code of a company whose contract has ended, or whose members were purged, signs
// nobody up; and accounts of such a company, however they came, are covered by the purge.

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

async function tenantWithCode(contractEndsAt: number | null): Promise<{ tenantId: number; code: string }> {
  const tenantId = await createTenant(t.database.db);
  if (contractEndsAt !== null) {
    await t.database.db.execute(sql`UPDATE tenants SET contract_ends_at = ${iso(contractEndsAt)}::timestamptz WHERE id = ${tenantId}`);
  }
  const code = `END-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await t.database.db.execute(
    sql`INSERT INTO invitation_codes (code, tenant_id, max_uses, used_count, expires_at, created_at)
        VALUES (${code}, ${tenantId}, 100, 0, ${iso(clock + 365 * DAY)}::timestamptz, ${iso(clock)}::timestamptz)`,
  );
  return { tenantId, code };
}

function signup(code: string, locale: 'ja' | 'en' = 'en') {
  const email = `signup-${crypto.randomBytes(5).toString('hex')}@fixture.example`;
  return t.call('createUserByInvitationCode', {
    invitationCode: code,
    userName: 'Hibi Hanako',
    userPhonetic: 'ひび はなこ',
    userNickname: 'hanako',
    userEmailAddress: email,
    userEmailAddress2: email,
    locale,
  } as never);
}

const membersOf = async (tenantId: number) =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${tenantId}`))[0]!.n;

describe('signing up with a code of an ended contract', () => {
  it('is refused with its own message, creates nothing and uses nothing of the code', async () => {
    const open = await tenantWithCode(clock + DAY);
    expect((await signup(open.code)).body.succeed).toBe(true);

    const ended = await tenantWithCode(clock - DAY);
    const answer = await signup(ended.code);
    expect(answer.body).toMatchObject({ succeed: false, errorCode: 'validationError' });
    expect(answer.body.validationErrorMessage).toEqual([expect.stringContaining('contract has ended')]);
    const ja = await signup(ended.code, 'ja');
    expect(ja.body.validationErrorMessage).toEqual([expect.stringContaining('契約は終了')]);
    expect(await membersOf(ended.tenantId)).toBe(0);
    const [code] = await rows<{ used_count: number }>(t.database.db, sql`SELECT used_count FROM invitation_codes WHERE code = ${ended.code}`);
    expect(code!.used_count).toBe(0);
  });

  it('is refused after the purge too, and an unknown code still answers as before', async () => {
    const purged = await tenantWithCode(clock - PURGE_AFTER_MS - DAY);
    await createMember(t.database.db, { tenantId: purged.tenantId, now: new Date(clock) });
    expect(await purgeEndedContracts(t.database.db, new Date(clock))).toContain(purged.tenantId);
    const answer = await signup(purged.code);
    expect(answer.body.validationErrorMessage).toEqual([expect.stringContaining('contract has ended')]);
    expect(await membersOf(purged.tenantId)).toBe(0);
    expect((await signup('NO-SUCH-CODE')).body.validationErrorMessage).toEqual([expect.stringContaining('not valid')]);
  });
});

describe('the purge covers accounts made under an ended contract', () => {
  it('an account made after the tenant was purged (as codes allowed before) goes at the next run; an untouched purged tenant is left alone', async () => {
    const purged = await tenantWithCode(clock - PURGE_AFTER_MS - DAY);
    await createMember(t.database.db, { tenantId: purged.tenantId, now: new Date(clock) });
    expect(await purgeEndedContracts(t.database.db, new Date(clock))).toContain(purged.tenantId);
    const [first] = await rows<{ purged_at: string }>(t.database.db, sql`SELECT purged_at::text FROM tenants WHERE id = ${purged.tenantId}`);
    // Nothing new: the next run does nothing for it.
    clock += 60_000;
    expect(await purgeEndedContracts(t.database.db, new Date(clock))).not.toContain(purged.tenantId);
    // An account that arrived afterwards (a signup before decision 175, or any other way in).
    const late = await createMember(t.database.db, { tenantId: purged.tenantId, now: new Date(clock) });
    clock += 60_000;
    expect(await purgeEndedContracts(t.database.db, new Date(clock))).toContain(purged.tenantId);
    expect(await membersOf(purged.tenantId)).toBe(0);
    const [gone] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${late.id}`);
    expect(gone!.n).toBe(0);
    // The first purge's time is kept.
    const [after] = await rows<{ purged_at: string }>(t.database.db, sql`SELECT purged_at::text FROM tenants WHERE id = ${purged.tenantId}`);
    expect(after!.purged_at).toBe(first!.purged_at);
  });
});
