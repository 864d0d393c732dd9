import '../components/checkin/checkin.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CHECK_IN_UNDO_MS, PASS_INPUT_MAX } from '@hibi/contract/constants';
import { Field } from '../../../../components/Field.tsx';
import { failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { formatTime } from '../../../../lib/format.ts';
import { useCheckIn, useCheckInCounts, useSessionReservations, useUndoCheckIn } from '../api/events.ts';
import { localized } from '../../../lib/localized.ts';
import { useQrScanner } from '../components/checkin/useQrScanner.ts';

/** The same code read again this soon is the same person still in front of the camera, not a second scan. */
const SAME_CODE_QUIET_MS = 8_000;

type Outcome =
  | { kind: 'ok' | 'already'; nickname: string; session: string; at: number }
  | { kind: 'refused'; title: string; detail: string }
  | { kind: 'undone'; nickname: string };
type Undoable = { reservationId: number; nickname: string; until: number };

/**
 * /events/:id/sessions/:sessionId/checkin: check-in at the door on a phone (issue 33). The camera reads a member's
 * pass (BarcodeDetector, else jsQR), or the code is typed; the answer shows in large type and colour: green checked
 * in, amber already checked in, red refused with the reason. A check-in can be undone for a minute.
 */
export default function CheckInPage() {
  const { t } = useTranslation('consoleEvents');
  const params = useParams();
  const eventId = Number(params.id);
  const sessionId = Number(params.sessionId);
  const valid = Number.isInteger(eventId) && eventId > 0 && Number.isInteger(sessionId) && sessionId > 0;
  const session = useSessionReservations({ eventId: valid ? eventId : 1, sessionId: valid ? sessionId : 1, offset: 0, perPage: 1 });
  const counts = useCheckInCounts(sessionId, valid);
  const checkIn = useCheckIn(eventId, sessionId);
  const undo = useUndoCheckIn(eventId, sessionId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [code, setCode] = useState('');
  const last = useRef<{ text: string; at: number } | null>(null);

  // The undo button's countdown.
  useEffect(() => {
    if (!undoable) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= undoable.until) setUndoable(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [undoable]);

  async function submit(text: string) {
    if (checkIn.isPending) return;
    let answer;
    try {
      answer = await checkIn.mutateAsync(text);
    } catch {
      setOutcome({ kind: 'refused', title: t('checkin.refused'), detail: t('checkin.networkError') });
      return;
    }
    if (answer.succeed) {
      const session = localized(answer.sessionTitle);
      setOutcome({ kind: answer.alreadyCheckedIn ? 'already' : 'ok', nickname: answer.nickname, session, at: answer.checkedInAt });
      if (!answer.alreadyCheckedIn) {
        setUndoable({ reservationId: answer.reservationId, nickname: answer.nickname, until: Date.now() + CHECK_IN_UNDO_MS });
        setNow(Date.now());
      }
      navigator.vibrate?.(answer.alreadyCheckedIn ? [60, 60, 60] : 80);
    } else {
      const extra = answer as unknown as {
        sessionTitle?: { ja: string; en: string | null };
        sessionStartAt?: number;
        opensAt?: number;
        endedAt?: number;
      };
      const detail = failureText(answer, {
        invalidPass: t('checkin.invalidPass'),
        reservationCancelled: t('checkin.reservationCancelled'),
        otherSession: t('checkin.otherSession', {
          session: extra.sessionTitle ? localized(extra.sessionTitle) : '',
          date: extra.sessionStartAt ? formatDateTime(extra.sessionStartAt) : '',
        }),
        notFound: t('errors.notFound'),
        checkInNotOpen: t('checkin.notOpen', { date: extra.opensAt ? formatDateTime(extra.opensAt) : '' }),
        checkInClosed: t('checkin.closed', { date: extra.endedAt ? formatDateTime(extra.endedAt) : '' }),
      });
      setOutcome({ kind: 'refused', title: t('checkin.refused'), detail });
      navigator.vibrate?.([200, 80, 200]);
    }
  }

  const scanner = useQrScanner((text) => {
    const at = Date.now();
    if (last.current && last.current.text === text && at - last.current.at < SAME_CODE_QUIET_MS) return;
    last.current = { text, at };
    void submit(text);
  }, checkIn.isPending);

  function typed(event: FormEvent) {
    event.preventDefault();
    last.current = null;
    void submit(code);
    setCode('');
  }

  async function takeBack() {
    if (!undoable) return;
    const { reservationId, nickname } = undoable;
    try {
      const answer = await undo.mutateAsync(reservationId);
      setUndoable(null);
      setOutcome(
        answer.succeed ? { kind: 'undone', nickname } : { kind: 'refused', title: t('checkin.undoFailed'), detail: t('checkin.undoExpired') },
      );
    } catch {
      setOutcome({ kind: 'refused', title: t('checkin.undoFailed'), detail: t('checkin.networkError') });
    }
  }

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const data = session.data;
  const cameraNote = scanner.state === 'denied' ? t('checkin.cameraDenied') : scanner.state === 'unavailable' ? t('checkin.cameraUnavailable') : null;
  return (
    <div className="console-page checkin">
      <p>
        <Link to={`/events/${eventId}/sessions/${sessionId}`}>{t('checkin.back')}</Link>
      </p>
      <h1>{t('checkin.title')}</h1>
      {data && (
        <p className="console-meta">
          {`${localized(data.session.title)} · ${localized(data.event.title)} · ${formatDateTime(data.session.startAt)}`}
        </p>
      )}
      {counts.data && (
        <>
          {/* Who is in (decision 178): checked in of booked, read again after every check-in and undo. */}
          <p className="checkin__count" aria-live="polite" data-testid="checkin-count">
            <span className="visually-hidden">{t('checkin.countLabel')}: </span>
            {t('checkin.count', { checkedIn: counts.data.checkedInCount, booked: counts.data.bookedCount })}
          </p>
          <p className="console-meta">{t('checkin.window', { from: formatDateTime(counts.data.opensAt), to: formatDateTime(counts.data.endAt) })}</p>
        </>
      )}

      <div
        className={`checkin__result${outcome ? ` checkin__result--${outcome.kind}` : ''}`}
        role="status"
        aria-live="assertive"
        data-outcome={outcome?.kind ?? 'none'}
      >
        {!outcome && <p className="checkin__waiting">{checkIn.isPending ? t('checkin.checking') : t('checkin.ready')}</p>}
        {outcome?.kind === 'ok' && (
          <>
            <p className="checkin__headline">{t('checkin.ok')}</p>
            <p className="checkin__name">{t('checkin.name', { nickname: outcome.nickname })}</p>
            <p className="checkin__detail">{outcome.session}</p>
          </>
        )}
        {outcome?.kind === 'already' && (
          <>
            <p className="checkin__headline">{t('checkin.already')}</p>
            <p className="checkin__name">{t('checkin.name', { nickname: outcome.nickname })}</p>
            <p className="checkin__detail">{t('checkin.alreadyAt', { time: formatTime(outcome.at) })}</p>
          </>
        )}
        {outcome?.kind === 'refused' && (
          <>
            <p className="checkin__headline">{outcome.title}</p>
            <p className="checkin__detail">{outcome.detail}</p>
          </>
        )}
        {outcome?.kind === 'undone' && (
          <>
            <p className="checkin__headline">{t('checkin.undone')}</p>
            <p className="checkin__name">{t('checkin.name', { nickname: outcome.nickname })}</p>
          </>
        )}
      </div>
      {undoable && (
        <button type="button" className="button button--outline checkin__undo" disabled={undo.isPending} onClick={() => void takeBack()}>
          {t('checkin.undo', { nickname: undoable.nickname, seconds: Math.max(0, Math.ceil((undoable.until - now) / 1000)) })}
        </button>
      )}

      <section className="checkin__camera" aria-labelledby="checkin-camera">
        <h2 id="checkin-camera">{t('checkin.camera')}</h2>
        <video ref={scanner.videoRef} className="checkin__video" hidden={scanner.state !== 'on'} muted playsInline aria-label={t('checkin.video')} />
        {scanner.state === 'on' ? (
          <button type="button" className="button button--outline" onClick={scanner.stop}>
            {t('checkin.stopCamera')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary checkin__start"
            disabled={scanner.state === 'starting'}
            onClick={() => void scanner.start()}
          >
            {t('checkin.startCamera')}
          </button>
        )}
        {cameraNote && <p className="form-error">{cameraNote}</p>}
      </section>

      <form className="checkin__manual" onSubmit={typed} aria-labelledby="checkin-manual">
        <h2 id="checkin-manual">{t('checkin.manual')}</h2>
        <Field label={t('checkin.code')} hint={t('checkin.codeHint')}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={code}
              maxLength={PASS_INPUT_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={checkIn.isPending}>
          {t('checkin.submit')}
        </button>
      </form>
    </div>
  );
}
