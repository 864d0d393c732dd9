import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { accountKeys } from './keys.ts';

/** One page of colleagues whose nickname contains the text, each with their relation to the member (searchMembers). */
export const searchMembers = (nickname: string, offset: number, perPage: number) => callOrThrow('searchMembers', { nickname, offset, perPage });

export const memberSearchQueryOptions = (nickname: string) => {
  const perPage = PAGE_SIZE.friends;
  return infiniteQueryOptions({
    queryKey: accountKeys.search(nickname),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => searchMembers(nickname, pageParam, perPage),
    getNextPageParam: nextOffset(perPage, (page: Awaited<ReturnType<typeof searchMembers>>) => page.members),
  });
};

/** No search until the member submits one (`nickname` null). */
export function useMemberSearch(nickname: string | null) {
  return useInfiniteQuery({ ...memberSearchQueryOptions(nickname ?? ''), enabled: nickname !== null });
}
