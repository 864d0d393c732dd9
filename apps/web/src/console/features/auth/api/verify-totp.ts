import { useMutation } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { consoleQueryClient } from '../../../lib/queryClient.ts';
import { meKey } from '../../../lib/me.ts';

/** The TOTP step (a code or a recovery code): on success the cookie is set and the operator is known. */
export async function verifyTotp(payload: ConsolePayload<'verifyTotp'>) {
  const result = await consoleCall('verifyTotp', payload);
  if (result.succeed) {
    consoleQueryClient.setQueryData(meKey, { operator: result.operator, expiresAt: result.expiresAt });
  }
  return result;
}

export function useVerifyTotp() {
  return useMutation({ mutationFn: verifyTotp });
}
