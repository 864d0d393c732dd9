import { consoleCall } from '../../../lib/api.ts';
import { consoleQueryClient } from '../../../lib/queryClient.ts';
import { meKey } from '../../../lib/me.ts';
import { getPasskey } from '../../../../lib/auth/passkeys.ts';

/**
 * The second step with a passkey instead of a code (issue 35, decision 148): options for the sign-in challenge, the
 * authenticator's answer, and on success the cookie is set and the operator is known. Resolves with the last answer.
 */
export async function verifyWithPasskey(challenge: string) {
  const begin = await consoleCall('beginPasskeyVerification', { challenge });
  if (!begin.succeed) return begin;
  const response = await getPasskey(begin.options);
  const result = await consoleCall('verifyPasskey', { challenge, response: response as never });
  if (result.succeed) consoleQueryClient.setQueryData(meKey, { operator: result.operator, expiresAt: result.expiresAt });
  return result;
}
