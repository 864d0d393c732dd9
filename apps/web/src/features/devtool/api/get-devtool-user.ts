import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { devtoolKeys } from './keys.ts';

/** The signed-in test user as the tool edits it (getDevtoolUser). */
export const getDevtoolUser = () => callOrThrow('getDevtoolUser');

export const devtoolUserQueryOptions = () => queryOptions({ queryKey: devtoolKeys.user, queryFn: getDevtoolUser });

export const useDevtoolUser = () => useQuery(devtoolUserQueryOptions());
