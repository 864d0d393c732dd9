// The web app's session cookie and its cross-origin rule (docs/decisions/107-cookie-sessions.md). The web app signs in
// with `session: 'cookie'`: the token goes into an HttpOnly cookie that page scripts never see, beside a readable
// `hibi_signed_in=1` that only says a session exists. Bearer tokens (the mobile app, API clients) are unchanged and win
// over the cookie. A call authenticated by the cookie must come from the app's own origin (CSRF). A server rendering
// a page reads the same cookie with `sessionCookieToken`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { readCookie, serializeCookie } from '../lib/cookies.ts';

/** The readable companion cookie: "a session may exist" for the web app's first paint, never the token. */
export const SIGNED_IN_COOKIE = 'hibi_signed_in';

export interface WebSessionCookies {
  /** `__Host-hibi_session` over HTTPS (Secure, Path=/, no Domain: no sibling host can set or shadow it), else `hibi_session`. */
  session: string;
  signedIn: string;
  secure: boolean;
  /** The origins whose pages may use the cookie: APP_BASE_URL's, and outside production the request's own host. */
  appOrigin: string;
  production: boolean;
}

export function webSessionCookies(config: Pick<Config, 'appBaseUrl' | 'production'>): WebSessionCookies {
  const url = new URL(config.appBaseUrl);
  const secure = url.protocol === 'https:';
  return {
    session: secure ? '__Host-hibi_session' : 'hibi_session',
    signedIn: SIGNED_IN_COOKIE,
    secure,
    appOrigin: url.origin,
    production: config.production,
  };
}

/** The bearer token of the Authorization header, or '' (the mobile app and API clients). */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The session token the web session cookie carries, or null. */
export function sessionCookieToken(request: FastifyRequest, cookies: WebSessionCookies): string | null {
  const token = readCookie(request.headers.cookie, cookies.session);
  return token && token.length >= 16 && token.length <= 200 ? token : null;
}

/**
 * Whether a request comes from the app's own pages: its Origin is APP_BASE_URL's origin (outside production also
 * the origin of the host it was sent to, so a developer's or a test's port works). Browsers send Origin with every
 * POST; without one, only `Sec-Fetch-Site: same-origin` (a header page scripts cannot set) counts as the app's own.
 * A client without either is no browser page and has no business with the cookie: it uses a bearer token.
 */
export function fromAppOrigin(request: FastifyRequest, cookies: WebSessionCookies): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    if (origin === cookies.appOrigin) return true;
    if (cookies.production) return false;
    const host = request.headers.host;
    return typeof host === 'string' && (origin === `http://${host}` || origin === `https://${host}`);
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** Sets both cookies for a new session, living as long as the session may (its absolute lifetime). */
export function setSessionCookies(reply: FastifyReply, cookies: WebSessionCookies, token: string, expiresAt: Date, now: Date) {
  const maxAgeSeconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', [
    serializeCookie(cookies.session, token, { maxAgeSeconds, httpOnly: true, secure: cookies.secure }),
    serializeCookie(cookies.signedIn, '1', { maxAgeSeconds, httpOnly: false, secure: cookies.secure }),
  ]);
}

/** Deletes both cookies (sign-out, a session the server no longer knows, a new sign-in that failed). */
export function clearSessionCookies(reply: FastifyReply, cookies: WebSessionCookies) {
  reply.header('set-cookie', [
    serializeCookie(cookies.session, '', { maxAgeSeconds: 0, httpOnly: true, secure: cookies.secure }),
    serializeCookie(cookies.signedIn, '', { maxAgeSeconds: 0, httpOnly: false, secure: cookies.secure }),
  ]);
}
