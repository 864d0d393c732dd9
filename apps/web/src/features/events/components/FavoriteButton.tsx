import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.ts';
import { useStartLogin } from '../../../lib/auth/useStartLogin.ts';
import { favoriteEvent } from '../api/favorite-event.ts';
import { afterFavoriteChange } from '../api/keys.ts';

/** Heart toggle; a guest is sent to sign in. The reserved/favourite list is refreshed after a change. */
export function FavoriteButton({ eventId, title, initial }: { eventId: number; title: string; initial: boolean }) {
  const { t } = useTranslation('events');
  const signedIn = useSession() !== null;
  const startLogin = useStartLogin();
  const client = useQueryClient();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  useEffect(() => setOn(initial), [initial]);

  async function toggle() {
    if (!signedIn) return void startLogin();
    const next = !on;
    setBusy(true);
    setError(false);
    setOn(next);
    try {
      const result = await favoriteEvent(eventId, next);
      if (!result.succeed) throw new Error(result.errorCode);
      afterFavoriteChange(client, eventId);
    } catch {
      setOn(!next);
      setError(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`favorite-button${on ? ' favorite-button--on' : ''}`}
        aria-pressed={on}
        aria-label={on ? t('card.unfavorite', { title }) : t('card.favorite', { title })}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-10-9.2C.4 8.6 2.3 4.5 6.2 4.5c2.1 0 3.4 1.1 4.3 2.4l1.5 2 1.5-2c.9-1.3 2.2-2.4 4.3-2.4 3.9 0 5.8 4.1 4.2 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      {error && (
        <span className="favorite-button__error" role="alert">
          {t('card.favoriteFailed')}
        </span>
      )}
    </>
  );
}
