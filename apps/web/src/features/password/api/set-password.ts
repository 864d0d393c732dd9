import { call, type Payload } from '../../../lib/api.ts';

/** Sets the password with the token of an emailed link (signup, reset, email registration). */
export const setPassword = (payload: Payload<'setPassword'>) => call('setPassword', payload);
