import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { MAGAZINE_STATES, type MagazineListItem, type MagazineState } from '@hibi/contract/console/magazine';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useMagazineList } from '../api/list-issues.ts';
import type { MagazineListParams } from '../api/keys.ts';
import { MagazineStateBadge } from '../components/MagazineStateBadge.tsx';
import '../magazine.css';

const LIST = defineList({ filters: { state: { kind: 'choice', values: MAGAZINE_STATES } }, sorts: [], perPage: 20 });

const time = (epochMs: number | null) => (epochMs === null ? '—' : <time dateTime={new Date(epochMs).toISOString()}>{formatDateTime(epochMs)}</time>);

/**
 * /magazine: the issues in every state, newest first, filtered by state and paged in SQL, the filter and page in the
 * address (decision 155). Owners and editors get "new issue"; support reads (docs/requirements/magazine.md#magazine-console).
 */
export default function MagazineListPage() {
  const { t } = useTranslation('consoleMagazine');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const { state } = list.filters;
  const params: MagazineListParams = { offset: list.offset, perPage: list.perPage, ...(state ? { state: state as MagazineState } : {}) };
  const query = useMagazineList(params);
  const rows = query.data?.issues ?? [];

  const columns: ListColumn<MagazineListItem>[] = [
    {
      key: 'subject',
      header: t('list.subject'),
      primary: true,
      cell: (row) => <Link to={`/magazine/${row.issueID}`}>{localized(row.subject)}</Link>,
    },
    { key: 'state', header: t('list.state'), cell: (row) => <MagazineStateBadge state={row.state} /> },
    { key: 'sendAt', header: t('list.sendAt'), cell: (row) => time(row.sendAt) },
    { key: 'recipients', header: t('list.recipients'), cell: (row) => (row.state === 'sending' || row.state === 'sent' ? row.recipients : '—') },
    { key: 'updatedAt', header: t('list.updatedAt'), cell: (row) => time(row.updatedAt) },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>{t('title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/magazine/new">
            {t('new')}
          </Link>
        )}
      </div>
      <p className="console-muted">{t('intro')}</p>
      <ConsoleList
        list={list}
        label={t('title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.issueID}
        columns={columns}
        filters={[{ name: 'state', label: t('list.state'), anyLabel: t('list.allStates'), optionLabel: (s) => t(`states.${s}`) }]}
        searchLabel={t('list.filters')}
        submitLabel={t('list.apply')}
        empty={state ? t('list.emptyFiltered') : t('list.empty')}
        error={t('list.loadError')}
      />
    </div>
  );
}
