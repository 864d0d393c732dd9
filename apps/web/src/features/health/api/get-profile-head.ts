import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { healthKeys } from './keys.ts';

/** The member's own profile, for the head of the account frame around the report (getMyProfile). */
export const getProfileHead = async () => (await callOrThrow('getMyProfile')).profile;

export const profileHeadQueryOptions = () => queryOptions({ queryKey: healthKeys.profileHead, queryFn: getProfileHead, retry: false });

export const useProfileHead = () => useQuery(profileHeadQueryOptions());
