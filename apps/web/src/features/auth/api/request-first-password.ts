import { call, type Payload } from '../../../lib/api.ts';

/** Sends the single-use link that sets the first password to an address the company registered. */
export const requestFirstPassword = (payload: Payload<'updateEmailAddressWithResetPassword'>) => call('updateEmailAddressWithResetPassword', payload);
