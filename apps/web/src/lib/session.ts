import { useSyncExternalStore } from 'react';
import { requestScope, type StoredSession } from './requestScope.ts';
import { PASSES_KEY } from './constants.ts';
import { timeMachine } from './timeMachine.ts';

const KEY = 'hibi.session';
const ROUTE_KEY = 'hibi.routeBeforeLogin';
const TERMS_KEY = 'hibi.acceptedTermsVersion';
/** Set and deleted by the server beside the HttpOnly session cookie (apps/server/src/functions/web-session.ts). */
export const SIGNED_IN_COOKIE = 'hibi_signed_in';

type Listener = () => void;
const listeners = new Set<Listener>();
const clearedListeners = new Set<Listener>();

/** Whether the server's session cookie is there (its readable companion says so). */
export function hasSessionCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

function forgetSessionCookie() {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

function read(): StoredSession | null {
  // A time-machine frame starts with no one: its member comes from the preview, never from this browser's storage.
  if (timeMachine()) return null;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredSession;
    // Without the session cookie (signed out in another tab, expired, cookies cleared) the stored user is stale.
    if (!parsed.user || typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= Date.now() || !hasSessionCookie()) {
      localStorage.removeItem(KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

let current: StoredSession | null = typeof localStorage === 'undefined' ? null : read();
/** True once the session was confirmed by the server in this page's life. */
let verified = false;

function emit() {
  for (const l of listeners) l();
}

/** The session in force: on the server, the page request's (its cookie, checked by the server); else this browser's. */
function currentSession(): StoredSession | null {
  const scope = requestScope();
  return scope ? scope.session : current;
}

export const session = {
  get: currentSession,
  isVerified: () => verified && current !== null,
  /** A session the page should ask the server about: a stored user, or the cookie of a sign-in this page has not seen. */
  mayExist: () => {
    const frame = timeMachine();
    if (frame) return current !== null || frame.audience !== 'guest';
    return currentSession() !== null || hasSessionCookie();
  },
  /**
   * The session the server rendered the page with (its page data): the user it painted, already checked by the server,
   * so the first client render (hydration) paints the same header. A guest page forgets a stored user.
   */
  adoptServerSession(next: StoredSession | null) {
    if (next) {
      session.set(next);
      return;
    }
    if (current !== null) session.clear();
  },
  set(next: StoredSession) {
    current = next;
    verified = true;
    // A time-machine frame keeps its preview member in memory only (the browser's own member stays as they were).
    if (!timeMachine()) localStorage.setItem(KEY, JSON.stringify(next));
    emit();
  },
  update(patch: Partial<StoredSession>) {
    if (!current) return;
    session.set({ ...current, ...patch });
  },
  /** Sign-out, a failed login or a rejected session: forget the user and every cached list. */
  clear() {
    const had = current !== null;
    current = null;
    verified = false;
    if (!timeMachine()) {
      localStorage.removeItem(KEY);
      // The event passes kept for the door (lib/passes.ts) are the member's too.
      localStorage.removeItem(PASSES_KEY);
      forgetSessionCookie();
    }
    for (const l of clearedListeners) l();
    if (had) emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  onCleared(listener: Listener) {
    clearedListeners.add(listener);
    return () => clearedListeners.delete(listener);
  },
  rememberRoute(path: string) {
    sessionStorage.setItem(ROUTE_KEY, path);
  },
  takeRoute(): string | null {
    const path = sessionStorage.getItem(ROUTE_KEY);
    sessionStorage.removeItem(ROUTE_KEY);
    return path;
  },
  acceptedTermsVersion(): number {
    const local = Number(localStorage.getItem(TERMS_KEY) ?? 0);
    return Math.max(Number.isFinite(local) ? local : 0, current?.user.termsVersion ?? 0);
  },
  rememberAcceptedTerms(version: number) {
    localStorage.setItem(TERMS_KEY, String(version));
  },
};

/** The signed-in session, or null for a guest; re-renders on change. */
export function useSession(): StoredSession | null {
  // The server's snapshot is the request's session on the server, and in the browser the one the server rendered with
  // (adopted before hydration), so the first render matches the HTML.
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
