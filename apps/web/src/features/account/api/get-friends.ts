import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { accountKeys } from './keys.ts';

/** One page of the member's friends (getOwnFriends). */
export const getFriends = (offset: number, perPage: number) => callOrThrow('getOwnFriends', { offset, perPage });

/** Read more only while the last page came back full (docs/requirements/account.md#account-friends). */
export const friendsQueryOptions = () => {
  const perPage = PAGE_SIZE.friends;
  return infiniteQueryOptions({
    queryKey: accountKeys.friends,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getFriends(pageParam, perPage),
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof getFriends>>) => page.friends),
  });
};

export const useFriends = () => useInfiniteQuery(friendsQueryOptions());
