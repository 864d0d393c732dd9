import { useMutation } from '@tanstack/react-query';
import type { ConsolePayload, ConsoleResult } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';

export type SignInResult = ConsoleResult<'signIn'>;

/** The password step: the envelope, so the page shows invalidCredentials and 429 as messages. */
export function signIn(payload: ConsolePayload<'signIn'>) {
  return consoleCall('signIn', payload);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
