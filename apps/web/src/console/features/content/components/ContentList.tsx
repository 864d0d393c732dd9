import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useContentList, type ContentRow } from '../api/list-content.ts';
import { useContentAction, type ContentAction } from '../api/content-actions.ts';
import type { ContentKind, ContentListParams } from '../api/keys.ts';
import { CONTENT_SORTS, PUBLISH_STATES } from '@hibi/contract/console/content';
import { StateBadge } from '../../../components/StateBadge.tsx';

const LIST = defineList({
  filters: { q: { kind: 'text', maxLength: 100 }, state: { kind: 'choice', values: PUBLISH_STATES } },
  sorts: CONTENT_SORTS,
  defaultSort: 'publishAtDesc',
  perPage: 20,
});
type ContentSort = (typeof CONTENT_SORTS)[number];

/**
 * The list of announcements or articles (every state): search by title, filter by state, sort by column, paged in SQL.
 * Editors and owners get the actions (new, duplicate, unpublish, delete with confirmation); support reads only.
 */
export function ContentList({ kind, canEdit }: { kind: ContentKind; canEdit: boolean }) {
  const { t } = useTranslation('consoleContent');
  const list = useListState(LIST);
  const [confirm, setConfirm] = useState<{ action: ContentAction; row: ContentRow } | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const { q, state } = list.filters;
  const params: ContentListParams = {
    offset: list.offset,
    perPage: list.perPage,
    sort: list.sort ?? LIST.defaultSort,
    ...(q ? { query: q } : {}),
    ...(state ? { state: state as ContentRow['state'] } : {}),
  };
  const listQuery = useContentList(kind, params);
  const action = useContentAction(kind);
  const rows = listQuery.data?.rows ?? [];

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

  const columns: ListColumn<ContentRow, ContentSort>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      sort: { asc: 'titleAsc', desc: 'titleAsc' },
      primary: true,
      cell: (row) => (
        <>
          <Link to={`/${kind}/${row.id}`}>{localized(row.title)}</Link>
          {row.isImportant && <span className="tag tag--important console-flag">{t('fields.important')}</span>}
          {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
        </>
      ),
    },
    { key: 'state', header: t('list.columns.state'), cell: (row) => <StateBadge state={row.state} /> },
    {
      key: 'publishAt',
      header: t('list.columns.publishAt'),
      sort: { asc: 'publishAtAsc', desc: 'publishAtDesc' },
      cell: (row) => (row.publishAt === null ? '—' : <time dateTime={new Date(row.publishAt).toISOString()}>{formatDateTime(row.publishAt)}</time>),
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
        <h1>{t(`${kind}.title`)}</h1>
        {canEdit && (
          <Link className="button button--primary" to={`/${kind}/new`}>
            {t(`${kind}.new`)}
          </Link>
        )}
      </div>
      <ConsoleList
        list={list}
        label={t(`${kind}.title`)}
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
                    <button
                      type="button"
                      className="button button--outline button--small"
                      onClick={() => run('duplicate', row)}
                      disabled={action.isPending}
                    >
                      {t('actions.duplicate')}
                    </button>
                    {(row.state === 'published' || row.state === 'scheduled') && (
                      <button type="button" className="button button--outline button--small" onClick={() => setConfirm({ action: 'unpublish', row })}>
                        {t('actions.unpublish')}
                      </button>
                    )}
                    <button type="button" className="button button--danger button--small" onClick={() => setConfirm({ action: 'delete', row })}>
                      {t('actions.delete')}
                    </button>
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
