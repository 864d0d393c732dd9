import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { Relation } from '@hibi/contract/functions/account';
import { ApiError } from '../../../lib/api.ts';
import { acceptFriendRequest } from '../api/accept-friend-request.ts';
import { refreshRelations } from '../api/keys.ts';
import { requestFriend } from '../api/request-friend.ts';
import { useWriteFailure } from '../../../lib/useWriteFailure.ts';

/**
 * The friend button wherever another member appears (docs/requirements/account.md#account-friends): Become Friends, then Requested; Accept for a
 * request they sent; Friends once accepted. The state is the server's relation, updated by the answer of the call,
 * and announced in a live region.
 */
export function FriendButton({ userID, name, relation: initial }: { userID: number; name: string; relation: Relation }) {
  const { t } = useTranslation('account');
  const writeFailure = useWriteFailure();
  const queryClient = useQueryClient();
  const [relation, setRelation] = useState<Relation>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act() {
    setBusy(true);
    setError(null);
    try {
      if (relation === 'received') {
        const result = await acceptFriendRequest({ userID });
        if (result.succeed) setRelation('friends');
        else setError(t('memberActions.failed'));
      } else {
        const result = await requestFriend({ userID });
        if (result.succeed) setRelation(result.status === 'friends' ? 'friends' : 'requested');
        else if (result.errorCode === 'alreadyRequested') setRelation('requested');
        else if (result.errorCode === 'alreadyFriends') setRelation('friends');
        else setError(t('memberActions.failed'));
      }
    } catch (e) {
      setError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('memberActions.tooMany') : writeFailure(e, t('memberActions.failed')));
    } finally {
      setBusy(false);
      await refreshRelations(queryClient);
    }
  }

  let control;
  if (relation === 'none' || relation === 'received') {
    control = (
      <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => void act()}>
        {t(relation === 'none' ? 'memberActions.request' : 'memberActions.accept')}
        <span className="visually-hidden"> {name}</span>
      </button>
    );
  } else if (relation === 'requested') {
    control = <span className="member-state member-state--requested">{t('memberActions.requested')}</span>;
  } else if (relation === 'friends') {
    control = <span className="member-state member-state--friends">{t('memberActions.friends')}</span>;
  } else {
    control = <span className="member-state">{t('memberActions.you')}</span>;
  }
  return (
    <span className="member-action">
      {control}
      <span role="status" className="member-action__status">
        {error && <span className="form-error">{error}</span>}
      </span>
    </span>
  );
}
