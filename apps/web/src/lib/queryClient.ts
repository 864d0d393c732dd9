import { QueryClient, type DehydratedState, type Query, type QueryKey } from '@tanstack/react-query';
import { isUnavailable } from './api.ts';

/**
 * The queries the server rendered this page with (their hashes; decision 140). Their answers came in the page's data,
 * so mounting them does not ask again, not even those always stale (an article, whose every read counts as a view).
 * Forgotten at the first navigation: from then on each query follows its own rules.
 */
const fromServer = new Set<string>();
/** The server's failed queries (an unknown article): shown as failed, not loaded again on mount (retryOnMount). */
const failedOnServer: QueryKey[] = [];

export function markServerQueries(queries: DehydratedState['queries']) {
  for (const query of queries) {
    fromServer.add(query.queryHash);
    if (query.state.status === 'error') {
      failedOnServer.push(query.queryKey);
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
}

export function forgetServerQueries() {
  fromServer.clear();
  for (const key of failedOnServer.splice(0)) queryClient.setQueryDefaults(key, {});
}

/**
 * A read answered 503 (the database out of reach for a moment) is tried again by itself this many times, waiting 1, 2,
 * 4, 8, 16 then 30 s (TanStack's own backoff), about a minute in all; other failures once. Writes are never repeated
 * (mutations do not retry): one not acknowledged is shown as failed, never as saved.
 */
export const UNAVAILABLE_RETRIES = 6;

export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < (isUnavailable(error) ? UNAVAILABLE_RETRIES : 1);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: retryRead,
      refetchOnWindowFocus: false,
      refetchOnMount: (query: Query) => !fromServer.has(query.queryHash),
    },
  },
});

/** A server render's own client, one per request: no retries (a failure renders as such), nothing kept after it. */
export function createServerQueryClient() {
  return new QueryClient({
    // A query that failed renders as failed (not as loading again: retryOnMount), and none is fetched twice.
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: Infinity, retry: false, retryOnMount: false, refetchOnMount: false, refetchOnWindowFocus: false },
    },
  });
}

/** Every cached list and detail goes: on sign-out, failed re-authentication and language switch (docs/requirements/web.md#web-language-switch). */
export function clearCachedLists() {
  forgetServerQueries();
  void queryClient.resetQueries();
}
