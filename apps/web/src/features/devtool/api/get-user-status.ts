import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { devtoolKeys } from './keys.ts';

/** Today's weight and target weight among the status poll (getCurrentUserStatus). */
export const getUserStatus = () => callOrThrow('getCurrentUserStatus', {});

export const userStatusQueryOptions = () => queryOptions({ queryKey: devtoolKeys.status, queryFn: getUserStatus });

export const useUserStatus = () => useQuery(userStatusQueryOptions());
