import { useSyncExternalStore } from 'react';
import type { SessionUser, TenantContract } from '@hibi/contract/functions/auth';

/** What the browser keeps of a sign-in: the token, the user and the tenant contract (spec 1 §4). */
export interface StoredSession {
  token: string;
  expiresAt: number;
  user: SessionUser;
  contract: TenantContract;
}

const KEY = 'hibi.session';
const ROUTE_KEY = 'hibi.routeBeforeLogin';
const TERMS_KEY = 'hibi.acceptedTermsVersion';

type Listener = () => void;
const listeners = new Set<Listener>();
const clearedListeners = new Set<Listener>();

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredSession;
    if (!parsed.token || typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= Date.now()) {
      localStorage.removeItem(KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

let current: StoredSession | null = typeof localStorage === 'undefined' ? null : read();
/** True once the stored token was confirmed by the server in this page's life. */
let verified = false;

function emit() {
  for (const l of listeners) l();
}

export const session = {
  get: () => current,
  isVerified: () => verified && current !== null,
  set(next: StoredSession) {
    current = next;
    verified = true;
    localStorage.setItem(KEY, JSON.stringify(next));
    emit();
  },
  update(patch: Partial<StoredSession>) {
    if (!current) return;
    session.set({ ...current, ...patch });
  },
  /** Sign-out, a failed login or a failed re-authentication: forget the user and every cached list. */
  clear() {
    const had = current !== null;
    current = null;
    verified = false;
    localStorage.removeItem(KEY);
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
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
