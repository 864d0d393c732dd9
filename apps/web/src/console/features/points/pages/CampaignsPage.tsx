import { useRef, useState } from 'react';
import type { Campaign } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useCampaigns, useRewards } from '../api/exchange.ts';
import { CampaignEditor } from '../components/CampaignEditor.tsx';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { formatCount } from '../components/values.ts';
import '../points.css';

const LIST = defineList({ filters: {}, sorts: [], perPage: 20 });

/**
 * /points/campaigns (docs/requirements/points.md#points-exchange): exchange campaigns, newest start first, paged in SQL,
 * with their dates and rewards at their campaign prices. Owners and editors add and edit campaigns (campaignsOverlap,
 * rewardUnknown, rewardDuplicate in words); support reads.
 */
export default function CampaignsPage() {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const query = useCampaigns({ offset: list.offset, perPage: list.perPage });
  const rows = query.data?.campaigns ?? [];
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const columns: ListColumn<Campaign>[] = [
    { key: 'name', header: t('campaigns.name'), primary: true, cell: (row) => localized(row.name) },
    { key: 'dates', header: t('campaigns.dates'), cell: (row) => t('quiz.range', { from: row.startDate, to: row.endDate }) },
    {
      key: 'items',
      header: t('campaigns.items'),
      cell: (row) => (
        <ul className="console-plain-list">
          {row.items.map((item) => (
            <li key={item.rewardID}>
              {item.points === null
                ? t('campaigns.itemRegular', { name: localized(item.name), points: formatCount(item.regularPoints) })
                : t('campaigns.itemPrice', {
                    name: localized(item.name),
                    points: formatCount(item.points),
                    regular: formatCount(item.regularPoints),
                  })}
            </li>
          ))}
        </ul>
      ),
    },
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
        <h1>{t('campaigns.title')}</h1>
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
            {t('campaigns.new')}
          </button>
        )}
      </div>
      <p className="console-muted">{t('campaigns.intro')}</p>
      <ConsoleList
        list={list}
        label={t('campaigns.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.campaignID}
        columns={columns}
        actions={
          canEdit
            ? {
                header: t('campaigns.actions'),
                cell: (row) => (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    aria-label={t('campaigns.editNamed', { name: localized(row.name) })}
                    onClick={() => {
                      setStatus(null);
                      setEditing(row);
                    }}
                  >
                    {t('campaigns.edit')}
                  </button>
                ),
              }
            : undefined
        }
        notice={<StatusMessage message={status} />}
        empty={t('campaigns.empty')}
        error={t('campaigns.loadError')}
        wide
      />
      {canEdit && editing !== null && <CampaignEditorWithRewards item={editing === 'new' ? null : editing} onDone={done} />}
    </div>
  );
}

/** The editor once the rewards to choose from are read (the newest 100; the list function's page maximum). */
function CampaignEditorWithRewards({ item, onDone }: { item: Campaign | null; onDone: (text: string) => void }) {
  const { t } = useTranslation('consolePoints');
  const rewards = useRewards({ offset: 0, perPage: 100 });
  return (
    <QueryState query={rewards} error={t('rewards.loadError')}>
      {rewards.data && <CampaignEditor key={item?.campaignID ?? 'new'} item={item} rewards={rewards.data.rewards} onDone={onDone} />}
    </QueryState>
  );
}
