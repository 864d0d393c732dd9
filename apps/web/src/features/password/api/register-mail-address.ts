import { call, type Payload } from '../../../lib/api.ts';

/** Registers a personal email address and sends the link that sets the password there. */
export const registerMailAddress = (payload: Payload<'updateEmailAddressWithResetPassword'>) => call('updateEmailAddressWithResetPassword', payload);
