import { call } from '../api.ts';
import { session } from '../session.ts';

/** How long a confirmed token is trusted before the next navigation asks the server again. */
const RECHECK_AFTER_MS = 5 * 60 * 1000;
let lastCheck = 0;
let inFlight: Promise<void> | null = null;

/**
 * Re-authenticates the session with the server (its cookie goes with the call): on start-up (unless already
 * authenticated in this page) and before navigations once the last check is older than RECHECK_AFTER_MS. A session
 * cookie without a stored user (a sign-in this page has not seen) is asked about too, so the user appears.
 * A session the server rejects clears the stored user and every cached list; a network failure keeps it.
 */
export function reauthenticate(): Promise<void> {
  if (!session.mayExist()) return Promise.resolve();
  if (session.isVerified() && Date.now() - lastCheck < RECHECK_AFTER_MS) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const result = await call('authenticateWithToken');
      if (result.succeed) {
        lastCheck = Date.now();
        session.set({ expiresAt: result.expiresAt, user: result.user, contract: result.tenantContract });
      } else {
        session.clear();
      }
    } catch (error) {
      // 401 already cleared the session inside call(); other failures (offline) keep the user signed in.
      void error;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Lets the next navigation check again at once (after sign-in the fresh session is trusted). */
export function markVerifiedNow() {
  lastCheck = Date.now();
}
