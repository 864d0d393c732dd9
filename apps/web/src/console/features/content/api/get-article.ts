import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.item('articles', id),
    queryFn: async () => (await consoleCallOrThrow('getConsoleArticle', { id })).article,
    staleTime: 0,
  });

export function useConsoleArticle(id: number | null) {
  return useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });
}
