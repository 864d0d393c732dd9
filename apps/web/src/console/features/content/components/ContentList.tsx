import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { Pager } from '../../../components/Pager.tsx';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useContentList, type ContentRow } from '../api/list-content.ts';
import { useContentAction, type ContentAction } from '../api/content-actions.ts';
import type { ContentKind, ContentListParams } from '../api/keys.ts';
import { StateBadge } from './StateBadge.tsx';

const PER_PAGE = 20;
const STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
type Sort = NonNullable<ContentListParams['sort']>;

/** The title in the console's language, the Japanese one when there is no English. */
export function localized(text: { ja: string; en: string | null }): string {
  return currentLocale() === 'en' && text.en ? text.en : text.ja;
}

/**
 * The list of announcements or articles (every state): search by title, filter by state, sort by column, paged in SQL.
 * Editors and owners get the actions (new, duplicate, unpublish, delete with confirmation); support reads only.
 */
export function ContentList({ kind, canEdit }: { kind: ContentKind; canEdit: boolean }) {
  const { t } = useTranslation('consoleContent');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<(typeof STATES)[number] | ''>('');
  const [sort, setSort] = useState<Sort>('publishAtDesc');
  const [offset, setOffset] = useState(0);
  const [confirm, setConfirm] = useState<{ action: ContentAction; row: ContentRow } | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const params: ContentListParams = { offset, perPage: PER_PAGE, sort, ...(search ? { query: search } : {}), ...(state ? { state } : {}) };
  const list = useContentList(kind, params);
  const action = useContentAction(kind);
  const rows = list.data?.rows ?? [];

  function run(act: ContentAction, row: ContentRow) {
    action.mutate(
      { action: act, id: row.id },
      {
        onSuccess: () => setStatus({ text: t(`actions.${act}Done`, { title: localized(row.title) }), error: false }),
        onError: (error) => setStatus({ text: callErrorText(error), error: true }),
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
        <h1>{t(`${kind}.title`)}</h1>
        {canEdit && (
          <Link className="button button--primary" to={`/${kind}/new`}>
            {t(`${kind}.new`)}
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
        <div className="console-table-wrap" role="region" aria-label={t(`${kind}.title`)} tabIndex={0}>
          <table className="console-table">
            <caption className="visually-hidden">{t(`${kind}.title`)}</caption>
            <thead>
              <tr>
                {sortHeader(t('list.columns.title'), 'titleAsc', 'titleAsc')}
                <th scope="col">{t('list.columns.state')}</th>
                {sortHeader(t('list.columns.publishAt'), 'publishAtAsc', 'publishAtDesc')}
                {sortHeader(t('list.columns.updatedAt'), null, 'updatedAtDesc')}
                {canEdit && <th scope="col">{t('list.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/${kind}/${row.id}`}>{localized(row.title)}</Link>
                    {row.isImportant && <span className="tag tag--important console-flag">{t('fields.important')}</span>}
                    {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
                  </td>
                  <td>
                    <StateBadge state={row.state} />
                  </td>
                  <td>
                    {row.publishAt === null ? '—' : <time dateTime={new Date(row.publishAt).toISOString()}>{formatDateTime(row.publishAt)}</time>}
                  </td>
                  <td>
                    <time dateTime={new Date(row.updatedAt).toISOString()}>{formatDateTime(row.updatedAt)}</time>
                    {row.updatedBy && <span className="console-muted"> {row.updatedBy}</span>}
                  </td>
                  {canEdit && (
                    <td className="console-table__actions">
                      <button
                        type="button"
                        className="button button--outline button--small"
                        onClick={() => run('duplicate', row)}
                        disabled={action.isPending}
                      >
                        {t('actions.duplicate')}
                      </button>
                      {(row.state === 'published' || row.state === 'scheduled') && (
                        <button
                          type="button"
                          className="button button--outline button--small"
                          onClick={() => setConfirm({ action: 'unpublish', row })}
                        >
                          {t('actions.unpublish')}
                        </button>
                      )}
                      <button type="button" className="button button--danger button--small" onClick={() => setConfirm({ action: 'delete', row })}>
                        {t('actions.delete')}
                      </button>
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
