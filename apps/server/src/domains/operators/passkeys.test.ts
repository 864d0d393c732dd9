import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, totpCode, type TestApp } from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { rows } from '../../db/query.ts';

// Operators' passkeys as the second factor (issue 35, decision 148): password, then passkey instead of the TOTP code.
/** The software authenticator's answer as the contract's payload type (its extension results are a plain object). */
const wire = (response: object) => response as never;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.config.appBaseUrl).origin;
});
afterAll(async () => {
  await t?.close();
});

async function addPasskey(token: string, auth: SoftAuthenticator, name: string) {
  const begin = await t.consoleCall('beginMyPasskeyRegistration', {}, { token });
  expect(begin.body.succeed).toBe(true);
  const finish = await t.consoleCall('finishMyPasskeyRegistration', { response: wire(auth.create(begin.body.options as never)), name }, { token });
  expect(finish.body).toMatchObject({ succeed: true, passkey: { name } });
  return finish.body.passkey;
}

async function passwordStep(email: string) {
  const step = await t.consoleCall('signIn', { email, password: 'wellbeing-demo' });
  expect(step.body).toMatchObject({ succeed: true, mfa: 'verify' });
  return step.body.challenge;
}

describe('operator passkeys', () => {
  it('an operator adds a passkey and signs in with password then passkey; the step works once', async () => {
    const owner = await t.operatorToken('owner@example.com');
    const auth = new SoftAuthenticator(origin);
    const passkey = await addPasskey(owner, auth, 'YubiKey');
    expect((await t.consoleCall('listMyPasskeys', {}, { token: owner })).body.passkeys).toEqual([passkey]);
    const [audit] = await rows<{ action: string }>(t.database.db, sql`SELECT action FROM audit_log WHERE action = 'finishMyPasskeyRegistration'`);
    expect(audit).toBeDefined();
    const mails = await rows<{ kind: string }>(t.database.db, sql`SELECT kind FROM mail_outbox WHERE to_address = 'owner@example.com'`);
    expect(mails.map((m) => m.kind)).toContain('passkeyAdded');

    const challenge = await passwordStep('owner@example.com');
    const begin = await t.consoleCall('beginPasskeyVerification', { challenge });
    const options = begin.body.options as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([auth.credentials[0]!.id]);
    const assertion = auth.get(options);
    const verified = await t.consoleCall('verifyPasskey', { challenge, response: wire(assertion) });
    expect(verified.body).toMatchObject({ succeed: true, operator: { email: 'owner@example.com', role: 'owner' } });
    expect(String(verified.headers['set-cookie'])).toContain('hibi_console=');
    expect((await t.consoleCall('getMe', {}, { token: verified.body.token })).body.succeed).toBe(true);
    // The same answer again: the sign-in challenge and the WebAuthn challenge are spent.
    expect((await t.consoleCall('verifyPasskey', { challenge, response: wire(assertion) })).body.errorCode).toBe('invalidChallenge');
    const again = await passwordStep('owner@example.com');
    expect((await t.consoleCall('verifyPasskey', { challenge: again, response: wire(assertion) })).body.errorCode).toBe('invalidChallenge');
  });

  it("refuses another operator's passkey, another origin, and an operator without passkeys", async () => {
    const support = await t.operatorToken('support@example.com');
    const supportAuth = new SoftAuthenticator(origin);
    await addPasskey(support, supportAuth, 'Support key');
    // The editor has none.
    const editorChallenge = await passwordStep('editor@example.com');
    expect((await t.consoleCall('beginPasskeyVerification', { challenge: editorChallenge })).body.errorCode).toBe('noPasskeys');
    // The support operator's passkey answering a challenge the server gave for the editor's step.
    const supportChallenge = await passwordStep('support@example.com');
    const options = (await t.consoleCall('beginPasskeyVerification', { challenge: supportChallenge })).body.options as { challenge: string };
    expect((await t.consoleCall('verifyPasskey', { challenge: editorChallenge, response: wire(supportAuth.get(options)) })).body.errorCode).toBe(
      'invalidChallenge',
    );
    const phished = (await t.consoleCall('beginPasskeyVerification', { challenge: supportChallenge })).body.options as { challenge: string };
    const wrongOrigin = supportAuth.get(phished, undefined, { origin: 'https://hibi-console.example.evil', counter: 99 });
    expect((await t.consoleCall('verifyPasskey', { challenge: supportChallenge, response: wire(wrongOrigin) })).body.errorCode).toBe(
      'passkeyRejected',
    );
    const failed = await rows<{ summary: string }>(
      t.database.db,
      sql`SELECT summary FROM audit_log WHERE action = 'signInFailed' AND summary LIKE 'passkey%'`,
    );
    expect(failed.length).toBeGreaterThan(0);
  });

  it('malformed answers are 400 and store nothing', async () => {
    const editor = await t.operatorToken('editor@example.com');
    const begin = await t.consoleCall('beginMyPasskeyRegistration', {}, { token: editor });
    const good = new SoftAuthenticator(origin).create(begin.body.options as never);
    for (const payload of [
      { response: good, name: 'x'.repeat(61) },
      { response: { ...good, rawId: '***' }, name: 'x' },
    ]) {
      expect((await t.consoleRaw('finishMyPasskeyRegistration', payload, { token: editor })).status).toBe(400);
    }
    expect((await t.consoleCall('listMyPasskeys', {}, { token: editor })).body.passkeys).toEqual([]);
  });

  it('an owner requires passkeys: TOTP is refused to an operator who has one, not to one who has none yet', async () => {
    const owner = await t.operatorToken('owner@example.com');
    const editor = await t.operatorToken('editor@example.com');
    expect((await t.consoleCall('setConsoleSecurity', { requirePasskeys: true }, { token: editor })).status).toBe(403);
    expect((await t.consoleCall('setConsoleSecurity', { requirePasskeys: true }, { token: owner })).body).toEqual({
      succeed: true,
      requirePasskeys: true,
    });
    const security = await t.consoleCall('getConsoleSecurity', {}, { token: owner });
    expect(security.body.withoutPasskey.map((o) => o.email)).toContain('editor@example.com');
    expect(security.body.withoutPasskey.map((o) => o.email)).not.toContain('owner@example.com');
    // A company operator adds passkeys too (issue 55, decision 175): one more to ask.
    expect(security.body.withoutPasskey.map((o) => o.email)).toContain('hr@example.com');

    const challenge = await passwordStep('owner@example.com');
    const refused = await t.consoleCall('verifyTotp', { challenge, code: await totpCode(new Date(Date.now() + 60_000)) });
    expect(refused.body.errorCode).toBe('passkeyRequired');
    const recovery = await t.consoleCall('verifyTotp', { challenge, recoveryCode: 'aaaa-bbbb' });
    expect(recovery.body.errorCode).toBe('passkeyRequired');
    // The editor has no passkey: the TOTP step still lets them in (to add one).
    const editorChallenge = await passwordStep('editor@example.com');
    const editorIn = await t.consoleCall('verifyTotp', { challenge: editorChallenge, code: await totpCode(new Date(Date.now() + 30_000)) });
    expect(editorIn.body.succeed).toBe(true);
    await t.consoleCall('setConsoleSecurity', { requirePasskeys: false }, { token: owner });
  });
});
