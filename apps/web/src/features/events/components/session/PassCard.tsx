import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import QRCode from 'qrcode';
import { formatPassCode } from '@hibi/contract/constants';
import { passStore, type StoredPass } from '../../../../lib/passes.ts';
import { getReservationPass } from '../../api/get-reservation-pass.ts';

export interface PassCardProps {
  eventId: number;
  sessionId: number;
  eventTitle: string;
  sessionTitle: string;
  when: string;
  endAt: number;
}

type State = { kind: 'loading' } | { kind: 'shown'; pass: StoredPass; offline: boolean } | { kind: 'gone' } | { kind: 'failed' };

/**
 * The pass itself: the QR code of the signed token and the code beneath it, grouped for reading aloud. Kept in this
 * browser once shown (lib/passes.ts), so it opens at the door without a connection.
 */
export default function PassCard({ eventId, sessionId, eventTitle, sessionTitle, when, endAt }: PassCardProps) {
  const { t } = useTranslation('events');
  const [state, setState] = useState<State>(() => {
    const kept = passStore.get(eventId, sessionId);
    return kept ? { kind: 'shown', pass: kept, offline: false } : { kind: 'loading' };
  });

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const result = await getReservationPass({ eventID: eventId, sessionID: sessionId });
        if (!live) return;
        if (!result.succeed) {
          passStore.forget(eventId, sessionId);
          setState({ kind: 'gone' });
          return;
        }
        const qr = await QRCode.toDataURL(result.token, { errorCorrectionLevel: 'M', margin: 4, width: 264 });
        const pass: StoredPass = { eventId, sessionId, token: result.token, code: result.code, eventTitle, sessionTitle, when, endAt, qr };
        passStore.put(pass);
        if (live) setState({ kind: 'shown', pass, offline: false });
      } catch {
        // No connection: the copy kept in this browser, if any.
        if (!live) return;
        const kept = passStore.get(eventId, sessionId);
        setState(kept ? { kind: 'shown', pass: kept, offline: true } : { kind: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [eventId, sessionId, eventTitle, sessionTitle, when, endAt]);

  if (state.kind === 'loading') return <div className="pass pass--loading" aria-busy="true" />;
  if (state.kind === 'gone' || state.kind === 'failed')
    return (
      <p className="field__error" role="alert">
        {state.kind === 'gone' ? t('pass.gone') : t('pass.failed')}
      </p>
    );
  const { pass, offline } = state;
  return (
    <figure className="pass" data-pass-token={pass.token}>
      <img className="pass__qr" src={pass.qr} alt={t('pass.qrAlt', { session: sessionTitle })} width={264} height={264} />
      <figcaption className="pass__caption">
        <span className="pass__label">{t('pass.codeLabel')}</span>
        {/* The short code to type at the door (decision 178); a pass kept before it has only the token. */}
        <code className="pass__code">{formatPassCode(pass.code ?? pass.token)}</code>
        <span className="pass__note">{offline ? t('pass.offlineCopy') : t('pass.note')}</span>
      </figcaption>
    </figure>
  );
}
