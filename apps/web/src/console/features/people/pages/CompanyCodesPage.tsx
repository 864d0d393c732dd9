import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { useMe } from '../../../lib/me.ts';
import { InvitationCodes } from '../components/InvitationCodes.tsx';

/** /codes: a company operator's own tenant's invitation codes (issue 32); the tenant is the operator's, never chosen. */
export default function CompanyCodesPage() {
  const { t } = useTranslation('consolePeople');
  const me = useMe();
  const tenantId = me?.operator.tenantId ?? null;
  return (
    <div className="console-page">{tenantId !== null ? <InvitationCodes tenantId={tenantId} asPage /> : <h1>{t('tenants.codes.title')}</h1>}</div>
  );
}
