import { useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { programKeys } from './keys.ts';

/** The most tenants listTenants answers at once. */
const TENANTS_PAGE = 100;

/** Every tenant by name (listSurveyTenants: the one tenant list owners, editors and support may all read). */
export function useProgramTenants() {
  return useQuery({
    queryKey: programKeys.tenants,
    queryFn: async () => (await consoleCallOrThrow('listSurveyTenants')).tenants,
    staleTime: 60_000,
  });
}

/**
 * Which tenants have team matches in their contract, by id (listTenants, which only owners and support may call: the
 * others pass `enabled` false and get nothing; the server refuses a tenant without them, `tenantWithoutTeamMatches`).
 * Every page is read, a hundred at a time.
 */
export function useTeamMatchTenantFlags(enabled: boolean) {
  return useQuery({
    queryKey: programKeys.tenantFlags,
    queryFn: async () => {
      const flags = new Map<number, boolean>();
      for (let offset = 0; ; offset += TENANTS_PAGE) {
        const page = await consoleCallOrThrow('listTenants', { offset, perPage: TENANTS_PAGE });
        for (const tenant of page.tenants) flags.set(tenant.id, tenant.teamMatchEnabled);
        if (page.tenants.length < TENANTS_PAGE || offset + TENANTS_PAGE >= page.total) return flags;
      }
    },
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
