import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';

/** The home's query key: titles come in both languages and the answer follows the role, which a session keeps. */
export const homeKeys = { all: ['console', 'home'] as const };

/** How often the open home reads itself again (issue 60): a minute, and whenever the window comes back into focus. */
export const HOME_REFRESH_MS = 60_000;

export const homeQuery = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: () => consoleCallOrThrow('getConsoleHome'),
    staleTime: 15_000,
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

/** The console home's three blocks, in one call (getConsoleHome). */
export function useConsoleHome() {
  return useQuery(homeQuery());
}
