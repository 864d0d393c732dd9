import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/Field.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { ConsoleApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { MEMBERS_PAGE_SIZE, useMemberSearch } from '../api/members.ts';

/**
 * Members (support and owners): search by a part of the email address, the account id or the nickname; each result
 * opens the member's account status and actions. The query stays in the address, so Back returns to the results.
 */
export default function MembersPage() {
  const { t } = useTranslation('consoleMembers');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const [draft, setDraft] = useState(query);
  const search = useMemberSearch(query, offset);
  const rows = search.data?.members ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = draft.trim();
    setParams(q ? { q } : {});
  }

  return (
    <div className="console-page">
      <h1>{t('title')}</h1>
      <form className="console-filters" role="search" aria-label={t('searchLabel')} onSubmit={submit}>
        <Field label={t('query')} hint={t('queryHint')}>
          {(control) => (
            <input {...control} type="search" value={draft} maxLength={100} autoComplete="off" onChange={(e) => setDraft(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          {t('search')}
        </button>
      </form>
      {query === '' ? (
        <p className="console-muted">{t('start')}</p>
      ) : (
        <QueryState
          query={search}
          isEmpty={rows.length === 0}
          empty={t('empty')}
          error={
            // A query the server refuses (control characters, too long) says why, in the server's words.
            search.error instanceof ConsoleApiError && search.error.validationErrorMessage.length > 0
              ? search.error.validationErrorMessage.join(' ')
              : t('loadError')
          }
        >
          <div className="console-table-wrap" role="region" aria-label={t('results')} tabIndex={0}>
            <table className="console-table console-table--people">
              <caption className="visually-hidden">{t('results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('nickname')}</th>
                  <th scope="col">{t('email')}</th>
                  <th scope="col">{t('tenant')}</th>
                  <th scope="col">{t('state')}</th>
                  <th scope="col">{t('createdAt')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/members/${row.id}`}>{row.nickname || `#${row.id}`}</Link>
                      <div className="console-muted">#{row.id}</div>
                    </td>
                    <td>
                      {row.email ?? '—'}
                      {row.loginId && <div className="console-muted">{row.loginId}</div>}
                    </td>
                    <td>{row.tenantName ?? t('noTenant')}</td>
                    <td>
                      <span className={`console-state${row.deactivated ? ' console-state--unpublished' : ' console-state--published'}`}>
                        {row.deactivated ? t('deactivated') : t('active')}
                      </span>
                    </td>
                    <td>{formatDateTime(row.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            offset={offset}
            perPage={MEMBERS_PAGE_SIZE}
            total={search.data?.total ?? 0}
            onChange={(next) => setParams(next ? { q: query, offset: String(next) } : { q: query })}
          />
        </QueryState>
      )}
    </div>
  );
}
