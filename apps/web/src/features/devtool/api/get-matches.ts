import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { devtoolKeys } from './keys.ts';

/** The individual matches the test user may enter (getIndividualMatches). */
export const getMatches = () => callOrThrow('getIndividualMatches');

export const matchesQueryOptions = () => queryOptions({ queryKey: devtoolKeys.matches, queryFn: getMatches });

export const useMatches = () => useQuery(matchesQueryOptions());
