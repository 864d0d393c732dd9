import { call, type Payload } from '../../../lib/api.ts';

/** Undoes an email change with the link mailed to the old address: every sign-in of the account ends. */
export const revertEmailChange = (payload: Payload<'revertEmailChange'>) => call('revertEmailChange', payload);
