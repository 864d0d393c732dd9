import './events.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import type { ConsoleResult } from '../../../lib/types.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useEventAction, useEventList, type EventAction, type EventListParams } from '../api/events.ts';
import { localized } from '../../../lib/localized.ts';
import { PUBLISH_STATES } from '@hibi/contract/console/content';
import { EVENT_SORTS } from '@hibi/contract/console/events';
import { StateBadge } from '../../../components/StateBadge.tsx';

const LIST = defineList({
  filters: { q: { kind: 'text', maxLength: 100 }, state: { kind: 'choice', values: PUBLISH_STATES } },
  sorts: EVENT_SORTS,
  defaultSort: 'startAtDesc',
  perPage: 20,
});
type EventSort = (typeof EVENT_SORTS)[number];
type Row = ConsoleResult<'listConsoleEvents'>['events'][number];

/**
 * The events of the console (every state): search by title, filter by state, sort by column, paged in SQL. Editors
 * and owners get new, unpublish and delete (with confirmation; an event someone reserved cannot be deleted).
 */
export function EventList({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('consoleEvents');
  const list = useListState(LIST);
  const [confirm, setConfirm] = useState<{ action: EventAction; row: Row } | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const { q, state } = list.filters;
  const params: EventListParams = {
    offset: list.offset,
    perPage: list.perPage,
    sort: list.sort ?? LIST.defaultSort,
    ...(q ? { query: q } : {}),
    ...(state ? { state: state as Row['state'] } : {}),
  };
  const listQuery = useEventList(params);
  const action = useEventAction();
  const rows = listQuery.data?.events ?? [];

  function run(act: EventAction, row: Row) {
    action.mutate(
      { action: act, id: row.id },
      {
        onSuccess: () => setStatus({ text: t(`actions.${act}Done`, { title: localized(row.title) }), error: false }),
        onError: (error) => setStatus({ text: callErrorText(error, { eventHasReservations: t('errors.eventHasReservations') }), error: true }),
        onSettled: () => setConfirm(null),
      },
    );
  }

  const columns: ListColumn<Row, EventSort>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      sort: { asc: 'titleAsc', desc: 'titleAsc' },
      primary: true,
      cell: (row) => (
        <>
          <Link to={`/events/${row.id}`}>{localized(row.title)}</Link>
          {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
        </>
      ),
    },
    { key: 'state', header: t('list.columns.state'), cell: (row) => <StateBadge state={row.state} /> },
    {
      key: 'startAt',
      header: t('list.columns.startAt'),
      sort: { asc: 'startAtAsc', desc: 'startAtDesc' },
      cell: (row) => <time dateTime={new Date(row.startAt).toISOString()}>{formatDateTime(row.startAt)}</time>,
    },
    {
      key: 'sessions',
      header: t('list.columns.sessions'),
      cell: (row) => (
        <>
          {t('list.sessionsValue', { count: row.sessionCount, seats: row.reservedCount })}
          <span className="console-muted ev-attendance">{t('list.attendanceValue', { came: row.checkedInCount, seats: row.reservedCount })}</span>
        </>
      ),
    },
    {
      key: 'updatedAt',
      header: t('list.columns.updatedAt'),
      sort: { asc: null, desc: 'updatedAtDesc' },
      cell: (row) => (
        <>
          <time dateTime={new Date(row.updatedAt).toISOString()}>{formatDateTime(row.updatedAt)}</time>
          {row.updatedBy && <span className="console-muted"> {row.updatedBy}</span>}
        </>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>{t('list.title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/events/new">
            {t('list.new')}
          </Link>
        )}
      </div>
      <ConsoleList
        list={list}
        label={t('list.title')}
        query={listQuery}
        rows={rows}
        total={listQuery.data?.total ?? 0}
        rowKey={(row) => row.id}
        columns={columns}
        filters={[
          { name: 'q', label: t('list.search') },
          { name: 'state', label: t('list.state'), anyLabel: t('list.allStates'), optionLabel: (s) => t(`states.${s}`) },
        ]}
        submitLabel={t('list.searchButton')}
        notice={<StatusMessage message={status} />}
        empty={t('list.empty')}
        error={t('list.loadError')}
        actions={
          canEdit
            ? {
                header: t('list.columns.actions'),
                cell: (row) => (
                  <>
                    {(row.state === 'published' || row.state === 'scheduled') && (
                      <button type="button" className="button button--outline button--small" onClick={() => setConfirm({ action: 'unpublish', row })}>
                        {t('actions.unpublish')}
                      </button>
                    )}
                    {row.reservedCount === 0 && (
                      <button type="button" className="button button--danger button--small" onClick={() => setConfirm({ action: 'delete', row })}>
                        {t('actions.delete')}
                      </button>
                    )}
                  </>
                ),
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`actions.${confirm.action}Title`) : ''}
        confirmLabel={confirm ? t(`actions.${confirm.action}`) : ''}
        cancelLabel={t('actions.cancel')}
        busy={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run(confirm.action, confirm.row)}
      >
        {confirm && <p>{t(`actions.${confirm.action}Text`, { title: localized(confirm.row.title) })}</p>}
      </ConfirmDialog>
    </div>
  );
}
