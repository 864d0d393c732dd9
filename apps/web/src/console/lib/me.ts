import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleResult } from './types.ts';
import { ConsoleApiError, consoleCall } from './api.ts';
import { consoleQueryClient } from './queryClient.ts';

/** The query key of the signed-in operator. */
export const meKey = ['console', 'me'] as const;

export type Me = ConsoleResult<'getMe'>;

/**
 * The signed-in operator (console plumbing: the router, the shell and the pages by role read it), or null when there
 * is no session (401 loginRequired).
 */
export async function getMe(): Promise<Me | null> {
  try {
    const result = await consoleCall('getMe');
    return result.succeed ? result : null;
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = () => queryOptions({ queryKey: meKey, queryFn: getMe, staleTime: 60_000 });

/** For the router: the cached answer, or asks the server once. */
export function loadMe() {
  return consoleQueryClient.ensureQueryData(meQuery());
}

export function useMe() {
  return useQuery(meQuery()).data ?? null;
}

/** Forgets the operator (after sign-out, or when the server said the session ended). */
export function forgetMe() {
  consoleQueryClient.setQueryData(meKey, null);
  consoleQueryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== 'me' });
}
