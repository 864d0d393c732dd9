import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PROGRAM_STATUSES, type ProgramStatus } from '@hibi/contract/functions/programs';
import type { IndividualMatchListItem } from '@hibi/contract/console/programs';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useIndividualMatchList } from '../api/list-individual-matches.ts';
import type { IndividualMatchListParams } from '../api/keys.ts';
import { ProgramsTabs } from '../components/ProgramsTabs.tsx';
import { ProgramStatusBadge } from '../components/ProgramStatusBadge.tsx';
import { formatCount } from '../components/values.ts';
import '../programs.css';

const LIST = defineList({ filters: { status: { kind: 'choice', values: PROGRAM_STATUSES } }, sorts: [], perPage: 20 });

/**
 * /programs/challenges: the individual challenges, newest start first, filtered by status and paged in SQL, with where
 * each draw stands. Owners and editors get "New challenge"; support reads (docs/requirements/programs.md#programs-challenges).
 */
export default function IndividualMatchListPage() {
  const { t } = useTranslation('consolePrograms');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const { status } = list.filters;
  const params: IndividualMatchListParams = { offset: list.offset, perPage: list.perPage, ...(status ? { status: status as ProgramStatus } : {}) };
  const query = useIndividualMatchList(params);
  const rows = query.data?.individualMatches ?? [];

  const columns: ListColumn<IndividualMatchListItem>[] = [
    {
      key: 'name',
      header: t('list.name'),
      primary: true,
      cell: (row) => <Link to={`/programs/challenges/${row.individualMatchID}`}>{localized(row.name)}</Link>,
    },
    { key: 'status', header: t('list.status'), cell: (row) => <ProgramStatusBadge status={row.status} /> },
    { key: 'entry', header: t('list.entry'), cell: (row) => t('list.range', { from: row.entryFrom, to: row.entryTo }) },
    { key: 'period', header: t('list.period'), cell: (row) => t('list.range', { from: row.startDate, to: row.endDate }) },
    { key: 'threshold', header: t('list.threshold'), cell: (row) => formatCount(row.thresholdSteps) },
    { key: 'entrants', header: t('list.entrants'), cell: (row) => formatCount(row.entrants) },
    {
      key: 'draw',
      header: t('list.draw'),
      cell: (row) => (row.drawnAt !== null ? t('list.drawDrawn') : row.committedAt !== null ? t('list.drawCommitted') : t('list.drawNone')),
    },
  ];

  return (
    <div className="console-page">
      <ProgramsTabs />
      <div className="console-page__head">
        <h1>{t('individual.title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/programs/challenges/new">
            {t('individual.new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('individual.intro')}</p>
      <ConsoleList
        list={list}
        label={t('individual.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.individualMatchID}
        columns={columns}
        filters={[{ name: 'status', label: t('list.status'), anyLabel: t('list.allStatuses'), optionLabel: (s) => t(`statuses.${s}`) }]}
        searchLabel={t('list.filters')}
        submitLabel={t('list.apply')}
        empty={status ? t('individual.emptyFiltered') : t('individual.empty')}
        error={t('list.loadError')}
        wide
      />
    </div>
  );
}
