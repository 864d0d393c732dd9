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

/**
 * Console uploads (issue 30, finding 1; decision 144): `/media/uploads/<32 hex>.<ext>`. Every such URL an answer carries
 * goes out signed by the same scheme (the MAC covers `uploads/<name>`, apart from the protected files' paths), so
 * that a file can turn protected at any moment without breaking a page; the bare path keeps answering only while
 * every item that uses the file is public.
 */
export const UPLOADS_PREFIX = '/media/uploads/';
const UPLOAD_URL = /\/media\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp|pdf))(?![\w.?])/g;
/** An upload URL as an answer carried it back (a console form saves what it was given): the signature part. */
const UPLOAD_SIGNATURE = /(\/media\/uploads\/[0-9a-f]{32}\.(?:jpg|png|webp|pdf))\?exp=\d{1,16}&(?:amp;)?sig=[\w-]{1,100}/g;

/** The end of an upload URL's validity: the end of the next full hour (a URL stays the same for an hour). */
function uploadExpiry(now: number): number {
  return (Math.floor(now / HOUR_MS) + 2) * HOUR_MS;
}

/** Every upload URL in a text (an answer's JSON, HTML inside it) with its signature. */
export function signUploadUrls(text: string, now = Date.now()): string {
  if (!text.includes(UPLOADS_PREFIX)) return text;
  const exp = uploadExpiry(now);
  return text.replace(UPLOAD_URL, (url, name: string) => `${url}?exp=${exp}&sig=${mac(`uploads/${name}`, exp)}`);
}

/** The text with the signatures of its upload URLs taken off (what is stored is always the bare path). */
export function unsignUploadUrls(text: string): string {
  return text.includes(UPLOADS_PREFIX) ? text.replace(UPLOAD_SIGNATURE, '$1') : text;
}

/** Whether a request for an upload carries a valid, unexpired signature; the seconds it stays valid. */
export function verifyUploadSignature(name: string, exp: string | undefined, sig: string | undefined, now = Date.now()): number | null {
  return verifyMediaSignature(`uploads/${name}`, exp, sig, now);
}

/** A key for another signature kept with this one (a label per use, so no signature passes for another's). */
export function derivedSigningKey(label: string): Buffer {
  if (!secret) throw new Error('media signing secret not set');
  return crypto.createHmac('sha256', secret).update(`derived key\n${label}`).digest();
}
