// The WebAuthn ceremonies shared by members and operators (issue 35, decision 148), on @simplewebauthn/server: options
// with a stored single-use challenge, and the verification of what comes back. The relying party is APP_BASE_URL's
// host and the only origin accepted is APP_BASE_URL's origin. User verification is required: a passkey is the whole
// sign-in for a member, and the phishing-resistant factor for an operator.
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { decodeClientData, WEBAUTHN_CHALLENGE_LIFETIME_MS, type Passkey } from '@hibi/contract/webauthn';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as data from './data.ts';

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
/** ES256 and RS256 (and EdDSA): what platform and roaming authenticators offer. */
const ALGORITHMS = [-8, -7, -257];

export interface RelyingParty {
  /** RP ID: APP_BASE_URL's host name. */
  id: string;
  /** The one origin whose pages may use the passkeys: APP_BASE_URL's. */
  origin: string;
  name: string;
}

export function relyingParty(config: Pick<Config, 'appBaseUrl'>, name = 'Hibi'): RelyingParty {
  const url = new URL(config.appBaseUrl);
  return { id: url.hostname, origin: url.origin, name };
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export function toPasskey(r: data.PasskeyRecord): Passkey {
  return {
    id: r.id,
    name: r.name,
    createdAt: toDate(r.created_at).getTime(),
    lastUsedAt: r.last_used_at === null ? null : toDate(r.last_used_at).getTime(),
    backedUp: r.backed_up,
    transports: r.transports,
  };
}

const newChallenge = () => isoBase64URL.fromBuffer(crypto.randomBytes(32));

/** Registration options for an owner, their existing passkeys excluded (one passkey per authenticator). */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  owner: data.Owner,
  user: { name: string; displayName: string },
  existing: data.PasskeyRecord[],
  now: Date,
  proof: data.Proof,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const userHandle = existing[0]?.user_handle ?? (await data.userHandleOf(db, owner)) ?? isoBase64URL.fromBuffer(crypto.randomBytes(32));
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: isoBase64URL.toBuffer(userHandle),
    userName: user.name,
    userDisplayName: user.displayName,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await data.insertChallenge(
    db,
    {
      challenge: options.challenge,
      purpose: owner.kind === 'member' ? 'memberRegistration' : 'operatorRegistration',
      ...(owner.kind === 'member' ? { userId: owner.id } : { operatorId: owner.id }),
      userHandle,
      proof,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_LIFETIME_MS),
    },
    now,
  );
  return options;
}

export type RegistrationOutcome = { ok: true; passkey: data.NewPasskey } | { ok: false; why: 'invalidChallenge' | 'passkeyRejected' };

/** Takes the response's challenge (single use, the owner's, unexpired) and verifies the response against it. */
export async function verifyRegistration(
  db: Db,
  rp: RelyingParty,
  owner: data.Owner,
  response: RegistrationResponseJSON,
  name: string,
  now: Date,
): Promise<RegistrationOutcome> {
  const challenge = decodeClientData(response.response.clientDataJSON)?.challenge;
  if (!challenge) return { ok: false, why: 'passkeyRejected' };
  const taken = await data.takeChallenge(
    db,
    challenge,
    owner.kind === 'member' ? 'memberRegistration' : 'operatorRegistration',
    now,
    owner.kind === 'member' ? { userId: owner.id } : { operatorId: owner.id },
  );
  // A challenge without a proof was given before a passkey needed one (migration 0840): it adds nothing.
  if (!taken || !taken.user_handle || !taken.proof) return { ok: false, why: 'invalidChallenge' };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return { ok: false, why: 'passkeyRejected' };
  }
  if (!verified.verified || !verified.registrationInfo) return { ok: false, why: 'passkeyRejected' };
  const info = verified.registrationInfo;
  // The id the browser reports must be the one the authenticator's signed data names.
  if (info.credential.id !== response.id) return { ok: false, why: 'passkeyRejected' };
  return {
    ok: true,
    passkey: {
      credentialId: info.credential.id,
      userHandle: taken.user_handle,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (response.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
      deviceType: info.credentialDeviceType,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      name,
      addedWith: taken.proof,
    },
  };
}

/** Sign-in options: no allowed list for a member (discoverable credentials, autofill); the operator's own passkeys for an operator. */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  purpose: 'memberSignIn' | 'operatorSignIn',
  now: Date,
  operator?: { id: number; passkeys: data.PasskeyRecord[] },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = newChallenge();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
    userVerification: 'required',
    allowCredentials: operator?.passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
  });
  await data.insertChallenge(
    db,
    {
      challenge: options.challenge,
      purpose,
      ...(operator ? { operatorId: operator.id } : {}),
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_LIFETIME_MS),
    },
    now,
  );
  return options;
}

export type AuthenticationOutcome = { ok: true; passkey: data.PasskeyRecord } | { ok: false; why: 'invalidChallenge' | 'passkeyRejected' };

/**
 * Verifies a sign-in answer: its challenge is taken (single use, unexpired; an operator's must be theirs), the passkey
 * must exist (and belong to the operator), the user handle must be its own, the signature, origin, RP ID and user
 * verification must hold, and the signature counter must move on (when the authenticator keeps one). The use is
 * recorded conditionally, so a replay racing the original use fails too.
 */
export async function verifyAuthentication(
  db: Db,
  rp: RelyingParty,
  kind: data.Owner['kind'],
  response: AuthenticationResponseJSON,
  now: Date,
  operatorId?: number,
): Promise<AuthenticationOutcome> {
  const challenge = decodeClientData(response.response.clientDataJSON)?.challenge;
  if (!challenge) return { ok: false, why: 'passkeyRejected' };
  const taken = await data.takeChallenge(db, challenge, kind === 'member' ? 'memberSignIn' : 'operatorSignIn', now, operatorId ? { operatorId } : {});
  if (!taken) return { ok: false, why: 'invalidChallenge' };
  const passkey = await data.passkeyByCredentialId(db, kind, response.id);
  if (!passkey || (operatorId !== undefined && passkey.owner_id !== operatorId)) return { ok: false, why: 'passkeyRejected' };
  if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.user_handle)
    return { ok: false, why: 'passkeyRejected' };
  const counter = Number(passkey.counter);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    return { ok: false, why: 'passkeyRejected' };
  }
  if (!verified.verified) return { ok: false, why: 'passkeyRejected' };
  const info = verified.authenticationInfo;
  if (!(await data.recordUse(db, kind, passkey.id, counter, info.newCounter, info.credentialBackedUp, now)))
    return { ok: false, why: 'passkeyRejected' };
  return { ok: true, passkey };
}
