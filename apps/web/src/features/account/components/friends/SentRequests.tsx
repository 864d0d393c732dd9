import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { useFriendRequests } from '../../api/get-friend-requests.ts';
import { removeFriend } from '../../api/remove-friend.ts';
import { useRequestAnswer } from '../../hooks/useRequestAnswer.ts';
import { AccountSection } from '../AccountSection.tsx';
import { RequestItem } from './RequestItem.tsx';

/** Requests the user sent that wait for an answer, each with a way to withdraw it (docs/requirements/account.md#account-friends 'Requested'). */
export function SentRequests() {
  const { t } = useTranslation('account');
  const requests = useFriendRequests();
  const { busy, message, run } = useRequestAnswer();
  const sent = requests.data?.sent ?? [];

  function withdraw(userID: number, name: string) {
    return run(userID, () => removeFriend({ userID }), t('sent.withdrawn', { name }));
  }

  if (sent.length === 0 && !message) return null;
  return (
    <AccountSection id="sent-requests" title={t('sent.title')}>
      <StatusMessage message={message} />
      {sent.length > 0 && (
        <ul className="request-list" aria-label={t('sent.title')}>
          {sent.map((r) => (
            <RequestItem key={r.id} user={r.user}>
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
            </RequestItem>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
