import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { rows } from '../../db/query.ts';

// Issue 53, item 2 (decision 175): a stolen session alone no longer adds a passkey, a new password takes away the
// passkeys not added with the password, and a deleted passkey's sessions end.

const PW = 'proof-test-password';
let clock = Date.now();
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => new Date(clock) });
  origin = new URL(t.config.appBaseUrl).origin;
});
afterAll(async () => {
  await t?.close();
});

type Body = { succeed: boolean; errorCode?: string; [k: string]: any };

async function fn(name: string, payload: object = {}, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() as Body };
}

const newMember = () => createMember(t.database.db, { now: new Date(clock), password: PW });

/** A session opened with the password now (the fixture's own session was opened without one). */
async function passwordSession(m: MemberFixture): Promise<string> {
  const answer = await fn('login', { id: m.email, password: PW });
  expect(answer.body.succeed).toBe(true);
  return answer.body.token as string;
}

async function addPasskey(token: string, auth: SoftAuthenticator, name: string, payload: object = {}) {
  const begin = await fn('beginPasskeyRegistration', payload, token);
  expect(begin.body, name).toMatchObject({ succeed: true });
  const finish = await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options), name }, token);
  expect(finish.body).toMatchObject({ succeed: true });
  return finish.body.passkey as { id: number; name: string };
}

async function passkeySession(auth: SoftAuthenticator): Promise<string> {
  const begin = await fn('beginPasskeySignIn');
  const finish = await fn('finishPasskeySignIn', { response: auth.get(begin.body.options) });
  expect(finish.body.succeed).toBe(true);
  return finish.body.token as string;
}

const signedIn = async (token: string) => (await fn('listPasskeys', {}, token)).status === 200;

async function passkeyNames(userId: number) {
  return (await rows<{ name: string }>(t.database.db, sql`SELECT name FROM member_passkeys WHERE user_id = ${userId} ORDER BY id`)).map(
    (r) => r.name,
  );
}

async function mailsTo(address: string) {
  return rows<{ kind: string; subject: string; text_body: string }>(
    t.database.db,
    sql`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ${address} ORDER BY id`,
  );
}

function linkToken(text: string, path: string): string {
  const match = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text.slice(0, 300)}`);
  return match[1]!;
}

describe('adding a passkey asks for the password', () => {
  it('refuses a session alone (passwordRequired), a wrong password (wrongPassword), and stores no challenge', async () => {
    const m = await newMember();
    expect((await fn('beginPasskeyRegistration', {}, m.token)).body).toEqual({ succeed: false, errorCode: 'passwordRequired' });
    expect((await fn('beginPasskeyRegistration', { currentPassword: 'not-the-password' }, m.token)).body).toEqual({
      succeed: false,
      errorCode: 'wrongPassword',
    });
    const [left] = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM webauthn_challenges WHERE user_id = ${m.id}`);
    expect(left!.n).toBe(0);
    const added = await addPasskey(m.token, new SoftAuthenticator(origin), 'With password', { currentPassword: PW });
    expect(added.name).toBe('With password');
  });

  it('counts wrong passwords per account and address (429 after 10), as the other re-authentications', async () => {
    const m = await newMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await fn('beginPasskeyRegistration', { currentPassword: `wrong-${i}` }, m.token)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('needs no password within 5 minutes of a password sign-in; after that, and for a passkey’s session, it does', async () => {
    const m = await newMember();
    const fresh = await passwordSession(m);
    const auth = new SoftAuthenticator(origin);
    await addPasskey(fresh, auth, 'Fresh sign-in');
    clock += 5 * 60_000 + 1;
    expect((await fn('beginPasskeyRegistration', {}, fresh)).body.errorCode).toBe('passwordRequired');
    // A session opened with a passkey is no password sign-in: a passkey alone cannot add another.
    const viaPasskey = await passkeySession(auth);
    expect((await fn('beginPasskeyRegistration', {}, viaPasskey)).body.errorCode).toBe('passwordRequired');
    await addPasskey(viaPasskey, new SoftAuthenticator(origin), 'Typed password', { currentPassword: PW });
  });

  it('a challenge given before passkeys needed a proof adds nothing', async () => {
    const m = await newMember();
    const auth = new SoftAuthenticator(origin);
    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, m.token);
    await t.database.db.execute(sql`UPDATE webauthn_challenges SET proof = NULL WHERE user_id = ${m.id}`);
    const finish = await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options), name: 'old' }, m.token);
    expect(finish.body).toEqual({ succeed: false, errorCode: 'invalidChallenge' });
    expect(await passkeyNames(m.id)).toEqual([]);
  });
});

describe('deleting a passkey ends the sessions it opened', () => {
  it('the passkey’s other sessions end; the asking session and the password’s sessions stay', async () => {
    const m = await newMember();
    const auth = new SoftAuthenticator(origin);
    const passkey = await addPasskey(m.token, auth, 'Shared', { currentPassword: PW });
    const taker = await passkeySession(auth);
    const mine = await passkeySession(auth);
    const password = await passwordSession(m);
    expect(await signedIn(taker)).toBe(true);
    expect((await fn('deletePasskey', { id: passkey.id }, mine)).body).toEqual({ succeed: true });
    expect(await signedIn(taker)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
    expect(await signedIn(password)).toBe(true);
    expect(await signedIn(m.token)).toBe(true);
  });
});

describe('a new password or an undone email change takes the passkeys not added with the password', () => {
  it('a password reset removes passkeys added on a fresh sign-in (and older ones added on the session alone), keeps those added with the password, and mails which went', async () => {
    const m = await newMember();
    const fresh = await passwordSession(m);
    const taken = new SoftAuthenticator(origin);
    await addPasskey(fresh, taken, 'Added on sign-in');
    const kept = new SoftAuthenticator(origin);
    await addPasskey(m.token, kept, 'Added with password', { currentPassword: PW });
    // One added before decision 175, on the session alone.
    const legacy = new SoftAuthenticator(origin);
    await addPasskey(m.token, legacy, 'Before the rule', { currentPassword: PW });
    await t.database.db.execute(sql`UPDATE member_passkeys SET added_with = NULL WHERE user_id = ${m.id} AND name = 'Before the rule'`);
    const takerSession = await passkeySession(taken);

    expect((await fn('requestPasswordReset', { email: m.email })).body.succeed).toBe(true);
    const reset = (await mailsTo(m.email)).find((x) => x.kind === 'reset')!;
    expect((await fn('setPassword', { token: linkToken(reset.text_body, 'setPassword'), password: 'a-brand-new-password' })).body.succeed).toBe(true);

    expect(await passkeyNames(m.id)).toEqual(['Added with password']);
    expect(await signedIn(takerSession)).toBe(false);
    const removed = (await mailsTo(m.email)).filter((x) => x.kind === 'passkeysRemoved');
    expect(removed).toHaveLength(1);
    expect(removed[0]!.text_body).toContain('Added on sign-in');
    expect(removed[0]!.text_body).toContain('Before the rule');
    expect(removed[0]!.text_body).not.toContain('Added with password');
    const begin = await fn('beginPasskeySignIn');
    expect((await fn('finishPasskeySignIn', { response: taken.get(begin.body.options) })).body.errorCode).toBe('passkeyRejected');
  });

  it('undoing an email change removes every passkey added since the change too, and tells the old address', async () => {
    const m = await newMember();
    const own = new SoftAuthenticator(origin);
    await addPasskey(m.token, own, 'Mine', { currentPassword: PW });
    clock += 1000;
    // Whoever changes the address knows the password, so a passkey they add with it is "proved" too.
    const newAddress = `taken-${m.id}@fixture.example`;
    expect((await fn('updateEmailAddressWithResetPassword', { email: newAddress, currentPassword: PW }, m.token)).body.succeed).toBe(true);
    const register = (await mailsTo(newAddress)).find((x) => x.kind === 'register')!;
    const set = await fn('setPassword', { token: linkToken(register.text_body, 'setPassword'), password: 'the-takers-password' });
    expect(set.body.succeed).toBe(true);
    clock += 1000;
    const taker = (await fn('login', { id: newAddress, password: 'the-takers-password' })).body.token as string;
    await addPasskey(taker, new SoftAuthenticator(origin), 'Takers key', { currentPassword: 'the-takers-password' });
    expect(await passkeyNames(m.id)).toEqual(['Mine', 'Takers key']);

    const changed = (await mailsTo(m.email)).find((x) => x.kind === 'emailChanged')!;
    expect((await fn('revertEmailChange', { token: linkToken(changed.text_body, 'revertEmail') })).body.succeed).toBe(true);
    expect(await passkeyNames(m.id)).toEqual(['Mine']);
    const removed = (await mailsTo(m.email)).filter((x) => x.kind === 'passkeysRemoved');
    expect(removed).toHaveLength(1);
    expect(removed[0]!.text_body).toContain('Takers key');
  });
});

describe('the notice of an added passkey', () => {
  it('gives the order that works: a new password first (every other sign-in ends), then delete the unknown passkey', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW, locale: 'en' });
    await addPasskey(m.token, new SoftAuthenticator(origin), 'Laptop', { currentPassword: PW });
    const [added] = (await mailsTo(m.email)).filter((x) => x.kind === 'passkeyAdded');
    const text = added!.text_body;
    expect(text.indexOf('Set a new password')).toBeGreaterThan(-1);
    expect(text.indexOf('Set a new password')).toBeLessThan(text.indexOf('delete any you do not know'));
  });
});
