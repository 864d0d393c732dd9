import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PROGRAM_STATUSES, type ProgramStatus } from '@hibi/contract/functions/programs';
import type { TeamMatchListItem } from '@hibi/contract/console/programs';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useTeamMatchList } from '../api/list-team-matches.ts';
import type { TeamMatchListParams } from '../api/keys.ts';
import { ProgramsTabs } from '../components/ProgramsTabs.tsx';
import { ProgramStatusBadge } from '../components/ProgramStatusBadge.tsx';
import { formatCount } from '../components/values.ts';
import '../programs.css';

const LIST = defineList({ filters: { status: { kind: 'choice', values: PROGRAM_STATUSES } }, sorts: [], perPage: 20 });

/**
 * /programs: the Team Walk rounds, newest start first, filtered by status and paged in SQL, the filter and page in the
 * address (decision 155). Owners and editors get "New round"; support reads (docs/requirements/programs.md#programs-team-walk).
 */
export default function TeamMatchListPage() {
  const { t } = useTranslation('consolePrograms');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const { status } = list.filters;
  const params: TeamMatchListParams = { offset: list.offset, perPage: list.perPage, ...(status ? { status: status as ProgramStatus } : {}) };
  const query = useTeamMatchList(params);
  const rows = query.data?.teamMatches ?? [];

  const columns: ListColumn<TeamMatchListItem>[] = [
    {
      key: 'name',
      header: t('list.name'),
      primary: true,
      cell: (row) => <Link to={`/programs/team-walk/${row.teamMatchID}`}>{localized(row.name)}</Link>,
    },
    { key: 'status', header: t('list.status'), cell: (row) => <ProgramStatusBadge status={row.status} /> },
    { key: 'entry', header: t('list.entry'), cell: (row) => t('list.range', { from: row.entryFrom, to: row.entryTo }) },
    { key: 'period', header: t('list.period'), cell: (row) => t('list.range', { from: row.startDate, to: row.endDate }) },
    { key: 'tenants', header: t('list.tenants'), cell: (row) => formatCount(row.tenants) },
    { key: 'entrants', header: t('list.entrants'), cell: (row) => formatCount(row.entrants) },
    { key: 'teams', header: t('list.teams'), cell: (row) => (row.formedAt === null ? t('list.notFormed') : formatCount(row.teams)) },
  ];

  return (
    <div className="console-page">
      <ProgramsTabs />
      <div className="console-page__head">
        <h1>{t('team.title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/programs/team-walk/new">
            {t('team.new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('team.intro')}</p>
      <ConsoleList
        list={list}
        label={t('team.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.teamMatchID}
        columns={columns}
        filters={[{ name: 'status', label: t('list.status'), anyLabel: t('list.allStatuses'), optionLabel: (s) => t(`statuses.${s}`) }]}
        searchLabel={t('list.filters')}
        submitLabel={t('list.apply')}
        empty={status ? t('team.emptyFiltered') : t('team.empty')}
        error={t('list.loadError')}
        wide
      />
    </div>
  );
}
