import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** Every cached list and detail goes: on sign-out, failed re-authentication and language switch (spec 1 §4). */
export function clearCachedLists() {
  void queryClient.resetQueries();
}
