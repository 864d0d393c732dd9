import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { EventSession } from '@hibi/contract/functions/events';

/** Under a full session: join its waiting list, or one's place in line with a way to leave (issue 19, 1). */
export function WaitingList({ session, busy, onJoin, onLeave }: { session: EventSession; busy: boolean; onJoin: () => void; onLeave: () => void }) {
  const { t } = useTranslation('events');
  if (session.button?.kind !== 'full' || session.participant) return null;
  const count = session.waitingListCount ?? 0;
  if (session.waitingPosition != null) {
    return (
      <div className="session__waiting">
        <p className="session__waiting-place">{t('waiting.position', { position: session.waitingPosition })}</p>
        <button type="button" className="button button--outline button--small button--block" disabled={busy} aria-busy={busy} onClick={onLeave}>
          {t('waiting.leave')}
        </button>
      </div>
    );
  }
  return (
    <div className="session__waiting">
      <p className="session__waiting-count">{count === 0 ? t('waiting.nobody') : t('waiting.count', { count })}</p>
      <button type="button" className="button button--outline button--block" disabled={busy} aria-busy={busy} onClick={onJoin}>
        {busy ? t('button.working') : t('waiting.join')}
      </button>
    </div>
  );
}
