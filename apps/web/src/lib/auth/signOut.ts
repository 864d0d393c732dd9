import { call } from '../api.ts';
import { session } from '../session.ts';

/** Signs out: the server ends the session (best effort), and this browser forgets it and every cached list either way. */
export async function signOut() {
  try {
    await call('logout');
  } catch {
    // Signed out in this browser all the same.
  } finally {
    session.clear();
  }
}
