import { QueryClient } from '@tanstack/react-query';

/** The console's own cache: operators see their edits at once, so lists are fresh for a short while only. */
export const consoleQueryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false },
  },
});
