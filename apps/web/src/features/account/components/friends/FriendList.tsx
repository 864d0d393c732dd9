import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { DEFAULT_PROFILE_IMAGE } from '../../../../components/AccountFrame.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ReadMore } from '../../../../components/ReadMore.tsx';
import { useFriends } from '../../api/get-friends.ts';

/** The member's friends, each a link to their profile; read more while the last page was full. */
export function FriendList() {
  const { t } = useTranslation('account');
  const friends = useFriends();
  const items = friends.data?.pages.flatMap((p) => p.friends) ?? [];
  return (
    <QueryState query={friends} isEmpty={items.length === 0} empty={t('friends.empty')} error={t('friends.loadFailed')}>
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
      <ReadMore query={friends} failed={t('friends.loadFailed')} />
    </QueryState>
  );
}
