import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { acceptFriendRequest } from '../../api/accept-friend-request.ts';
import { useFriendRequests } from '../../api/get-friend-requests.ts';
import { removeFriend } from '../../api/remove-friend.ts';
import { useRequestAnswer } from '../../hooks/useRequestAnswer.ts';
import { AccountSection } from '../AccountSection.tsx';
import { RequestItem } from './RequestItem.tsx';

/** Requests other users sent: accept or decline (the mobile app's Accept, on the web too). */
export function ReceivedRequests() {
  const { t } = useTranslation('account');
  const requests = useFriendRequests();
  const { busy, message, run } = useRequestAnswer();
  const received = requests.data?.received ?? [];

  function answer(userID: number, name: string, accept: boolean) {
    return run(
      userID,
      () => (accept ? acceptFriendRequest({ userID }) : removeFriend({ userID })),
      t(accept ? 'requests.accepted' : 'requests.declined', { name }),
    );
  }

  if (received.length === 0 && !message) return null;
  return (
    <AccountSection id="friend-requests" title={t('requests.title')}>
      <StatusMessage message={message} />
      {received.length > 0 && (
        <ul className="request-list">
          {received.map((r) => (
            <RequestItem key={r.id} user={r.user}>
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
            </RequestItem>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
