import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callOrThrow } from '../../../lib/api.ts';

/** The member's passkeys (listPasskeys), issue 35. */
export const passkeysKey = ['account', 'passkeys'] as const;
export const usePasskeys = () => useQuery(queryOptions({ queryKey: passkeysKey, queryFn: () => callOrThrow('listPasskeys') }));

/** With the current password when the server asked for it (passwordRequired, decision 175). */
export const beginPasskeyRegistration = (currentPassword?: string) =>
  call('beginPasskeyRegistration', currentPassword === undefined ? {} : { currentPassword });
export const finishPasskeyRegistration = (response: object, name: string) => call('finishPasskeyRegistration', { response: response as never, name });
export const deletePasskey = (id: number) => call('deletePasskey', { id });
