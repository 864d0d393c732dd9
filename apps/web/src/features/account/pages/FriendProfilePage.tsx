import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ACCESS_TYPE } from '@hibi/contract/constants';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { parseUserId, useFriendProfile } from '../api/get-friend-profile.ts';
import { useFriendsOfFriend } from '../api/get-friends-of-friend.ts';
import { accountKeys } from '../api/keys.ts';
import { removeFriend } from '../api/remove-friend.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { DisclosureLabel } from '../components/Disclosure.tsx';
import { MemberList } from '../components/MemberList.tsx';
import { StepLog } from '../components/StepLog.tsx';
import { TeamMatches } from '../components/TeamMatches.tsx';
import '../account.css';

/** The friend's friends among the user's colleagues, each with the friend button (docs/requirements/account.md#account-friends, a friend's friend). */
function FriendsOfFriend({ userID, name }: { userID: number; name: string }) {
  const { t } = useTranslation('account');
  const list = useFriendsOfFriend(userID);
  const members = list.data?.pages.flatMap((p) => p.friends) ?? [];
  return (
    <AccountSection id="friends-of-friend" title={t('friendProfile.friendsTitle', { name })}>
      <QueryState query={list} isEmpty={members.length === 0} empty={t('friendProfile.friendsEmpty', { name })} error={t('friends.loadFailed')}>
        <MemberList members={members} label={t('friendProfile.friendsTitle', { name })} />
        <ReadMore query={list} failed={t('friends.loadFailed')} />
      </QueryState>
    </AccountSection>
  );
}

/** A friend's profile: their head, step log and team matches as far as they disclose them, their friends, and removing them. */
export default function FriendProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userID = parseUserId(useParams().id);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const friend = useFriendProfile(userID);
  const failed = userID === null || userID <= 0 || friend.isError;
  useEffect(() => {
    // Not found, not a friend, or the load failed: the not-found page (docs/requirements/account.md#account-friend-profile).
    if (failed) navigate('/notFound', { replace: true });
  }, [failed, navigate]);
  const data = friend.data;
  usePageMeta(data ? { title: t('friendProfile.pageTitle', { name: data.profile.nickname }) } : null);

  async function remove() {
    if (!data) return;
    setRemoving(true);
    try {
      const result = await removeFriend({ userID: data.userID });
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

  const stepsOpen = data.accessTypes.userSteps === ACCESS_TYPE.disclosed && data.userSteps && data.weeklySteps;
  return (
    <AccountFrame profile={data.profile} headingLevel="h1">
      <p className="friend-profile__back">
        <button type="button" className="button button--outline button--small" onClick={() => navigate('/account/friends')}>
          {t('friendProfile.back')}
        </button>
      </p>
      <AccountSection id="friend-steps" title={t('steps.title')} aside={<DisclosureLabel kind={stepsOpen ? 'disclosed' : 'undisclosed'} />}>
        {stepsOpen ? (
          <StepLog userSteps={data.userSteps!} weeklySteps={data.weeklySteps!} />
        ) : (
          <p className="empty-state">{t('friendProfile.stepsHidden')}</p>
        )}
      </AccountSection>
      <AccountSection id="friend-teams" title={t('teams.title')} aside={<DisclosureLabel kind={data.teamMatches ? 'disclosed' : 'undisclosed'} />}>
        {data.teamMatches ? <TeamMatches matches={data.teamMatches} /> : <p className="empty-state">{t('friendProfile.teamsHidden')}</p>}
      </AccountSection>
      <FriendsOfFriend userID={data.userID} name={data.profile.nickname} />
      <p className="friend-profile__remove">
        <button type="button" className="button button--outline button--small" onClick={() => setConfirmRemove(true)}>
          {t('friendProfile.remove')}
        </button>
      </p>
      <ConfirmDialog
        open={confirmRemove}
        title={t('friendProfile.removeTitle')}
        cancelLabel={t('friendProfile.removeNo')}
        confirmLabel={t('friendProfile.removeYes')}
        busy={removing}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => void remove()}
      >
        <p>{t('friendProfile.removeConfirm', { name: data.profile.nickname })}</p>
      </ConfirmDialog>
    </AccountFrame>
  );
}
