import './events.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../../components/FormMessage.tsx';
import { Pager } from '../../../../components/Pager.tsx';
import { callErrorText } from '../../../../lib/forms.ts';
import { formatDateTime } from '../../../../lib/time.ts';
import { useEventAction, useEventList, type EventAction, type EventListParams } from '../../api/events.ts';
import { localized } from '../ContentList.tsx';
import { StateBadge } from '../StateBadge.tsx';

const PER_PAGE = 20;
const STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
type Sort = NonNullable<EventListParams['sort']>;
type Row = { id: number; title: { ja: string; en: string | null }; state: string; reservedCount: number };

/**
 * The events of the console (every state): search by title, filter by state, sort by column, paged in SQL. Editors
 * and owners get new, unpublish and delete (with confirmation; an event someone reserved cannot be deleted).
 */
export function EventList({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('consoleEvents');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<(typeof STATES)[number] | ''>('');
  const [sort, setSort] = useState<Sort>('startAtDesc');
  const [offset, setOffset] = useState(0);
  const [confirm, setConfirm] = useState<{ action: EventAction; row: Row } | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const params: EventListParams = { offset, perPage: PER_PAGE, sort, ...(search ? { query: search } : {}), ...(state ? { state } : {}) };
  const list = useEventList(params);
  const action = useEventAction();
  const rows = list.data?.events ?? [];

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

  function sortHeader(label: string, asc: Sort | null, desc: Sort) {
    const current = sort === asc ? 'ascending' : sort === desc ? 'descending' : 'none';
    const nextSort = sort === desc && asc ? asc : desc;
    return (
      <th scope="col" aria-sort={current}>
        <button
          type="button"
          className="console-sort"
          onClick={() => {
            setSort(nextSort);
            setOffset(0);
          }}
        >
          {label}
          <span aria-hidden="true">{current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : ''}</span>
        </button>
      </th>
    );
  }

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
      <form
        className="console-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
          setOffset(0);
        }}
      >
        <Field label={t('list.search')}>
          {(control) => <input {...control} type="search" value={query} maxLength={100} onChange={(e) => setQuery(e.target.value)} />}
        </Field>
        <Field label={t('list.state')}>
          {(control) => (
            <select
              {...control}
              value={state}
              onChange={(e) => {
                setState(e.target.value as typeof state);
                setOffset(0);
              }}
            >
              <option value="">{t('list.allStates')}</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button button--outline">
          {t('list.searchButton')}
        </button>
      </form>
      <StatusMessage message={status} />
      <QueryState query={list} isEmpty={rows.length === 0} empty={t('list.empty')} error={t('list.loadError')}>
        <div className="console-table-wrap" role="region" aria-label={t('list.title')} tabIndex={0}>
          <table className="console-table">
            <caption className="visually-hidden">{t('list.title')}</caption>
            <thead>
              <tr>
                {sortHeader(t('list.columns.title'), 'titleAsc', 'titleAsc')}
                <th scope="col">{t('list.columns.state')}</th>
                {sortHeader(t('list.columns.startAt'), 'startAtAsc', 'startAtDesc')}
                <th scope="col">{t('list.columns.sessions')}</th>
                {sortHeader(t('list.columns.updatedAt'), null, 'updatedAtDesc')}
                {canEdit && <th scope="col">{t('list.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/events/${row.id}`}>{localized(row.title)}</Link>
                    {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
                  </td>
                  <td>
                    <StateBadge state={row.state} />
                  </td>
                  <td>
                    <time dateTime={new Date(row.startAt).toISOString()}>{formatDateTime(row.startAt)}</time>
                  </td>
                  <td>
                    {t('list.sessionsValue', { sessions: row.sessionCount, seats: row.reservedCount })}
                    <span className="console-muted ev-attendance">
                      {t('list.attendanceValue', { came: row.checkedInCount, seats: row.reservedCount })}
                    </span>
                  </td>
                  <td>
                    <time dateTime={new Date(row.updatedAt).toISOString()}>{formatDateTime(row.updatedAt)}</time>
                    {row.updatedBy && <span className="console-muted"> {row.updatedBy}</span>}
                  </td>
                  {canEdit && (
                    <td className="console-table__actions">
                      {(row.state === 'published' || row.state === 'scheduled') && (
                        <button
                          type="button"
                          className="button button--outline button--small"
                          onClick={() => setConfirm({ action: 'unpublish', row })}
                        >
                          {t('actions.unpublish')}
                        </button>
                      )}
                      {row.reservedCount === 0 && (
                        <button type="button" className="button button--danger button--small" onClick={() => setConfirm({ action: 'delete', row })}>
                          {t('actions.delete')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager offset={offset} perPage={PER_PAGE} total={list.data?.total ?? 0} onChange={setOffset} />
      </QueryState>
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
