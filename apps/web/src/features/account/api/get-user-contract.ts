import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

/** What the member's contract allows: team matches, mail distribution, the lite plan's withdrawal (getUserContract). */
export const getUserContract = () => callOrThrow('getUserContract');

export const userContractQueryOptions = () => queryOptions({ queryKey: accountKeys.contract, queryFn: getUserContract });

export const useUserContract = () => useQuery(userContractQueryOptions());
