import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';

/** Query keys of the members pages. */
export const memberKeys = {
  all: ['console', 'members'] as const,
  search: (query: string, offset: number) => ['console', 'members', 'search', query, offset] as const,
  status: (id: number) => ['console', 'members', 'status', id] as const,
};

export const MEMBERS_PAGE_SIZE = 20;

export function useMemberSearch(query: string, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: memberKeys.search(query, offset),
      queryFn: () => consoleCallOrThrow('searchMembers', { query, offset, perPage: MEMBERS_PAGE_SIZE }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useMemberStatus(id: number) {
  return useQuery(queryOptions({ queryKey: memberKeys.status(id), queryFn: () => consoleCallOrThrow('getMemberStatus', { id }), staleTime: 0 }));
}

export type MemberAction = 'resendPasswordLink' | 'endMemberSessions' | 'deactivateMember' | 'reactivateMember';

/** One of the member actions: the envelope, so the page shows a business failure in words. */
export function useMemberAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: MemberAction; id: number }) => consoleCall(action, { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
