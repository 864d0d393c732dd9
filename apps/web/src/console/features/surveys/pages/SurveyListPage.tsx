import '../surveys.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { SURVEY_STATES, type SurveyState } from '@hibi/contract/console/surveys';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import type { ConsoleResult } from '../../../lib/types.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useSurveyAction, useSurveyList, type SurveyListParams } from '../api/surveys.ts';
import { localized, SurveyStateBadge } from '../components/SurveyStateBadge.tsx';

const LIST = defineList({
  filters: { q: { kind: 'text', maxLength: 100 }, state: { kind: 'choice', values: SURVEY_STATES } },
  sorts: [],
  perPage: 20,
});
type Row = ConsoleResult<'listSurveys'>['surveys'][number];

/** /surveys: every survey with its state, window, targets and answer count; search, state filter, pages in SQL. */
export default function SurveyListPage() {
  const { t } = useTranslation('consoleSurveys');
  const role = useMe()?.operator.role;
  const canEdit = role === 'owner' || role === 'editor';
  const list = useListState(LIST);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; title: string } | null>(null);
  const { q, state } = list.filters;
  const params: SurveyListParams = {
    offset: list.offset,
    perPage: list.perPage,
    ...(q ? { query: q } : {}),
    ...(state ? { state: state as SurveyState } : {}),
  };
  const listQuery = useSurveyList(params);
  const action = useSurveyAction();
  const rows = listQuery.data?.surveys ?? [];
  const locale = currentLocale();

  function run(kind: 'duplicate' | 'delete', id: number, title: string) {
    action.mutate(
      { action: kind, id },
      {
        onSuccess: () => setStatus({ text: t(`actions.${kind}Done`, { title }), error: false }),
        onError: (error) => setStatus({ text: callErrorText(error, { surveyHasAnswers: t('errors.surveyHasAnswers') }), error: true }),
        onSettled: () => setConfirm(null),
      },
    );
  }

  const columns: ListColumn<Row>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      primary: true,
      cell: (row) => (
        <>
          <Link to={`/surveys/${row.id}`}>{localized(row.title, locale)}</Link>
          {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
        </>
      ),
    },
    { key: 'state', header: t('list.columns.state'), cell: (row) => <SurveyStateBadge state={row.state} /> },
    {
      key: 'window',
      header: t('list.columns.window'),
      cell: (row) => (
        <>
          <time dateTime={new Date(row.fromDateTime).toISOString()}>{formatDateTime(row.fromDateTime)}</time>
          {' – '}
          <time dateTime={new Date(row.toDateTime).toISOString()}>{formatDateTime(row.toDateTime)}</time>
        </>
      ),
    },
    {
      key: 'targets',
      header: t('list.columns.targets'),
      cell: (row) => (row.isGeneral ? t('list.everyone') : t('list.tenantCount', { count: row.tenantCount })),
    },
    {
      key: 'answers',
      header: t('list.columns.answers'),
      cell: (row) =>
        canEdit ? (
          <Link to={`/surveys/${row.id}/results`}>
            {t('list.answerCount', { count: row.answerCount })}
            <span className="visually-hidden"> {t('list.resultsOf', { title: localized(row.title, locale) })}</span>
          </Link>
        ) : (
          t('list.answerCount', { count: row.answerCount })
        ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>{t('list.title')}</h1>
        {canEdit && (
          <Link className="button button--primary" to="/surveys/new">
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
                cell: (row) => {
                  const title = localized(row.title, locale);
                  return (
                    <>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        onClick={() => run('duplicate', row.id, title)}
                        disabled={action.isPending}
                      >
                        {t('actions.duplicate')}
                      </button>
                      {row.answerCount === 0 && (
                        <button type="button" className="button button--danger button--small" onClick={() => setConfirm({ id: row.id, title })}>
                          {t('actions.delete')}
                        </button>
                      )}
                    </>
                  );
                },
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        title={t('actions.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        busy={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run('delete', confirm.id, confirm.title)}
      >
        {confirm && <p>{t('actions.deleteText', { title: confirm.title })}</p>}
      </ConfirmDialog>
    </div>
  );
}
