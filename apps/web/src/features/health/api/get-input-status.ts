import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';
import { healthKeys } from './keys.ts';

/** Whether today is logged and how many days in a row (getHealthLogInputStatus). */
export const getInputStatus = () => callOrThrow('getHealthLogInputStatus');

export const inputStatusQueryOptions = () => queryOptions({ queryKey: healthKeys.inputStatus, queryFn: getInputStatus });

/** `retry: false` where the status is an extra that may simply not show (the report). */
export function useInputStatus({ retry }: { retry?: false } = {}) {
  return useQuery({ ...inputStatusQueryOptions(), ...(retry === false ? { retry } : {}) });
}
