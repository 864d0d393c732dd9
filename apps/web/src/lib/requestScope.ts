import type { Locale } from '@hibi/contract/locale';
import type { SessionUser, TenantContract } from '@hibi/contract/functions/auth';

/**
 * What the browser keeps of a sign-in (docs/requirements/auth.md#auth-stored-session): the user and the tenant contract, to paint the header at once.
 * Never the token: it lives in an HttpOnly cookie the server sets and page scripts cannot read
 * (docs/decisions/107-cookie-sessions.md). The server's readable `hibi_signed_in` cookie says a session exists.
 */
export interface StoredSession {
  expiresAt: number;
  user: SessionUser;
  contract: TenantContract;
}

/**
 * The page request a server render is answering (docs/decisions/140-server-rendering.md). In the browser there is none:
 * every function of this module answers `undefined` there. On the server, entry-server.tsx runs each render inside an
 * AsyncLocalStorage and registers its getter here, so the few module-level readers of the shell (the API call, the
 * session, the locale, the page's meta) read the request's own values, never another request's.
 */
export interface RequestScope {
  locale: Locale;
  /** The app's origin (APP_BASE_URL's): absolute links the page shows (share buttons). */
  origin: string;
  /** The member the session cookie names (checked by the server for this request), or null for a guest. */
  session: StoredSession | null;
  /** Runs a function of the entry in-process with the request's cookie: the HTTP status and the answer's body. */
  transport: (name: string, body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;
  /** What the page said about itself while rendering (an article's title and image): the head's meta tags. */
  meta: { title?: string | undefined; description?: string | undefined; image?: string | undefined } | null;
  /** The page's HTTP status: 404 when the screen found nothing to show. */
  status: number;
  /** The lazily loaded parts the page rendered (lazyPart.ts): the browser loads them before hydrating. */
  parts: Set<string>;
}

let getScope: () => RequestScope | undefined = () => undefined;

/** Called once by the server entry (its AsyncLocalStorage's getStore). */
export function setRequestScopeGetter(getter: () => RequestScope | undefined) {
  getScope = getter;
}

/** The request being rendered on the server, or undefined (always, in the browser). */
export function requestScope(): RequestScope | undefined {
  return getScope();
}
