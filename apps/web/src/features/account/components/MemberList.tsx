import { Link } from 'react-router';
import type { Member } from '@hibi/contract/functions/account';
import { DEFAULT_PROFILE_IMAGE } from '../../../components/AccountFrame.tsx';
import { FriendButton } from './FriendButton.tsx';

/** Members with their friend button (search results, a friend's friends); a friend's name links to their profile. */
export function MemberList({ members, label }: { members: Member[]; label: string }) {
  return (
    <ul className="request-list member-list" aria-label={label}>
      {members.map((m) => (
        // Keyed by the relation too: when a refetch brings a new relation (a request withdrawn elsewhere), the button starts over.
        <li key={`${m.userID}:${m.relation}`} className="request-item">
          <img className="friend-item__avatar" src={m.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="48" height="48" />
          {m.relation === 'friends' ? (
            <Link className="request-item__name" to={`/account/friends/${m.userID}`}>
              {m.displayName}
            </Link>
          ) : (
            <span className="request-item__name">{m.displayName}</span>
          )}
          <FriendButton userID={m.userID} name={m.displayName} relation={m.relation} />
        </li>
      ))}
    </ul>
  );
}
