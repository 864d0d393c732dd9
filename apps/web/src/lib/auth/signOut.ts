import { call } from '../api.ts';
import { session } from '../session.ts';

/** Signs out: the server ends the session (best effort), and this browser forgets it and every cached list either way, and this browser's push subscription ends. */
export async function signOut() {
  try {
    await call('logout');
  } catch {
    // Signed out in this browser all the same.
  } finally {
    session.clear();
    // The server forgot this device's push subscription with the session; the browser lets go of it too.
    // Its code is loaded here, not with the first screen (decision 177).
    await import('../push.ts').then(({ unsubscribeThisDevice }) => unsubscribeThisDevice()).catch(() => {});
  }
}
