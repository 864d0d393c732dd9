import { call, type Payload } from '../../../lib/api.ts';

/** Registers an account with an invitation code; the password-setting mail goes to the address (createUserByInvitationCode). */
export const createUser = (payload: Payload<'createUserByInvitationCode'>) => call('createUserByInvitationCode', payload);
