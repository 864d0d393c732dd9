import { useId } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { EventSession } from '@hibi/contract/functions/events';

/**
 * A session's button as the server decided it (docs/requirements/events.md#events-session-button): a link to the external site (open or full), cancel for a
 * booked session, a disabled Reserve with its note outside the booking window, or Reserve / Full / Ended.
 */
export function SessionButton({
  session,
  busy,
  onReserve,
  onCancel,
}: {
  session: EventSession;
  busy: boolean;
  onReserve: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('events');
  const noteId = useId();
  const button = session.button;
  if (!button) return null;
  if (button.kind === 'external' || button.kind === 'externalFull') {
    return (
      <a
        className={`button button--block ${button.kind === 'external' ? 'button--primary' : 'button--outline'}`}
        href={session.url ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t(`button.${button.kind}`)}
        <span className="visually-hidden"> {t('session.external')}</span>
      </a>
    );
  }
  if (button.kind === 'cancel') {
    return (
      <button type="button" className="button button--outline button--block" disabled={busy} aria-busy={busy} onClick={onCancel}>
        {busy ? t('button.working') : t('button.cancel')}
      </button>
    );
  }
  if (button.kind === 'notOpen') {
    // Outside the booking window the button stays "Reserve", disabled; the dictionary's note says why (docs/requirements/events.md#events-reservation-errors).
    return (
      <>
        <button type="button" className="button button--primary button--block" disabled aria-describedby={noteId}>
          {t('button.notOpen')}
        </button>
        <p className="session__note" id={noteId}>
          {t('button.cannotBookNow')}
        </p>
      </>
    );
  }
  return (
    <button type="button" className="button button--primary button--block" disabled={!button.enabled || busy} aria-busy={busy} onClick={onReserve}>
      {busy ? t('button.working') : t(`button.${button.kind}`)}
    </button>
  );
}
