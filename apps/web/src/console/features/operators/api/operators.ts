import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';

/** Query keys of the operators page. */
export const operatorKeys = { list: ['console', 'operators'] as const };

export const operatorsQuery = () => queryOptions({ queryKey: operatorKeys.list, queryFn: () => consoleCallOrThrow('listOperators') });

export function useOperators() {
  return useQuery(operatorsQuery());
}

/** Invites an operator: the envelope, so the form shows emailTaken and the server's validation messages. */
export function inviteOperator(payload: ConsolePayload<'inviteOperator'>) {
  return consoleCall('inviteOperator', payload);
}

export type OperatorChange =
  { kind: 'update'; payload: ConsolePayload<'updateOperator'> } | { kind: 'resetTotp'; id: number } | { kind: 'resend'; id: number };

/** How a change went: done, or the business failure to show. */
export type ChangeAnswer = { succeed: true } | { succeed: false; errorCode: string; validationErrorMessage?: string[] };

/** Changes a role, deactivates or reactivates, resets the TOTP or resends the invitation. */
export function changeOperator(change: OperatorChange): Promise<ChangeAnswer> {
  if (change.kind === 'update') return consoleCall('updateOperator', change.payload);
  if (change.kind === 'resetTotp') return consoleCall('resetOperatorTotp', { id: change.id });
  return consoleCall('resendOperatorInvitation', { id: change.id });
}

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteOperator, onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.list }) });
}

export function useChangeOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeOperator, onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.list }) });
}

/** The tenants a company operator may be bound to (the first 100 by name; issue 32). */
export function useTenantChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'operators', 'tenants'] as const,
    queryFn: () => consoleCallOrThrow('listTenants', { offset: 0, perPage: 100 }),
    enabled,
  });
}
