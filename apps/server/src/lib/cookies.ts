// Reading and writing cookies (RFC 6265) without a plugin: the web session (docs/decisions/107) and the language
// choice (decision 108) are the only cookies the server reads.

/** The value of the first cookie named `name` in a Cookie header; null when absent or not plain cookie text. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // Only the characters a cookie value may hold (no controls, spaces, quotes, commas, semicolons or backslashes).
    return /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/.test(value) ? value : null;
  }
  return null;
}

export interface CookieOptions {
  /** Seconds until the browser forgets it; 0 deletes it. */
  maxAgeSeconds: number;
  httpOnly: boolean;
  secure: boolean;
}

/** One Set-Cookie value: always Path=/ and SameSite=Lax (top-level links from mail keep the member signed in). */
export function serializeCookie(name: string, value: string, { maxAgeSeconds, httpOnly, secure }: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'SameSite=Lax'];
  if (maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
