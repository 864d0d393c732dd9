import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/QueryState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useMe } from '../../../lib/me.ts';
import { TENANTS_PAGE_SIZE, useTenants } from '../api/tenants.ts';

/**
 * Tenants (owners and support): each company with its contract type, switches, members and usable invitation codes.
 * A tenant's page holds its settings (owners change them) and its codes (owners and support manage them).
 */
export default function TenantsPage() {
  const { t, i18n } = useTranslation('consoleTenants');
  const me = useMe();
  const [offset, setOffset] = useState(0);
  const tenants = useTenants(offset);
  const rows = tenants.data?.tenants ?? [];
  const en = i18n.language === 'en';
  const yes = (on: boolean) => (on ? t('on') : t('off'));
  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>{t('title')}</h1>
        {me?.operator.role === 'owner' && (
          <Link to="/tenants/new" className="button button--primary">
            {t('new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('intro')}</p>
      <QueryState query={tenants} isEmpty={rows.length === 0} empty={t('empty')} error={t('loadError')}>
        <div className="console-table-wrap" role="region" aria-label={t('title')} tabIndex={0}>
          <table className="console-table console-table--people">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('contractType')}</th>
                <th scope="col">{t('corporateContract')}</th>
                <th scope="col">{t('teamMatchEnabled')}</th>
                <th scope="col">{t('emailDistributionEnabled')}</th>
                <th scope="col">{t('members')}</th>
                <th scope="col">{t('activeCodes')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/tenants/${row.id}`}>{en && row.name.en ? row.name.en : row.name.ja}</Link>
                  </td>
                  <td>{t(`contractTypes.${row.contractType}`, { defaultValue: String(row.contractType) })}</td>
                  <td>{yes(row.corporateContract)}</td>
                  <td>{yes(row.teamMatchEnabled)}</td>
                  <td>{yes(row.emailDistributionEnabled)}</td>
                  <td>{row.memberCount}</td>
                  <td>{row.activeCodes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager offset={offset} perPage={TENANTS_PAGE_SIZE} total={tenants.data?.total ?? 0} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
