import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/query.ts';
import { replaceRecoveryCodes } from '../../src/domains/operators/data.ts';
import { hashRecoveryCode } from '../../src/domains/operators/totp.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createTestApp, totpCode, type TestApp } from '../helpers.ts';

// The real argon2, watched: a guessed enrolment link must not cost a hash (issue 30, finding 3).
vi.mock('../../src/lib/passwords.ts', async (original) => {
  const real = await original<typeof import('../../src/lib/passwords.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

/**
 * Issue 30, finding 2: a stranger's wrong passwords and codes from one address must not lock the owner out of the
 * console. Failures count per account *and* client address, and per address; the owner elsewhere still gets in.
 */
const MINUTE = 60_000;
let clock = Date.parse('2026-11-20T01:00:00Z');
const now = () => new Date(clock);
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(async () => {
  await t?.close();
});

const signIn = (password: string, remoteAddress: string, email = 'owner@example.com') =>
  t.consoleCall('signIn', { email, password }, { remoteAddress });

describe('console sign-in limits (issue 30, finding 2)', () => {
  it('30 wrong passwords from one address: that address gets 429, the owner from elsewhere signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(`wrong-password-${i}`, ATTACKER)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // The right password from the attacker's address waits for the window too.
    expect((await signIn('wellbeing-demo', ATTACKER)).status).toBe(429);
    const owner = await signIn('wellbeing-demo', OWNER);
    expect(owner.body).toMatchObject({ succeed: true, mfa: 'verify' });
    const session = await t.consoleCall('verifyTotp', { challenge: owner.body.challenge, code: await totpCode(now()) }, { remoteAddress: OWNER });
    expect(session.body.succeed).toBe(true);
  });

  it('one address is limited across accounts as well (a spray of many addresses)', async () => {
    clock += 16 * MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await signIn('wrong-password', ATTACKER, `nobody-${i}@example.com`)).status);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
    expect((await signIn('wellbeing-demo', OWNER)).body.succeed).toBe(true);
  });

  it('30 wrong codes from one address: the owner’s correct code and an unused recovery code from elsewhere still work', async () => {
    clock += 16 * MINUTE;
    const [owner] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM operators WHERE email = 'owner@example.com'`);
    await replaceRecoveryCodes(t.database.db, owner!.id, [hashRecoveryCode('abcde-fghij')]);
    // The attacker knows the password (or got a challenge somehow) and guesses codes.
    const attacker = await signIn('wellbeing-demo', ATTACKER);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await t.consoleCall('verifyTotp', { challenge: attacker.body.challenge, code: '000000' }, { remoteAddress: ATTACKER })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

    const first = await signIn('wellbeing-demo', OWNER);
    const byCode = await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(now()) }, { remoteAddress: OWNER });
    expect(byCode.body.succeed).toBe(true);
    const second = await signIn('wellbeing-demo', OWNER);
    const byRecovery = await t.consoleCall('verifyTotp', { challenge: second.body.challenge, recoveryCode: 'abcde-fghij' }, { remoteAddress: OWNER });
    expect(byRecovery.body.succeed).toBe(true);
  });
});

describe('acceptInvitation (issue 30, findings 3 and 7)', () => {
  it('checks the token before hashing, limits failures per address and audits them', async () => {
    clock += 16 * MINUTE;
    const owner = await t.operatorToken('owner@example.com');
    expect(
      (await t.consoleCall('inviteOperator', { email: 'late@example.com', displayName: '遅い 人', role: 'editor' }, { token: owner })).body.succeed,
    ).toBe(true);
    const [mail] = await rows<{ text_body: string }>(t.database.db, sql`SELECT text_body FROM mail_outbox WHERE to_address = 'late@example.com'`);
    const token = decodeURIComponent(/\/console\/enrol\?token=(\S+)/.exec(mail!.text_body)![1]!);

    const hash = vi.mocked(hashPassword);
    hash.mockClear();
    const guess = (i: number, remoteAddress: string) =>
      t.consoleCall('acceptInvitation', { token: `guessed-token-${i}`, password: 'a-long-enough-password', displayName: 'x' }, { remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guess(i, ATTACKER)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(hash).not.toHaveBeenCalled();
    const audited = await rows<{ ip: string; summary: string }>(
      t.database.db,
      sql`SELECT ip, summary FROM audit_log WHERE action = 'acceptInvitationFailed'`,
    );
    expect(audited).toHaveLength(10);
    expect(audited[0]).toMatchObject({ ip: ATTACKER });
    expect(JSON.stringify(audited)).not.toContain('guessed-token');

    // The invited operator's own link, from their address, works; once.
    const accepted = await t.consoleCall(
      'acceptInvitation',
      { token, password: 'a-long-enough-password', displayName: '遅い 人' },
      { remoteAddress: OWNER },
    );
    expect(accepted.body).toEqual({ succeed: true, email: 'late@example.com' });
    expect(hash).toHaveBeenCalledTimes(1);
    const again = await t.consoleCall('acceptInvitation', { token, password: 'a-long-enough-password', displayName: 'x' }, { remoteAddress: OWNER });
    expect(again.body.errorCode).toBe('invalidToken');
    expect(hash).toHaveBeenCalledTimes(1);
  });
});
