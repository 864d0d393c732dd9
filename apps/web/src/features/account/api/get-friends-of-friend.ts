import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { accountKeys } from './keys.ts';

/** One page of a friend's friends among the member's colleagues (getFriendsOfFriend). */
export const getFriendsOfFriend = (userID: number, offset: number, perPage: number) => callOrThrow('getFriendsOfFriend', { userID, offset, perPage });

export const friendsOfFriendQueryOptions = (userID: number) => {
  const perPage = PAGE_SIZE.friends;
  return infiniteQueryOptions({
    queryKey: accountKeys.friendsOf(userID),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getFriendsOfFriend(userID, pageParam, perPage),
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getFriendsOfFriend>>) => page.friends),
  });
};

export const useFriendsOfFriend = (userID: number) => useInfiniteQuery(friendsOfFriendQueryOptions(userID));
