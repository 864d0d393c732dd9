import crypto from 'node:crypto';
import { PASS_CODE_LENGTH, PASS_TOKEN_ALPHABET, PASS_TOKEN_LENGTH } from '@hibi/contract/constants';
import { derivedSigningKey } from './media-signing.ts';

/**
 * A member's pass to an event session (issue 33, docs/decisions/147-event-check-in.md): the reservation's opaque
 * random `pass_id` (8 bytes) and an HMAC-SHA256 of it truncated to 8 bytes, written in Crockford's base32 (26
 * characters, digits and capitals only: the QR code's compact alphanumeric mode, and readable aloud). The id says
 * nothing without the database; the MAC means a token cannot be made up or edited into another reservation's, so a
 * check-in looks a pass up only when its MAC holds. The key is derived from the media signing key (a dedicated key
 * kept as that one is): changing MEDIA_SIGNING_SECRET makes every pass shown so far unreadable.
 */
const MAC_BYTES = 8;
const ID_BYTES = 8;

const key = () => derivedSigningKey('hibi reservation pass v1');

function mac(id: Buffer): Buffer {
  return crypto.createHmac('sha256', key()).update(id).digest().subarray(0, MAC_BYTES);
}

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += PASS_TOKEN_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += PASS_TOKEN_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of text) {
    const n = PASS_TOKEN_ALPHABET.indexOf(c);
    if (n < 0) return null;
    value = (value << 5) | n;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

/** The pass of a reservation's pass_id (a signed 64-bit integer as PostgreSQL keeps it). */
export function passToken(passId: bigint | string): string {
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigInt64BE(BigInt(passId));
  return base32(Buffer.concat([id, mac(id)]));
}

/** The pass_id a well-formed token names, when its MAC holds; null for a tampered or made-up token. */
export function passIdOf(token: string): bigint | null {
  if (token.length !== PASS_TOKEN_LENGTH) return null;
  const bytes = unbase32(token);
  // One text per pass: the last character's two spare bits must be zero.
  if (!bytes || bytes.length !== ID_BYTES + MAC_BYTES || base32(bytes) !== token) return null;
  const id = bytes.subarray(0, ID_BYTES);
  if (!crypto.timingSafeEqual(mac(id), bytes.subarray(ID_BYTES))) return null;
  return id.readBigInt64BE();
}

/*
 * The short code typed at the door (issue 55, decision 178): 10 characters of the same alphabet (50 bits), shown as
 * "XXXXX-XXXXX" under the QR code, which keeps the 26-character token above. 30 bits are the low bits of the pass_id
 * (a key to look the reservation up among the event's reservations, where a clash of two is checked by the MAC), 20
 * bits an HMAC-SHA256 of the whole pass_id under a key of its own. A code cannot be made up: a guess must hit both
 * an active reservation's 30 bits and its MAC, about n / 2^50 for an event of n bookings. Typed codes and old tokens
 * both keep working: check-in tells them apart by length.
 */
const CODE_ID_BITS = 30;
const CODE_MAC_BITS = 20;
const CODE_ID_MASK = (1n << BigInt(CODE_ID_BITS)) - 1n;
const codeKey = () => derivedSigningKey('hibi reservation pass code v1');

function codeMac(passId: bigint): bigint {
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigInt64BE(passId);
  const digest = crypto.createHmac('sha256', codeKey()).update(id).digest();
  return BigInt(digest.readUInt32BE(0) >>> (32 - CODE_MAC_BITS));
}

/** The short code of a reservation's pass_id. */
export function passCode(passId: bigint | string): string {
  const id = BigInt(passId);
  let value = ((id & CODE_ID_MASK) << BigInt(CODE_MAC_BITS)) | codeMac(id);
  let out = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) {
    out = PASS_TOKEN_ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/** A short code's parts: the pass_id's low 30 bits to look up, and the MAC to check; null for a text that is not one. */
export function passCodeParts(code: string): { idBits: number; check: (passId: bigint | string) => boolean } | null {
  if (code.length !== PASS_CODE_LENGTH) return null;
  let value = 0n;
  for (const c of code) {
    const n = PASS_TOKEN_ALPHABET.indexOf(c);
    if (n < 0) return null;
    value = (value << 5n) | BigInt(n);
  }
  const mac = value & ((1n << BigInt(CODE_MAC_BITS)) - 1n);
  const idBits = value >> BigInt(CODE_MAC_BITS);
  return {
    idBits: Number(idBits),
    check: (passId) => {
      const id = BigInt(passId);
      // Compared as fixed-length buffers in constant time, like the token's MAC.
      const a = Buffer.from(passCode(id));
      const b = Buffer.from(code);
      return (id & CODE_ID_MASK) === idBits && codeMac(id) === mac && crypto.timingSafeEqual(a, b);
    },
  };
}
