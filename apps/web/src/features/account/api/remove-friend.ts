import { call, type Payload } from '../../../lib/api.ts';

/** Ends a friendship, declines a request received or withdraws one sent. */
export const removeFriend = (payload: Payload<'removeFriend'>) => call('removeFriend', payload);
