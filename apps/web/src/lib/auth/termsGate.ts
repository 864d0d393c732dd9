import { call } from '../api.ts';
import { session } from '../session.ts';
import { requestScope } from '../requestScope.ts';

/**
 * Terms first (docs/requirements/auth.md#auth-terms-gate, issue 13 finding 1): a signed-in member whose accepted terms version is below the
 * configured one stays on the terms page (and the pages it links to) until they agree or sign out. The server
 * refuses their other calls with 403 termsNotAccepted, so this is the page's side of a rule the server enforces.
 * The mail magazine's unsubscribe page needs no terms either (docs/requirements/magazine.md#magazine-unsubscribe).
 */
export const PAGES_BEFORE_TERMS = ['/terms', '/terms-of-use', '/website-terms-of-use', '/privacy-policy', '/revertEmail', '/magazine/unsubscribe'];

let required: number | null = null;

/** The configured terms version, asked once per page life (and again after the server says it changed). */
export async function requiredTermsVersion(): Promise<number | null> {
  // A server render asks for its own request: the module's memory is the browser page's, not shared by requests.
  const onServer = requestScope() !== undefined;
  if (required !== null && !onServer) return required;
  try {
    const config = await call('getConfig');
    if (config.succeed) {
      if (onServer) return config.termsVersion;
      required = config.termsVersion;
    }
  } catch {
    // Offline: let the page load; the server still refuses what needs the terms.
  }
  return onServer ? null : required;
}

/** The server answered termsNotAccepted: the configured version moved on, ask again before the next navigation. */
export function forgetRequiredTermsVersion() {
  required = null;
}

/** True while the signed-in member must accept the terms before anything else. */
export async function termsPending(): Promise<boolean> {
  const user = session.get()?.user;
  if (!user) return false;
  const version = await requiredTermsVersion();
  return version !== null && user.termsVersion < version;
}

export function allowedBeforeTerms(pathname: string): boolean {
  return PAGES_BEFORE_TERMS.includes(pathname);
}
