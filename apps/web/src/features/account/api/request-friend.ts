import { call, type Payload } from '../../../lib/api.ts';

/** Asks another member to become friends (or accepts, when they asked first). */
export const requestFriend = (payload: Payload<'requestFriend'>) => call('requestFriend', payload);
