import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import type { ConsoleResult } from '../../../lib/types.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { MEMBERS_PAGE_SIZE, useMemberSearch } from '../api/members.ts';

const LIST = defineList({ filters: { q: { kind: 'text', maxLength: 100 } }, sorts: [], perPage: MEMBERS_PAGE_SIZE });
type Row = ConsoleResult<'searchMembers'>['members'][number];

/**
 * Members (support and owners): every member, newest first, paged; or a search by a part of the full name, nickname,
 * email address or account id (names whatever their width and spaces: issue 55, item 6); each row opens the
 * member's account status and actions. The query and the page stay in the address, so Back returns to the results.
 */
export default function MembersPage() {
  const { t } = useTranslation('consolePeople');
  const list = useListState(LIST);
  const query = list.filters.q;
  const search = useMemberSearch(query, list.offset);
  const rows = search.data?.members ?? [];

  const columns: ListColumn<Row>[] = [
    {
      key: 'nickname',
      header: t('members.nickname'),
      primary: true,
      cell: (row) => (
        <>
          <Link to={`/members/${row.id}`}>{row.nickname || `#${row.id}`}</Link>
          <div className="console-muted">#{row.id}</div>
        </>
      ),
    },
    { key: 'userName', header: t('members.nameColumn'), cell: (row) => row.userName || '—' },
    {
      key: 'email',
      header: t('members.email'),
      cell: (row) => (
        <>
          {row.email ?? '—'}
          {row.loginId && <div className="console-muted">{row.loginId}</div>}
        </>
      ),
    },
    { key: 'tenant', header: t('members.tenant'), cell: (row) => row.tenantName ?? t('members.noTenant') },
    {
      key: 'state',
      header: t('members.state'),
      cell: (row) => (
        <span className={`console-state${row.deactivated ? ' console-state--unpublished' : ' console-state--published'}`}>
          {row.deactivated ? t('members.deactivated') : t('members.active')}
        </span>
      ),
    },
    { key: 'createdAt', header: t('members.createdAt'), cell: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <div className="console-page">
      <h1>{t('members.title')}</h1>
      <ConsoleList
        list={list}
        label={query === '' ? t('members.allMembers') : t('members.results')}
        query={search}
        rows={rows}
        total={search.data?.total ?? 0}
        rowKey={(row) => row.id}
        wide
        columns={columns}
        filters={[{ name: 'q', label: t('members.query'), hint: t('members.queryHint') }]}
        searchLabel={t('members.searchLabel')}
        submitLabel={t('members.search')}
        empty={t('members.empty')}
        error={
          // A query the server refuses (control characters, too long) says why, in the server's words.
          search.error instanceof ConsoleApiError && search.error.validationErrorMessage.length > 0
            ? search.error.validationErrorMessage.join(' ')
            : t('members.loadError')
        }
      />
    </div>
  );
}
