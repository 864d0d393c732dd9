import '../surveys.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SURVEY_STATES, type SurveyState } from '@hibi/contract/console/surveys';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { Pager } from '../../../components/Pager.tsx';
import { callErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useSurveyAction, useSurveyList, type SurveyListParams } from '../api/surveys.ts';
import { localized, SurveyStateBadge } from '../components/SurveyStateBadge.tsx';

const PER_PAGE = 20;

/** /surveys: every survey with its state, window, targets and answer count; search, state filter, pages in SQL. */
export default function SurveyListPage() {
  const { t } = useTranslation('consoleSurveys');
  const role = useMe()?.operator.role;
  const canEdit = role === 'owner' || role === 'editor';
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<SurveyState | ''>('');
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; title: string } | null>(null);
  const params: SurveyListParams = { offset, perPage: PER_PAGE, ...(search ? { query: search } : {}), ...(state ? { state } : {}) };
  const list = useSurveyList(params);
  const action = useSurveyAction();
  const rows = list.data?.surveys ?? [];
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
                setState(e.target.value as SurveyState | '');
                setOffset(0);
              }}
            >
              <option value="">{t('list.allStates')}</option>
              {SURVEY_STATES.map((s) => (
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
                <th scope="col">{t('list.columns.title')}</th>
                <th scope="col">{t('list.columns.state')}</th>
                <th scope="col">{t('list.columns.window')}</th>
                <th scope="col">{t('list.columns.targets')}</th>
                <th scope="col">{t('list.columns.answers')}</th>
                {canEdit && <th scope="col">{t('list.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const title = localized(row.title, locale);
                return (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/surveys/${row.id}`}>{title}</Link>
                      {row.contractOnly && <span className="console-flag console-flag--muted">{t('fields.contractOnlyShort')}</span>}
                    </td>
                    <td>
                      <SurveyStateBadge state={row.state} />
                    </td>
                    <td>
                      <time dateTime={new Date(row.fromDateTime).toISOString()}>{formatDateTime(row.fromDateTime)}</time>
                      {' – '}
                      <time dateTime={new Date(row.toDateTime).toISOString()}>{formatDateTime(row.toDateTime)}</time>
                    </td>
                    <td>{row.isGeneral ? t('list.everyone') : t('list.tenantCount', { count: row.tenantCount })}</td>
                    <td>
                      {canEdit ? (
                        <Link to={`/surveys/${row.id}/results`}>
                          {t('list.answerCount', { count: row.answerCount })}
                          <span className="visually-hidden"> {t('list.resultsOf', { title })}</span>
                        </Link>
                      ) : (
                        t('list.answerCount', { count: row.answerCount })
                      )}
                    </td>
                    {canEdit && (
                      <td className="console-table__actions">
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
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager offset={offset} perPage={PER_PAGE} total={list.data?.total ?? 0} onChange={setOffset} />
      </QueryState>
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
