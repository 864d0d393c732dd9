import { useRef, useState } from 'react';
import type { ConsoleReward } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useRewards } from '../api/exchange.ts';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { RewardEditor } from '../components/RewardEditor.tsx';
import { formatCount } from '../components/values.ts';
import '../points.css';

const LIST = defineList({ filters: {}, sorts: [], perPage: 20 });

/**
 * /points/rewards (docs/requirements/points.md#points-exchange): the catalogue, drafts too, newest first, paged in SQL,
 * with the kind, points, units left, when it is offered, campaign only, published and the applications. Owners and
 * editors add and edit rewards in the editor below; support reads.
 */
export default function RewardsPage() {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const query = useRewards({ offset: list.offset, perPage: list.perPage });
  const rows = query.data?.rewards ?? [];
  const [editing, setEditing] = useState<ConsoleReward | 'new' | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const columns: ListColumn<ConsoleReward>[] = [
    { key: 'name', header: t('rewards.name'), primary: true, cell: (row) => localized(row.name) },
    { key: 'kind', header: t('rewards.kind'), cell: (row) => t(`rewardKinds.${row.kind}`) },
    { key: 'points', header: t('rewards.points'), cell: (row) => formatCount(row.points) },
    { key: 'stock', header: t('rewards.stock'), cell: (row) => formatCount(row.stock) },
    {
      key: 'available',
      header: t('rewards.available'),
      cell: (row) =>
        row.availableFrom === null && row.availableTo === null
          ? t('rewards.always')
          : t('rewards.range', { from: row.availableFrom ?? '…', to: row.availableTo ?? '…' }),
    },
    { key: 'campaignOnly', header: t('rewards.campaignOnlyColumn'), cell: (row) => (row.campaignOnly ? t('rewards.yes') : t('rewards.no')) },
    {
      key: 'published',
      header: t('rewards.publishedColumn'),
      cell: (row) => (
        <span className={`console-state${row.published ? ' console-state--published' : ''}`}>
          {row.published ? t('rewards.isPublished') : t('rewards.isDraft')}
        </span>
      ),
    },
    { key: 'applications', header: t('rewards.applications'), cell: (row) => formatCount(row.applications) },
  ];

  const done = (text: string) => {
    setEditing(null);
    if (text) setStatus({ text, error: false });
    newButton.current?.focus();
  };

  return (
    <div className="console-page">
      <PointsTabs />
      <div className="console-page__head">
        <h1>{t('rewards.title')}</h1>
        {canEdit && (
          <button
            ref={newButton}
            type="button"
            className="button button--primary"
            onClick={() => {
              setStatus(null);
              setEditing('new');
            }}
          >
            {t('rewards.new')}
          </button>
        )}
      </div>
      <p className="console-muted">{t('rewards.intro')}</p>
      <ConsoleList
        list={list}
        label={t('rewards.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.rewardID}
        columns={columns}
        actions={
          canEdit
            ? {
                header: t('rewards.actions'),
                cell: (row) => (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    aria-label={t('rewards.editNamed', { name: localized(row.name) })}
                    onClick={() => {
                      setStatus(null);
                      setEditing(row);
                    }}
                  >
                    {t('rewards.edit')}
                  </button>
                ),
              }
            : undefined
        }
        notice={<StatusMessage message={status} />}
        empty={t('rewards.empty')}
        error={t('rewards.loadError')}
        wide
      />
      {canEdit && editing !== null && (
        <RewardEditor key={editing === 'new' ? 'new' : editing.rewardID} item={editing === 'new' ? null : editing} onDone={done} />
      )}
    </div>
  );
}
