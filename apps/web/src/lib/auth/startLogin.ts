import { call } from '../api.ts';
import { session } from '../session.ts';
import { AUTH_PAGES } from './authPages.ts';

/**
 * Before login the current route is stored and the terms version checked (docs/requirements/auth.md#auth-terms-gate):
 * a user whose accepted version is lower than the configured one goes to terms, otherwise to sign-in.
 */
export async function startLogin(currentPath: string): Promise<'/terms' | '/login'> {
  if (!AUTH_PAGES.some((p) => currentPath === p || currentPath.startsWith(`${p}/`) || currentPath.startsWith(`${p}?`))) {
    session.rememberRoute(currentPath);
  }
  try {
    const config = await call('getConfig');
    if (config.succeed && session.acceptedTermsVersion() < config.termsVersion) return '/terms';
  } catch {
    // Without the configuration the sign-in page still works; the terms check runs again next time.
  }
  return '/login';
}

/** Where a successful login goes: the page before login, or / when that was one of the auth pages. */
export function pathAfterLogin(): string {
  const saved = session.takeRoute();
  if (!saved) return '/';
  const bare = saved.split(/[?#]/)[0]!;
  return AUTH_PAGES.some((p) => bare === p || bare.startsWith(`${p}/`)) ? '/' : saved;
}
