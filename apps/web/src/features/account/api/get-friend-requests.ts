import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** Pending friend requests, received and sent (getFriendRequests). */
export const getFriendRequests = () => callOrThrow('getFriendRequests');

export const friendRequestsQueryOptions = () => queryOptions({ queryKey: accountKeys.requests, queryFn: getFriendRequests });

export const useFriendRequests = () => useQuery(friendRequestsQueryOptions());
