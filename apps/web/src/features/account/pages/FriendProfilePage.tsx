import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { useTranslation } from 'react-i18next';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { accountKeys } from '../api/queries.ts';
import { DisclosureLabel } from '../components/Disclosure.tsx';
import { MemberList } from '../components/MemberList.tsx';
import { StepLog } from '../components/StepLog.tsx';
import { TeamMatches } from '../components/TeamMatches.tsx';
import '../account.css';

/** The friend's friends among the user's colleagues, each with the friend button (spec 2 §4, a friend's friend). */
function FriendsOfFriend({ userID, name }: { userID: number; name: string }) {
  const { t } = useTranslation('account');
  const perPage = PAGE_SIZE.friends;
  const list = useInfiniteQuery({
    queryKey: accountKeys.friendsOf(userID),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => callOrThrow('getFriendsOfFriend', { userID, offset: pageParam, perPage }),
    getNextPageParam: (last, pages) => (last.friends.length === perPage ? pages.length * perPage : undefined),
  });
  const members = list.data?.pages.flatMap((p) => p.friends) ?? [];
  return (
    <section className="card account-section" aria-labelledby="friends-of-friend">
      <div className="account-section__head">
        <h2 id="friends-of-friend" className="account-section__title">
          {t('friendProfile.friendsTitle', { name })}
        </h2>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError && members.length === 0 ? (
        <p className="form-error">{t('friends.loadFailed')}</p>
      ) : members.length === 0 ? (
        <p className="empty-state">{t('friendProfile.friendsEmpty', { name })}</p>
      ) : (
        <>
          <MemberList members={members} label={t('friendProfile.friendsTitle', { name })} />
          {list.isFetchNextPageError && <p className="form-error">{t('friends.loadFailed')}</p>}
          {list.hasNextPage && <ReadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
        </>
      )}
    </section>
  );
}

export default function FriendProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const userID = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const friend = useQuery({
    queryKey: accountKeys.friend(userID ?? 0),
    queryFn: () => callOrThrow('getFriendProfile', { userID: userID! }),
    enabled: userID !== null && userID > 0,
    retry: false,
  });
  const failed = userID === null || userID <= 0 || friend.isError;
  useEffect(() => {
    // Not found, not a friend, or the load failed: the not-found page (spec 2 §8).
    if (failed) navigate('/notFound', { replace: true });
  }, [failed, navigate]);
  const data = friend.data;
  usePageMeta(data ? { title: t('friendProfile.pageTitle', { name: data.profile.nickname }) } : null);

  async function remove() {
    if (!data) return;
    setRemoving(true);
    try {
      const result = await call('removeFriend', { userID: data.userID });
      if (!result.succeed) throw new Error(result.errorCode);
      await queryClient.invalidateQueries({ queryKey: accountKeys.friends });
      queryClient.removeQueries({ queryKey: accountKeys.friend(data.userID) });
      navigate('/account/friends', { replace: true });
    } catch {
      setConfirmRemove(false);
      window.alert(t('friendProfile.removeFailed'));
    } finally {
      setRemoving(false);
    }
  }

  if (failed || !data) {
    return (
      <AccountFrame profile={null}>
        <Spinner />
      </AccountFrame>
    );
  }

  const stepsOpen = data.accessTypes.userSteps === 1 && data.userSteps && data.weeklySteps;
  return (
    <AccountFrame profile={data.profile} headingLevel="h1">
      <p className="friend-profile__back">
        <button type="button" className="button button--outline button--small" onClick={() => navigate('/account/friends')}>
          {t('friendProfile.back')}
        </button>
      </p>
      <section className="card account-section" aria-labelledby="friend-steps">
        <div className="account-section__head">
          <h2 id="friend-steps" className="account-section__title">
            {t('steps.title')}
          </h2>
          <DisclosureLabel kind={stepsOpen ? 'disclosed' : 'undisclosed'} />
        </div>
        {stepsOpen ? (
          <StepLog userSteps={data.userSteps!} weeklySteps={data.weeklySteps!} />
        ) : (
          <p className="empty-state">{t('friendProfile.stepsHidden')}</p>
        )}
      </section>
      <section className="card account-section" aria-labelledby="friend-teams">
        <div className="account-section__head">
          <h2 id="friend-teams" className="account-section__title">
            {t('teams.title')}
          </h2>
          <DisclosureLabel kind={data.teamMatches ? 'disclosed' : 'undisclosed'} />
        </div>
        {data.teamMatches ? <TeamMatches matches={data.teamMatches} /> : <p className="empty-state">{t('friendProfile.teamsHidden')}</p>}
      </section>
      <FriendsOfFriend userID={data.userID} name={data.profile.nickname} />
      <p className="friend-profile__remove">
        <button type="button" className="button button--outline button--small" onClick={() => setConfirmRemove(true)}>
          {t('friendProfile.remove')}
        </button>
      </p>
      <Modal open={confirmRemove} title={t('friendProfile.removeTitle')} onClose={() => setConfirmRemove(false)}>
        <p>{t('friendProfile.removeConfirm', { name: data.profile.nickname })}</p>
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={() => setConfirmRemove(false)}>
            {t('friendProfile.removeNo')}
          </button>
          <button type="button" className="button button--danger" disabled={removing} onClick={() => void remove()}>
            {t('friendProfile.removeYes')}
          </button>
        </div>
      </Modal>
    </AccountFrame>
  );
}
