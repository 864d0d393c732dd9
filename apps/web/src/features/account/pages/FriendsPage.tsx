import { useTranslation } from '../../../lib/i18n/react.tsx';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { FindFriends } from '../components/friends/FindFriends.tsx';
import { FriendList } from '../components/friends/FriendList.tsx';
import { ReceivedRequests } from '../components/friends/ReceivedRequests.tsx';
import { SentRequests } from '../components/friends/SentRequests.tsx';
import '../account.css';

/** Friends (docs/requirements/account.md#account-friends): requests received, the friends, a search for colleagues and the requests sent. */
export default function FriendsPage() {
  const { t } = useTranslation('account');
  const profile = useMyProfile();
  return (
    <AccountFrame profile={profile.data?.profile ?? null}>
      <h1 className="page-title account-title">{t('friends.title')}</h1>
      <ReceivedRequests />
      <FriendList />
      <FindFriends />
      <SentRequests />
    </AccountFrame>
  );
}
