import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** The signed-in member's profile, step log, team matches and settings (getMyProfile). */
export const getMyProfile = () => callOrThrow('getMyProfile');

export const myProfileQueryOptions = () => queryOptions({ queryKey: accountKeys.profile, queryFn: getMyProfile });

/** The frame, the profile, the friends page and the ranking share it. */
export const useMyProfile = () => useQuery(myProfileQueryOptions());
