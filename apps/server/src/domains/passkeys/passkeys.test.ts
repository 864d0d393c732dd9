import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, type MemberFixture } from '../../../test/fixtures.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { rows } from '../../db/query.ts';
import { runMaintenance } from '../../maintenance.ts';

/** The fixture members' password: adding a passkey asks for it (decision 175). */
const PW = 'passkey-test-password';

// A clock the suite moves (the 5-minute challenge); every call reads it.
let clock = Date.now();
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => new Date(clock), env: { LOGIN_LIMIT_PER_ADDRESS: '8' } });
  origin = new URL(t.config.appBaseUrl).origin;
});
afterAll(async () => {
  await t?.close();
});

/** Each test calls from an address of its own, so the per-address sign-in limit counts only its own failures. */
const newAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

interface CallOptions {
  token?: string;
  ip?: string;
  origin?: string;
}

type Body = { succeed: boolean; errorCode?: string; validationErrorMessage?: string[]; [k: string]: any };

async function fn(name: string, payload: object = {}, o: CallOptions = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: {
      'content-type': 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.origin ? { origin: o.origin } : {}),
    },
    payload: JSON.stringify(payload),
    remoteAddress: o.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
}

async function passkeyRows(userId: number) {
  return rows<{ credential_id: string; counter: string; transports: string[]; backup_eligible: boolean; backed_up: boolean; name: string }>(
    t.database.db,
    sql`SELECT credential_id, counter, transports, backup_eligible, backed_up, name FROM member_passkeys WHERE user_id = ${userId}`,
  );
}

async function mailsTo(address: string) {
  return rows<{ kind: string; subject: string; text_body: string }>(
    t.database.db,
    sql`SELECT kind, subject, text_body FROM mail_outbox WHERE to_address = ${address} ORDER BY id`,
  );
}

/** Registers a passkey for a member through the functions; the authenticator keeps its key. */
async function register(m: MemberFixture, auth: SoftAuthenticator, name = 'ノートPC') {
  const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
  expect(begin.body.succeed).toBe(true);
  const finish = await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options), name }, { token: m.token });
  expect(finish.body).toMatchObject({ succeed: true });
  return finish.body.passkey as { id: number; name: string };
}

async function signInOptions(ip = '127.0.0.1') {
  const begin = await fn('beginPasskeySignIn', {}, { ip });
  expect(begin.body.succeed).toBe(true);
  return begin.body.options as { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification: string };
}

describe('registering a passkey', () => {
  it('offers a discoverable credential for APP_BASE_URL’s host, stores counter, flags and transports, and mails a notice', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    expect(begin.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Hibi' },
      user: { name: m.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const auth = new SoftAuthenticator(origin, { backedUp: true });
    const finish = await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options), name: '  iPhone  ' }, { token: m.token });
    expect(finish.body).toMatchObject({ succeed: true, passkey: { name: 'iPhone', backedUp: true, lastUsedAt: null, transports: ['internal'] } });
    expect(await passkeyRows(m.id)).toEqual([
      {
        credential_id: auth.credentials[0]!.id,
        counter: expect.anything(),
        transports: ['internal'],
        backup_eligible: true,
        backed_up: true,
        name: 'iPhone',
      },
    ]);
    const list = await fn('listPasskeys', {}, { token: m.token });
    expect(list.body.passkeys).toEqual([finish.body.passkey]);
    const mails = await mailsTo(m.email);
    expect(mails.map((x) => x.kind)).toEqual(['passkeyAdded']);
    expect(mails[0]!.text_body).toContain('iPhone');
    // The next registration excludes the passkey the member has (one per authenticator) and keeps the user handle.
    const again = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    expect(again.body.options.excludeCredentials).toEqual([{ id: auth.credentials[0]!.id, type: 'public-key', transports: ['internal'] }]);
    expect(again.body.options.user.id).toBe(begin.body.options.user.id);
  });

  it('refuses an answer from another origin or for another RP ID, and stores nothing', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    for (const bend of [{ origin: 'https://hibi.example.evil' }, { origin: 'http://localhost:9999' }, { rpId: 'evil.example' }]) {
      const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
      const finish = await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options, bend), name: 'x' }, { token: m.token });
      expect(finish.body).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    }
    expect(await passkeyRows(m.id)).toEqual([]);
    expect(await mailsTo(m.email)).toEqual([]);
  });

  it('refuses a challenge used once already, one past its 5 minutes, and one given to another member', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const other = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);

    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    const response = auth.create(begin.body.options);
    expect((await fn('finishPasskeyRegistration', { response, name: 'a' }, { token: m.token })).body.succeed).toBe(true);
    expect((await fn('finishPasskeyRegistration', { response, name: 'a' }, { token: m.token })).body.errorCode).toBe('invalidChallenge');

    const late = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    clock += 5 * 60_000 + 1;
    const lateAnswer = await fn('finishPasskeyRegistration', { response: auth.create(late.body.options), name: 'b' }, { token: m.token });
    expect(lateAnswer.body.errorCode).toBe('invalidChallenge');

    // Another member's challenge is not theirs to spend (and stays the owner's).
    const mine = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    const stolen = auth.create(mine.body.options);
    expect((await fn('finishPasskeyRegistration', { response: stolen, name: 'c' }, { token: other.token })).body.errorCode).toBe('invalidChallenge');
    expect(await passkeyRows(other.id)).toEqual([]);
    expect((await passkeyRows(m.id)).map((r) => r.name)).toEqual(['a']);
  });

  it('refuses a credential another member registered already', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const other = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    const response = auth.create(begin.body.options);
    expect((await fn('finishPasskeyRegistration', { response, name: 'mine' }, { token: m.token })).body.succeed).toBe(true);
    // A new key claiming the first member's credential id, answered to the other member's challenge.
    const theirs = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: other.token });
    const copied = new SoftAuthenticator(origin).create(theirs.body.options, { credentialId: auth.credentials[0]!.id });
    const attempt = await fn('finishPasskeyRegistration', { response: copied, name: 'copy' }, { token: other.token });
    expect(attempt.body).toEqual({ succeed: false, errorCode: 'alreadyRegistered' });
    expect(await passkeyRows(other.id)).toEqual([]);
    expect((await passkeyRows(m.id)).map((r) => r.name)).toEqual(['mine']);
  });

  it('answers 400 to a malformed response or name and stores nothing', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    const good = auth.create(begin.body.options);
    const bad: object[] = [
      { response: good, name: 'x'.repeat(61) },
      { response: good, name: '' },
      { response: good, name: 'a\nb' },
      { response: good, name: 'a\u202eb' },
      { response: good },
      { response: { ...good, type: 'password' }, name: 'x' },
      { response: { ...good, response: { ...good.response, clientDataJSON: 'not base64!' } }, name: 'x' },
      { response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') } }, name: 'x' },
      { response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{"type":1}').toString('base64url') } }, name: 'x' },
      { response: { ...good, response: { ...good.response, attestationObject: 'x'.repeat(40_000) } }, name: 'x' },
      { response: { ...good, response: { clientDataJSON: good.response.clientDataJSON } }, name: 'x' },
      { response: { ...good, id: 12 }, name: 'x' },
      { response: 'passkey', name: 'x' },
    ];
    for (const payload of bad) {
      const answer = await fn('finishPasskeyRegistration', payload, { token: m.token });
      expect(answer.status, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(answer.body.errorCode).toBe('validationError');
    }
    // Well-formed base64url that is no CBOR: refused as a passkey, never a 500.
    const garbage = await fn(
      'finishPasskeyRegistration',
      { response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } }, name: 'x' },
      { token: m.token },
    );
    expect(garbage).toMatchObject({ status: 200, body: { succeed: false, errorCode: 'passkeyRejected' } });
    expect(await passkeyRows(m.id)).toEqual([]);
    expect(await mailsTo(m.email)).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    expect((await fn('beginPasskeyRegistration')).status).toBe(401);
    expect((await fn('listPasskeys')).status).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('opens the same session as login (bearer), without any user named in the options', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const finish = await fn('finishPasskeySignIn', { response: auth.get(options) });
    expect(finish.body).toMatchObject({ succeed: true, user: { userID: m.id, hasEmail: true }, tenantContract: { corporateContract: true } });
    const who = await fn('authenticateWithToken', {}, { token: finish.body.token });
    expect(who.body).toMatchObject({ succeed: true, user: { userID: m.id } });
    const [row] = await passkeyRows(m.id);
    expect(Number(row!.counter)).toBe(1);
    expect((await fn('listPasskeys', {}, { token: m.token })).body.passkeys[0].lastUsedAt).toBe(clock);
  });

  it('refuses a replayed assertion, and an assertion whose counter did not move on', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    const ip = newAddress();
    const assertion = auth.get(await signInOptions(ip));
    expect((await fn('finishPasskeySignIn', { response: assertion }, { ip })).body.succeed).toBe(true);
    expect((await fn('finishPasskeySignIn', { response: assertion }, { ip })).body).toEqual({ succeed: false, errorCode: 'invalidChallenge' });
    // A cloned authenticator signing a fresh challenge with a counter already seen.
    const cloned = auth.get(await signInOptions(ip), undefined, { counter: 1 });
    expect((await fn('finishPasskeySignIn', { response: cloned }, { ip })).body).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    // The genuine authenticator goes on working.
    expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions(ip)) }, { ip })).body.succeed).toBe(true);
  });

  it('accepts a synced passkey that keeps no counter, once per challenge', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin, { counters: false, backedUp: true });
    await register(m, auth);
    const ip = newAddress();
    for (let i = 0; i < 2; i++) {
      expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions(ip)) }, { ip })).body.succeed).toBe(true);
    }
  });

  it('refuses another origin, another RP ID, no user verification, an expired challenge, a foreign user handle', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const other = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    const otherAuth = new SoftAuthenticator(origin);
    await register(other, otherAuth);
    const ip = newAddress();
    const refusal = async (bend: Parameters<SoftAuthenticator['get']>[2]) =>
      (await fn('finishPasskeySignIn', { response: auth.get(await signInOptions(ip), undefined, bend) }, { ip })).body;
    expect(await refusal({ origin: 'https://phish.example', counter: 50 })).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    expect(await refusal({ rpId: 'phish.example', counter: 51 })).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    expect(await refusal({ noUserVerification: true, counter: 52 })).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    expect(await refusal({ userHandle: otherAuth.credentials[0]!.userHandle, counter: 53 })).toEqual({
      succeed: false,
      errorCode: 'passkeyRejected',
    });
    const options = await signInOptions(ip);
    clock += 5 * 60_000 + 1;
    expect((await fn('finishPasskeySignIn', { response: auth.get(options) }, { ip })).body).toEqual({
      succeed: false,
      errorCode: 'invalidChallenge',
    });
    // None of these moved the counter: the authenticator's next genuine answer still works.
    expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions(ip)) }, { ip })).body.succeed).toBe(true);
  });

  it('signs in a member with a company-assigned id and no email (no notice to mail)', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    await t.database.db.execute(sql`UPDATE users SET email = NULL, login_id = 'EMP-PK-1', login_id_lower = 'emp-pk-1' WHERE id = ${m.id}`);
    const auth = new SoftAuthenticator(origin);
    const begin = await fn('beginPasskeyRegistration', { currentPassword: PW }, { token: m.token });
    expect(begin.body.options.user.name).toBe('EMP-PK-1');
    expect((await fn('finishPasskeyRegistration', { response: auth.create(begin.body.options), name: 'PC' }, { token: m.token })).body.succeed).toBe(
      true,
    );
    const finish = await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()) });
    expect(finish.body).toMatchObject({ succeed: true, user: { userID: m.id, hasEmail: false } });
  });

  it('obeys what login obeys: a deactivated member is refused, a member behind on the terms meets the terms gate', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    await t.database.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${m.id}`);
    expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()) })).body).toEqual({
      succeed: false,
      errorCode: 'notTenantUser',
    });
    await t.database.db.execute(sql`UPDATE users SET deactivated_at = NULL, accepted_terms_version = 0 WHERE id = ${m.id}`);
    const finish = await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()) });
    expect(finish.body).toMatchObject({ succeed: true, user: { termsVersion: 0 } });
    expect((await fn('listPasskeys', {}, { token: finish.body.token })).body.errorCode).toBe('termsNotAccepted');
  });

  it("obeys the end of the tenant's contract, as login does (issue 32)", async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    await t.database.db.execute(
      sql`UPDATE tenants SET contract_ends_at = ${new Date(clock - 60_000).toISOString()}::timestamptz WHERE id = ${m.tenantId}`,
    );
    expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()) })).body).toEqual({
      succeed: false,
      errorCode: 'contractEnded',
    });
  });

  it('counts refused answers against the address’s sign-in limit (429), as login does', async () => {
    const ip = newAddress();
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await fn(
            'finishPasskeySignIn',
            { response: auth.get(await signInOptions(ip), undefined, { origin: 'https://x.example', counter: 100 + i }) },
            { ip },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(429);
    // A wrong password from that address meets the same spent budget.
    expect((await fn('login', { id: m.email, password: 'whatever-it-is' }, { ip })).status).toBe(429);
  });

  it("starts the web app's cookie session only from the app's own origin", async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    await register(m, auth);
    const refused = await fn(
      'finishPasskeySignIn',
      { response: auth.get(await signInOptions()), session: 'cookie' },
      { origin: 'https://evil.example' },
    );
    expect(refused.status).toBe(403);
    const ok = await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()), session: 'cookie' }, { origin });
    expect(ok.body.succeed).toBe(true);
    expect(ok.body.token).toBeUndefined();
    expect(String(ok.headers['set-cookie'])).toMatch(/hibi_session=[^;]+; .*HttpOnly/);
  });
});

describe('deleting a passkey', () => {
  it('deletes only the member’s own passkey, mails a notice, and the passkey signs in no more', async () => {
    const m = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const other = await createMember(t.database.db, { now: new Date(clock), password: PW });
    const auth = new SoftAuthenticator(origin);
    const passkey = await register(m, auth, 'Laptop');
    expect((await fn('deletePasskey', { id: passkey.id }, { token: other.token })).body).toEqual({ succeed: false, errorCode: 'notFound' });
    expect(await passkeyRows(m.id)).toHaveLength(1);
    expect((await fn('deletePasskey', { id: passkey.id }, { token: m.token })).body).toEqual({ succeed: true });
    expect(await passkeyRows(m.id)).toEqual([]);
    expect((await mailsTo(m.email)).map((x) => x.kind)).toEqual(['passkeyAdded', 'passkeyDeleted']);
    expect((await fn('finishPasskeySignIn', { response: auth.get(await signInOptions()) })).body).toEqual({
      succeed: false,
      errorCode: 'passkeyRejected',
    });
    expect((await fn('deletePasskey', { id: passkey.id }, { token: m.token })).body.errorCode).toBe('notFound');
  });

  it('maintenance removes challenges past their time', async () => {
    await signInOptions();
    clock += 5 * 60_000 + 1;
    await runMaintenance(t.database.db, new Date(clock), { outboxRetentionDays: 7 });
    const [left] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM webauthn_challenges WHERE expires_at <= ${new Date(clock).toISOString()}::timestamptz`,
    );
    expect(left!.n).toBe(0);
  });
});
