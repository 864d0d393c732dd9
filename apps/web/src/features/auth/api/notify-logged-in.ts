import { call } from '../../../lib/api.ts';

/** Tells the server a sign-in finished; it answers with the tenant contract as it is now. */
export const notifyLoggedIn = () => call('notifyLoggedIn');
