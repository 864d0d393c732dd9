import type { ReactNode } from 'react';
import type { Member } from '@hibi/contract/functions/account';
import { DEFAULT_PROFILE_IMAGE } from '../../../../components/AccountFrame.tsx';

/** A member in a request list: picture, name, then the row's actions. */
export function RequestItem({ user, children }: { user: Pick<Member, 'displayName' | 'imageUrl'>; children: ReactNode }) {
  return (
    <li className="request-item">
      <img className="friend-item__avatar" src={user.imageUrl || DEFAULT_PROFILE_IMAGE} alt="" width="48" height="48" />
      <span className="request-item__name">{user.displayName}</span>
      {children}
    </li>
  );
}
