import crypto from 'node:crypto';

/**
 * Members-only files (section videos and attachments) live in apps/server/protected/ and are reached only through
 * short-lived signed URLs that the API hands to callers allowed to see their item (issue 12, finding 10):
 * `/media/protected/<path>?exp=<epoch ms>&sig=<HMAC-SHA256 of path and exp>`. A URL stays the same for an hour
 * (exp is the end of the next full hour), so browsers and the query cache can reuse it.
 */
export const PROTECTED_PREFIX = '/media/protected/';

let secret: Buffer | null = null;

/** Set once at start (buildApp) from MEDIA_SIGNING_SECRET or the database's stored secret. */
export function setMediaSigningSecret(value: string): void {
  secret = Buffer.from(value, 'utf8');
}

function mac(path: string, exp: number): string {
  if (!secret) throw new Error('media signing secret not set');
  return crypto.createHmac('sha256', secret).update(`${path}\n${exp}`).digest('base64url');
}

const HOUR_MS = 3_600_000;

/** A stored URL as callers get it: protected paths signed, every other URL as it is. */
export function signMediaUrl(url: string, now = Date.now()): string {
  if (!url.startsWith(PROTECTED_PREFIX)) return url;
  const path = url.slice(PROTECTED_PREFIX.length);
  const exp = (Math.floor(now / HOUR_MS) + 2) * HOUR_MS;
  return `${url}?exp=${exp}&sig=${mac(path, exp)}`;
}

/** Whether a request for a protected path carries a valid, unexpired signature; the seconds it stays valid. */
export function verifyMediaSignature(path: string, exp: string | undefined, sig: string | undefined, now = Date.now()): number | null {
  if (!exp || !sig || !/^\d{1,16}$/.test(exp) || sig.length > 100) return null;
  const expMs = Number(exp);
  if (expMs <= now) return null;
  const expected = Buffer.from(mac(path, expMs));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return Math.floor((expMs - now) / 1000);
}

/** A key for another signature kept with this one (a label per use, so no signature passes for another's). */
export function derivedSigningKey(label: string): Buffer {
  if (!secret) throw new Error('media signing secret not set');
  return crypto.createHmac('sha256', secret).update(`derived key\n${label}`).digest();
}
