import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import type { ConsoleResult } from '../../../lib/types.ts';
import { useMe } from '../../../lib/me.ts';
import { TENANTS_PAGE_SIZE, useTenants } from '../api/tenants.ts';

const LIST = defineList({ filters: {}, sorts: [], perPage: TENANTS_PAGE_SIZE });
type Row = ConsoleResult<'listTenants'>['tenants'][number];

/**
 * Tenants (owners and support): each company with its contract type, switches, members and usable invitation codes.
 * A tenant's page holds its settings (owners change them) and its codes (owners and support manage them).
 */
export default function TenantsPage() {
  const { t, i18n } = useTranslation('consolePeople');
  const me = useMe();
  const list = useListState(LIST);
  const tenants = useTenants(list.offset);
  const rows = tenants.data?.tenants ?? [];
  const en = i18n.language === 'en';
  const yes = (on: boolean) => (on ? t('tenants.on') : t('tenants.off'));
  const columns: ListColumn<Row>[] = [
    {
      key: 'name',
      header: t('tenants.name'),
      primary: true,
      cell: (row) => <Link to={`/tenants/${row.id}`}>{en && row.name.en ? row.name.en : row.name.ja}</Link>,
    },
    {
      key: 'contractType',
      header: t('tenants.contractType'),
      cell: (row) => t(`tenants.contractTypes.${row.contractType}`, { defaultValue: String(row.contractType) }),
    },
    { key: 'corporateContract', header: t('tenants.corporateContract'), cell: (row) => yes(row.corporateContract) },
    { key: 'teamMatchEnabled', header: t('tenants.teamMatchEnabled'), cell: (row) => yes(row.teamMatchEnabled) },
    { key: 'emailDistributionEnabled', header: t('tenants.emailDistributionEnabled'), cell: (row) => yes(row.emailDistributionEnabled) },
    { key: 'members', header: t('tenants.members'), cell: (row) => row.memberCount },
    { key: 'activeCodes', header: t('tenants.activeCodes'), cell: (row) => row.activeCodes },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>{t('tenants.title')}</h1>
        {me?.operator.role === 'owner' && (
          <Link to="/tenants/new" className="button button--primary">
            {t('tenants.new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('tenants.intro')}</p>
      <ConsoleList
        list={list}
        label={t('tenants.title')}
        query={tenants}
        rows={rows}
        total={tenants.data?.total ?? 0}
        rowKey={(row) => row.id}
        wide
        columns={columns}
        empty={t('tenants.empty')}
        error={t('tenants.loadError')}
      />
    </div>
  );
}
