import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPasskey } from '../../../../lib/auth/passkeys.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import type { ConsolePayload, ConsoleResult } from '../../../lib/types.ts';

type RegistrationPayload = ConsolePayload<'finishMyPasskeyRegistration'>['response'];

/** Query keys of the Security page (issue 35, decision 148). */
export const securityKeys = {
  passkeys: ['console', 'security', 'passkeys'] as const,
  settings: ['console', 'security', 'settings'] as const,
};

export const myPasskeysQuery = () => queryOptions({ queryKey: securityKeys.passkeys, queryFn: () => consoleCallOrThrow('listMyPasskeys') });

/** The signed-in operator's own passkeys. */
export function useMyPasskeys() {
  return useQuery(myPasskeysQuery());
}

/** How adding a passkey went: the new passkey's name, or the business failure to show. */
export type AddAnswer = { succeed: true; name: string } | { succeed: false; errorCode: string; validationErrorMessage?: string[] };

/**
 * Adds a passkey: begin (options) → the browser's ceremony (the WebAuthn library loads only now) → finish under the
 * name. A ceremony the operator cancels rejects with the browser's error (passkeyErrorKind tells which).
 */
export async function addMyPasskey({ name, currentPassword }: { name: string; currentPassword?: string | undefined }): Promise<AddAnswer> {
  // The current password once the server asked for it (passwordRequired: signed in over 5 minutes ago, decision 175).
  const begin = await consoleCall('beginMyPasskeyRegistration', currentPassword === undefined ? {} : { currentPassword });
  if (!begin.succeed) return begin;
  const response = await createPasskey(begin.options);
  // The library's RegistrationResponseJSON is the contract's JSON form; its extension outputs lack an index signature.
  const finish = await consoleCall('finishMyPasskeyRegistration', { response: response as unknown as RegistrationPayload, name });
  return finish.succeed ? { succeed: true, name: finish.passkey.name } : finish;
}

export function useAddMyPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMyPasskey,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
      void queryClient.invalidateQueries({ queryKey: securityKeys.settings });
    },
  });
}

export function useDeleteMyPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => consoleCall('deleteMyPasskey', { id }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
      void queryClient.invalidateQueries({ queryKey: securityKeys.settings });
    },
  });
}

/** Whether the console requires passkeys, and who has none yet (owners only). */
export function useConsoleSecurity(enabled: boolean) {
  return useQuery({ queryKey: securityKeys.settings, queryFn: () => consoleCallOrThrow('getConsoleSecurity'), enabled });
}

export function useSetConsoleSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirePasskeys: boolean) => consoleCall('setConsoleSecurity', { requirePasskeys }),
    onSuccess: (answer) => {
      if (answer.succeed)
        queryClient.setQueryData(securityKeys.settings, (old: ConsoleResult<'getConsoleSecurity'> | undefined) =>
          old ? { ...old, requirePasskeys: answer.requirePasskeys } : old,
        );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: securityKeys.settings }),
  });
}
