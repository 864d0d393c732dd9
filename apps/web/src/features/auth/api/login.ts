import { call, type Payload } from '../../../lib/api.ts';

/** Signs in with an email address or account id and a password. */
export const login = (payload: Payload<'login'>) => call('login', payload);
