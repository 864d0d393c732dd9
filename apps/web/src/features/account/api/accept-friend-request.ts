import { call, type Payload } from '../../../lib/api.ts';

/** Accepts a friend request another member sent. */
export const acceptFriendRequest = (payload: Payload<'acceptFriendRequest'>) => call('acceptFriendRequest', payload);
