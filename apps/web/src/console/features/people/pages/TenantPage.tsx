import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useMe } from '../../../lib/me.ts';
import { useTenant } from '../api/tenants.ts';
import { ExportMembers } from '../components/ExportMembers.tsx';
import { InvitationCodes } from '../components/InvitationCodes.tsx';
import { TenantForm } from '../components/TenantForm.tsx';

/** One tenant (or a new one, owners only): its settings, and its invitation codes. */
export default function TenantPage() {
  const { t } = useTranslation('consolePeople');
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const me = useMe();
  const owner = me?.operator.role === 'owner';
  const tenant = useTenant(id ?? 0);
  if (id === null) {
    return (
      <div className="console-page">
        <p>
          <Link to="/tenants">{t('tenants.back')}</Link>
        </p>
        <h1>{t('tenants.new')}</h1>
        <TenantForm tenant={null} editable={owner} />
      </div>
    );
  }
  return (
    <div className="console-page">
      <p>
        <Link to="/tenants">{t('tenants.back')}</Link>
      </p>
      <QueryState query={tenant} isEmpty={tenant.data === null} empty={t('tenants.notFound')} error={t('tenants.loadError')}>
        {tenant.data && (
          <>
            <h1>{tenant.data.name.ja}</h1>
            <TenantForm key={tenant.data.id} tenant={tenant.data} editable={owner} />
            <InvitationCodes tenantId={tenant.data.id} />
            {owner && <ExportMembers tenantId={tenant.data.id} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
