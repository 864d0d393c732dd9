import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/download.ts';

/** Query keys of the tenants pages. */
export const tenantKeys = {
  all: ['console', 'tenants'] as const,
  list: (offset: number) => ['console', 'tenants', 'list', offset] as const,
  codes: (tenantId: number, offset: number) => ['console', 'tenants', 'codes', tenantId, offset] as const,
};

export const TENANTS_PAGE_SIZE = 50;
export const CODES_PAGE_SIZE = 20;

export const tenantsQuery = (offset: number) =>
  queryOptions({
    queryKey: tenantKeys.list(offset),
    queryFn: () => consoleCallOrThrow('listTenants', { offset, perPage: TENANTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export function useTenants(offset: number) {
  return useQuery(tenantsQuery(offset));
}

/** One tenant: read from the list (tenants are few; the first pages are searched). */
export function useTenant(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...tenantKeys.all, 'one', id] as const,
      queryFn: async () => {
        for (let offset = 0; ; offset += 100) {
          const page = await consoleCallOrThrow('listTenants', { offset, perPage: 100 });
          const found = page.tenants.find((t) => t.id === id);
          if (found) return found;
          if (offset + 100 >= page.total) return null;
        }
      },
    }),
  );
}

export function useInvitationCodes(tenantId: number, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: tenantKeys.codes(tenantId, offset),
      queryFn: () => consoleCallOrThrow('listInvitationCodes', { tenantId, offset, perPage: CODES_PAGE_SIZE }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** Saves a tenant: the envelope, so the form shows the server's messages. */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveTenant'>) => consoleCall('saveTenant', payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useCreateInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'createInvitationCode'>) => consoleCall('createInvitationCode', payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

export function useRevokeInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => consoleCall('revokeInvitationCode', { code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

/** Saves a tenant's members as a CSV download (owners only); resolves with the file name. */
export function useExportMembers() {
  return useMutation({ mutationFn: (tenantId: number) => downloadCsv('exportMembers', { tenantId }) });
}
