import { call, type Payload } from '../../../lib/api.ts';

/** Sends the password-reset link to an address (the same answer whether the address is known or not). */
export const requestPasswordReset = (payload: Payload<'requestPasswordReset'>) => call('requestPasswordReset', payload);
