import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';

/** Entries per page of a member's points on the member's page. */
export const MEMBER_POINTS_PAGE = 20;

const keyOf = (memberID: number) => ['console', 'members', 'points', memberID] as const;

/** A member's balance, expiry and ledger entries, newest first, paged in SQL (getMemberPoints; owners and support). */
export function useMemberPoints(memberID: number, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: [...keyOf(memberID), offset],
      queryFn: () => consoleCallOrThrow('getMemberPoints', { memberID, offset, perPage: MEMBER_POINTS_PAGE }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** An owner's adjustment (adjustPoints): the envelope, so the form shows pointsShort and the messages in words. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'adjustPoints'>) => consoleCall('adjustPoints', payload),
    onSuccess: (answer, payload) => {
      if (answer.succeed) void queryClient.invalidateQueries({ queryKey: keyOf(payload.memberID) });
    },
  });
}
