import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleMission } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ListTable, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useMissions } from '../api/missions.ts';
import { MissionEditor } from '../components/MissionEditor.tsx';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { formatCount, monthOf, tokyoMonth } from '../components/values.ts';
import '../points.css';

/**
 * /points (docs/requirements/points.md#points-missions): a month's missions (this Tokyo month unless the address says
 * another), drafts too, with the checker, target, minimum steps, points, whether members see it and how many completed
 * it. Owners and editors create and edit missions in the editor below the table; support reads.
 */
export default function MissionsPage() {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month')) ?? tokyoMonth(Date.now());
  const query = useMissions(month);
  const [editing, setEditing] = useState<ConsoleMission | 'new' | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const pickerId = useId();
  const newButton = useRef<HTMLButtonElement>(null);
  const missions = query.data?.missions ?? [];

  const columns: ListColumn<ConsoleMission>[] = [
    { key: 'title', header: t('missions.titleField'), primary: true, cell: (row) => localized(row.title) },
    { key: 'kind', header: t('missions.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'target', header: t('missions.target'), cell: (row) => t('missions.targetValue', { count: row.target, unit: t(`units.${row.kind}`) }) },
    { key: 'minSteps', header: t('missions.minSteps'), cell: (row) => (row.minSteps === null ? '—' : formatCount(row.minSteps)) },
    { key: 'points', header: t('missions.points'), cell: (row) => formatCount(row.points) },
    {
      key: 'published',
      header: t('missions.publishedColumn'),
      cell: (row) => (
        <span className={`console-state${row.published ? ' console-state--published' : ''}`}>
          {row.published ? t('missions.isPublished') : t('missions.isDraft')}
        </span>
      ),
    },
    { key: 'completions', header: t('missions.completions'), cell: (row) => formatCount(row.completions) },
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
        <h1>{t('missions.title')}</h1>
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
            {t('missions.new')}
          </button>
        )}
      </div>
      <p className="console-muted">{t('missions.intro')}</p>
      <form
        className="points-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('month');
          const chosen = monthOf(typeof value === 'string' ? value : null);
          if (chosen) setParams({ month: chosen });
        }}
      >
        <div className="field">
          <label htmlFor={pickerId}>{t('missions.month')}</label>
          <input id={pickerId} name="month" type="month" key={month} defaultValue={month} required />
        </div>
        <button type="submit" className="button button--outline">
          {t('missions.show')}
        </button>
      </form>
      <StatusMessage message={status} />
      <QueryState query={query} isEmpty={missions.length === 0} empty={t('missions.empty', { month })} error={t('missions.loadError')}>
        <ListTable
          label={t('missions.label', { month })}
          rows={missions}
          rowKey={(row) => row.missionID}
          columns={columns}
          wide
          actions={
            canEdit
              ? {
                  header: t('missions.actions'),
                  cell: (row) => (
                    <button
                      type="button"
                      className="button button--outline button--small"
                      aria-label={t('missions.editNamed', { title: localized(row.title) })}
                      onClick={() => {
                        setStatus(null);
                        setEditing(row);
                      }}
                    >
                      {t('missions.edit')}
                    </button>
                  ),
                }
              : undefined
          }
        />
      </QueryState>
      {canEdit && editing !== null && (
        <MissionEditor
          key={editing === 'new' ? `new-${month}` : editing.missionID}
          item={editing === 'new' ? null : editing}
          month={month}
          onDone={done}
        />
      )}
    </div>
  );
}
