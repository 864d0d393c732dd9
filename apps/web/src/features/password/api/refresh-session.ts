import { call } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';

/** A signed-in member's session learns what changed (a new email address): the user and the contract, as the server has them now. */
export async function refreshSession() {
  const me = await call('authenticateWithToken').catch(() => null);
  if (me?.succeed) session.update({ user: me.user, contract: me.tenantContract, expiresAt: me.expiresAt });
}
