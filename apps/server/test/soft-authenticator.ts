// A software WebAuthn authenticator for the server suites (issue 35): an EC P-256 key per credential (node:crypto),
// authenticator data and clientDataJSON built byte by byte as a browser and an authenticator would, the attestation
// object in CBOR ('none' format) through the server library's own CBOR helper. Each answer can be bent (another
// origin, RP ID, counter or flags) to play an attacker.
import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

export interface SoftCredential {
  id: string;
  privateKey: crypto.KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface Bend {
  origin?: string;
  rpId?: string;
  /** The signature counter to write (the credential's next one by default). */
  counter?: number;
  /** Leave the user-verified flag out. */
  noUserVerification?: boolean;
  type?: string;
  /** Another user handle in the assertion. */
  userHandle?: string;
  /** The credential id a new credential claims (base64url): someone else's, to play an attacker. */
  credentialId?: string;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `backedUp`: a synced passkey (BE and BS set); counters: false for an authenticator that keeps none (always 0). */
  constructor(
    readonly origin: string,
    readonly opts: { backedUp?: boolean; counters?: boolean } = {},
  ) {}

  private flags(extra: number, bend: Bend): number {
    let flags = FLAG_UP | extra;
    if (!bend.noUserVerification) flags |= FLAG_UV;
    if (this.opts.backedUp) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(JSON.stringify({ type: bend.type ?? type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new credential for the options' RP and user. */
  create(options: CreationOptions, bend: Bend = {}): RegistrationResponseJSON {
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const credentialId = bend.credentialId ? Buffer.from(bend.credentialId, 'base64url') : crypto.randomBytes(32);
    const counter = this.opts.counters === false ? 0 : (bend.counter ?? 0);
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT, bend)]),
      counterBytes,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = b64(credentialId);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, rpId, counter });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by a credential (the last one created by default). */
  get(options: RequestOptions, credential: SoftCredential = this.credentials.at(-1)!, bend: Bend = {}): AuthenticationResponseJSON {
    const rpId = bend.rpId ?? options.rpId ?? credential.rpId;
    const counter = bend.counter ?? (this.opts.counters === false ? 0 : credential.counter + 1);
    if (bend.counter === undefined) credential.counter = counter;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0, bend)]), counterBytes]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
