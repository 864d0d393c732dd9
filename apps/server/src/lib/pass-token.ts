import crypto from 'node:crypto';
import { PASS_TOKEN_ALPHABET, PASS_TOKEN_LENGTH } from '@hibi/contract/constants';
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
