import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { localized } from '../../../lib/localized.ts';
import { useProgramTenants } from '../api/tenants.ts';

/** The names of the tenants taking part (their count while the names load); none: `empty`. */
export function TenantNames({ ids, empty }: { ids: readonly number[]; empty: string }) {
  const { t } = useTranslation('consolePrograms');
  const tenants = useProgramTenants();
  if (ids.length === 0) return <>{empty}</>;
  if (!tenants.data) return <>{t('editor.tenantsChosen', { count: ids.length })}</>;
  const byID = new Map(tenants.data.map((tenant) => [tenant.id, localized(tenant.name)]));
  return <>{ids.map((id) => byID.get(id) ?? `#${id}`).join(', ')}</>;
}
