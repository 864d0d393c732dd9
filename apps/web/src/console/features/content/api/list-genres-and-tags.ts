import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

export const genresAndTagsQuery = () =>
  queryOptions({ queryKey: contentKeys.genresAndTags, queryFn: () => consoleCallOrThrow('listArticleGenresAndTags'), staleTime: 5 * 60_000 });

export function useGenresAndTags() {
  return useQuery(genresAndTagsQuery());
}
