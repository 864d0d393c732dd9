import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** The status poll: this week's walking-program goal days among it (getCurrentUserStatus). */
export const getCurrentUserStatus = () => callOrThrow('getCurrentUserStatus', {});

export const currentUserStatusQueryOptions = () => queryOptions({ queryKey: accountKeys.status, queryFn: getCurrentUserStatus });

export const useCurrentUserStatus = (enabled: boolean) => useQuery({ ...currentUserStatusQueryOptions(), enabled });
