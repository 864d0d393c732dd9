import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** A friend's head, and their step log and team matches as far as they disclose them (getFriendProfile). */
export const getFriendProfile = (userID: number) => callOrThrow('getFriendProfile', { userID });

/** A user id of the route: digits only, at most 9 of them. */
export const parseUserId = (param: string | undefined): number | null => (/^\d{1,9}$/.test(param ?? '') ? Number(param) : null);

export const friendProfileQueryOptions = (userID: number) =>
  queryOptions({
    queryKey: accountKeys.friend(userID),
    queryFn: () => getFriendProfile(userID),
    enabled: userID > 0,
    // Not a friend: the not-found page at once.
    retry: false,
  });

export const useFriendProfile = (userID: number | null) => useQuery(friendProfileQueryOptions(userID ?? 0));
