import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, SEARCH_NICKNAME_MAX } from '@hibi/contract/constants';
import { AccountFrame, DEFAULT_PROFILE_IMAGE } from '../../../components/AccountFrame.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import { accountKeys, useMyProfile } from '../api/queries.ts';
import { MemberList } from '../components/MemberList.tsx';
import '../account.css';

/**
 * One answer to a pending request (accept, decline, withdraw): runs the call, says how it went, and refreshes every
 * list that shows how members stand to the user (requests, friends, search results, the ranking).
 */
function useRequestAnswer() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function run(userID: number, act: () => Promise<{ succeed: boolean }>, done: string) {
    setBusy(userID);
    setMessage(null);
    try {
      const result = await act();
      setMessage(result.succeed ? { text: done, error: false } : { text: t('requests.failed'), error: true });
    } catch {
      setMessage({ text: t('requests.failed'), error: true });
    } finally {
      setBusy(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.requests }),
        queryClient.invalidateQueries({ queryKey: accountKeys.friends }),
        queryClient.invalidateQueries({ queryKey: accountKeys.members }),
      ]);
    }
  }

  const status = (
    <p role="status" className="setting__status">
      {message && <span className={message.error ? 'form-error' : 'form-success'}>{message.text}</span>}
    </p>
  );
  return { busy, message, run, status };
}

/** Requests other users sent: accept or decline (the mobile app's Accept, on the web too). */
function ReceivedRequests() {
  const { t } = useTranslation('account');
  const requests = useQuery({ queryKey: accountKeys.requests, queryFn: () => callOrThrow('getFriendRequests') });
  const { busy, message, run, status } = useRequestAnswer();
  const received = requests.data?.received ?? [];

  function answer(userID: number, name: string, accept: boolean) {
    return run(
      userID,
      () => (accept ? call('acceptFriendRequest', { userID }) : call('removeFriend', { userID })),
      t(accept ? 'requests.accepted' : 'requests.declined', { name }),
    );
  }

  if (received.length === 0 && !message) return null;
  return (
    <section className="card account-section" aria-labelledby="friend-requests">
      <div className="account-section__head">
        <h2 id="friend-requests" className="account-section__title">
          {t('requests.title')}
        </h2>
      </div>
      {status}
      {received.length > 0 && (
        <ul className="request-list">
          {received.map((r) => (
            <li key={r.id} className="request-item">
              <img className="friend-item__avatar" src={r.user.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="48" height="48" />
              <span className="request-item__name">{r.user.displayName}</span>
              <span className="request-item__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy !== null}
                  onClick={() => void answer(r.user.userID, r.user.displayName, true)}
                >
                  {t('requests.accept')}
                  <span className="visually-hidden"> {r.user.displayName}</span>
                </button>
                <button
                  type="button"
                  className="button button--outline button--small"
                  disabled={busy !== null}
                  onClick={() => void answer(r.user.userID, r.user.displayName, false)}
                >
                  {t('requests.decline')}
                  <span className="visually-hidden"> {r.user.displayName}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Requests the user sent that wait for an answer, each with a way to withdraw it (spec 2 §4 'Requested'). */
function SentRequests() {
  const { t } = useTranslation('account');
  const requests = useQuery({ queryKey: accountKeys.requests, queryFn: () => callOrThrow('getFriendRequests') });
  const { busy, message, run, status } = useRequestAnswer();
  const sent = requests.data?.sent ?? [];

  function withdraw(userID: number, name: string) {
    return run(userID, () => call('removeFriend', { userID }), t('sent.withdrawn', { name }));
  }

  if (sent.length === 0 && !message) return null;
  return (
    <section className="card account-section" aria-labelledby="sent-requests">
      <div className="account-section__head">
        <h2 id="sent-requests" className="account-section__title">
          {t('sent.title')}
        </h2>
      </div>
      {status}
      {sent.length > 0 && (
        <ul className="request-list" aria-label={t('sent.title')}>
          {sent.map((r) => (
            <li key={r.id} className="request-item">
              <img className="friend-item__avatar" src={r.user.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="48" height="48" />
              <span className="request-item__name">{r.user.displayName}</span>
              <span className="member-state member-state--requested">{t('memberActions.requested')}</span>
              <button
                type="button"
                className="button button--outline button--small"
                disabled={busy !== null}
                onClick={() => void withdraw(r.user.userID, r.user.displayName)}
              >
                {t('sent.withdraw')}
                <span className="visually-hidden"> {r.user.displayName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Find colleagues by nickname and ask them to become friends (spec 2 §4 'Become Friends'). */
function FindFriends() {
  const { t } = useTranslation('account');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const perPage = PAGE_SIZE.friends;
  const results = useInfiniteQuery({
    queryKey: accountKeys.search(query ?? ''),
    enabled: query !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => callOrThrow('searchMembers', { nickname: query!, offset: pageParam, perPage }),
    getNextPageParam: (last, pages) => (last.members.length === perPage ? pages.length * perPage : undefined),
  });
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
    <section className="card account-section" aria-labelledby="find-friends">
      <div className="account-section__head">
        <h2 id="find-friends" className="account-section__title">
          {t('search.title')}
        </h2>
      </div>
      <form className="member-search" role="search" onSubmit={submit} noValidate>
        <div className="field member-search__field">
          <label htmlFor="member-search-input">{t('search.label')}</label>
          <p id="member-search-hint" className="field__hint">
            {t('search.hint')}
          </p>
          <div className="member-search__row">
            <input
              id="member-search-input"
              type="text"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={SEARCH_NICKNAME_MAX}
              value={text}
              aria-invalid={error !== null ? true : undefined}
              aria-describedby={error ? 'member-search-hint member-search-error' : 'member-search-hint'}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button button--primary">
              {t('search.submit')}
            </button>
          </div>
        </div>
      </form>
      {error && (
        <p id="member-search-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      {query !== null &&
        (results.isPending ? (
          <Spinner />
        ) : results.isError && members.length === 0 ? (
          <p className="form-error" role="alert">
            {t('search.failed')}
          </p>
        ) : members.length === 0 ? (
          <p className="empty-state" role="status">
            {t('search.none', { query })}
          </p>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {t('search.found', { count: members.length })}
            </p>
            <MemberList members={members} label={t('search.resultsLabel', { query })} />
            {results.isFetchNextPageError && <p className="form-error">{t('search.failed')}</p>}
            {results.hasNextPage && <ReadMore onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage} />}
          </>
        ))}
    </section>
  );
}

export default function FriendsPage() {
  const { t } = useTranslation('account');
  const profile = useMyProfile();
  const perPage = PAGE_SIZE.friends;
  const friends = useInfiniteQuery({
    queryKey: accountKeys.friends,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => callOrThrow('getOwnFriends', { offset: pageParam, perPage }),
    // Read more only while the last page came back full (spec 2 §4).
    getNextPageParam: (last, pages) => (last.friends.length === perPage ? pages.length * perPage : undefined),
  });
  const items = friends.data?.pages.flatMap((p) => p.friends) ?? [];

  return (
    <AccountFrame profile={profile.data?.profile ?? null}>
      <h1 className="page-title account-title">{t('friends.title')}</h1>
      <ReceivedRequests />
      {friends.isPending ? (
        <Spinner />
      ) : friends.isError && items.length === 0 ? (
        <p className="empty-state">{t('friends.loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="empty-state">{t('friends.empty')}</p>
      ) : (
        <>
          <ul className="friend-list" aria-label={t('friends.listLabel')}>
            {items.map((f) => (
              <li key={f.id}>
                <Link className="friend-item" to={`/account/friends/${f.user.userID}`}>
                  <img className="friend-item__avatar" src={f.user.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="56" height="56" />
                  <span className="friend-item__name">{f.user.displayName}</span>
                  <span className="friend-item__chevron" aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {friends.isFetchNextPageError && <p className="form-error">{t('friends.loadFailed')}</p>}
          {friends.hasNextPage && <ReadMore onClick={() => void friends.fetchNextPage()} loading={friends.isFetchingNextPage} />}
        </>
      )}
      <FindFriends />
      <SentRequests />
    </AccountFrame>
  );
}
