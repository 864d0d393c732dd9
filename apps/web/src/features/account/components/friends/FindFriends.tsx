import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { SEARCH_NICKNAME_MAX } from '@hibi/contract/constants';
import { Field } from '../../../../components/Field.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ReadMore } from '../../../../components/ReadMore.tsx';
import { useMemberSearch } from '../../api/search-members.ts';
import { AccountSection } from '../AccountSection.tsx';
import { MemberList } from '../MemberList.tsx';

/** Find colleagues by nickname and ask them to become friends (docs/requirements/account.md#account-friends 'Become Friends'). */
export function FindFriends() {
  const { t } = useTranslation('account');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const results = useMemberSearch(query);
  const members = results.data?.pages.flatMap((p) => p.members) ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const nickname = text.trim();
    if (nickname === '') {
      setError(t('search.required'));
      return;
    }
    setError(null);
    setQuery(nickname);
  }

  return (
    <AccountSection id="find-friends" title={t('search.title')}>
      <form className="member-search" role="search" onSubmit={submit} noValidate>
        <Field
          id="member-search-input"
          className="member-search__field"
          label={t('search.label')}
          hint={t('search.hint')}
          hintFirst
          error={error}
          errorAlert
        >
          {(control) => (
            <div className="member-search__row">
              <input
                {...control}
                type="text"
                enterKeyHint="search"
                autoComplete="off"
                maxLength={SEARCH_NICKNAME_MAX}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className="button button--primary">
                {t('search.submit')}
              </button>
            </div>
          )}
        </Field>
      </form>
      {query !== null && (
        <QueryState
          query={results}
          isEmpty={members.length === 0}
          empty={
            <p className="empty-state" role="status">
              {t('search.none', { query })}
            </p>
          }
          error={t('search.failed')}
        >
          <p className="visually-hidden" role="status">
            {t('search.found', { count: members.length })}
          </p>
          <MemberList members={members} label={t('search.resultsLabel', { query })} />
          <ReadMore query={results} failed={t('search.failed')} />
        </QueryState>
      )}
    </AccountSection>
  );
}
