import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { EventDetail, EventSession, ReservationAnswer } from '@hibi/contract/functions/events';
import type { Locale } from '@hibi/contract/locale';
import { call } from '../../../lib/api.ts';
import { Modal } from '../../../components/Modal.tsx';
import { ShareButtons } from '../../../components/ShareButtons.tsx';
import { afterBookingChange } from '../api.ts';
import { formatDateTime, formatEventDate } from '../format.ts';
import { Questionnaire } from './Questionnaire.tsx';

const RESERVE_CODES = [
  'reservationNotAccepted',
  'alreadyReserved',
  'reservationCapacityOver',
  'reservedAnotherSession',
  'answersRequired',
  'answersInvalid',
];
const WAIT_CODES = ['reservationNotAccepted', 'alreadyReserved', 'reservedAnotherSession', 'answersRequired', 'answersInvalid'];
const CANCEL_CODES = ['cancellationNotAccepted', 'noReservation'];

interface Message {
  sessionId: number;
  ok: boolean;
  text: string;
}

/** reservationType 0 shows the time only, 2 books on an external site, every other value books in the app (spec 1). */
function booksInApp(reservationType: number): boolean {
  return reservationType !== 0 && reservationType !== 2;
}

function SessionButton({
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
    // Outside the booking window the button stays "Reserve", disabled; the dictionary's note says why (spec 1 §8).
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

/** Under a full session: join its waiting list, or one's place in line with a way to leave (issue 19, 1). */
function WaitingList({ session, busy, onJoin, onLeave }: { session: EventSession; busy: boolean; onJoin: () => void; onLeave: () => void }) {
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

function CalendarButton({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  const { t } = useTranslation('events');
  const [failed, setFailed] = useState(false);
  async function download() {
    setFailed(false);
    try {
      const result = await call('getEventCalendarUrl', { eventID: eventId, sessionID: sessionId });
      if (!result.succeed) throw new Error(result.errorCode);
      // A short-lived signed link: a plain navigation can fetch it without the bearer token.
      window.location.assign(result.url);
    } catch {
      setFailed(true);
    }
  }
  return (
    <>
      <button type="button" className="button button--outline button--small button--block session__calendar" onClick={() => void download()}>
        {t('session.addToCalendar')}
      </button>
      {failed && (
        <p className="field__error" role="alert">
          {t('session.calendarFailed')}
        </p>
      )}
    </>
  );
}

/** The side panel: every session with its time, seats, booking window and button (signed-in only), plus sharing. */
export function SessionPanel({ event, signedIn }: { event: EventDetail; signedIn: boolean }) {
  const { t, i18n } = useTranslation('events');
  const locale = (i18n.language === 'en' ? 'en' : 'ja') as Locale;
  const client = useQueryClient();
  const [busySession, setBusySession] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [asking, setAsking] = useState<{ session: EventSession; wait: boolean } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState<EventSession | null>(null);
  const [questionError, setQuestionError] = useState<string | null>(null);

  /**
   * Books a session or joins its waiting list, with the questionnaire's answers. An answer problem keeps the
   * questionnaire open with its message; any other outcome closes it and says how it went under the session.
   */
  async function submit(session: EventSession, answers: ReservationAnswer[], wait: boolean) {
    setBusySession(session.id);
    setQuestionError(null);
    const failed = wait ? t('waiting.failed') : t('result.reserveFailed');
    try {
      const payload = { eventID: event.id, sessionID: session.id, body: answers };
      const result = wait ? await call('joinWaitingList', payload) : await call('reserveEvent', payload);
      if (!result.succeed && (result.errorCode === 'answersRequired' || result.errorCode === 'answersInvalid') && asking) {
        setQuestionError(t(`result.${result.errorCode}`));
        return;
      }
      setAsking(null);
      let text: string;
      if (result.succeed) text = 'position' in result ? t('waiting.joined', { position: result.position }) : t('result.reserved');
      else if (result.errorCode === 'seatsAvailable' || result.errorCode === 'alreadyWaiting') text = t(`waiting.${result.errorCode}`);
      else text = (wait ? WAIT_CODES : RESERVE_CODES).includes(result.errorCode) ? t(`result.${result.errorCode}`) : failed;
      setMessage({ sessionId: session.id, ok: result.succeed, text });
    } catch {
      setAsking(null);
      setMessage({ sessionId: session.id, ok: false, text: failed });
    } finally {
      setBusySession(null);
      await afterBookingChange(client, event.id, signedIn);
    }
  }

  async function leaveWaitingList(session: EventSession) {
    setBusySession(session.id);
    try {
      const result = await call('leaveWaitingList', { eventID: event.id, sessionID: session.id });
      setMessage({ sessionId: session.id, ok: result.succeed, text: result.succeed ? t('waiting.left') : t('waiting.failed') });
    } catch {
      setMessage({ sessionId: session.id, ok: false, text: t('waiting.failed') });
    } finally {
      setBusySession(null);
      await afterBookingChange(client, event.id, signedIn);
    }
  }

  async function cancel(session: EventSession) {
    setConfirmCancel(null);
    setBusySession(session.id);
    try {
      const result = await call('cancelEventReservation', { eventID: event.id, sessionID: session.id });
      setMessage({
        sessionId: session.id,
        ok: result.succeed,
        text: result.succeed
          ? t('result.cancelled')
          : CANCEL_CODES.includes(result.errorCode)
            ? t(`result.${result.errorCode}`)
            : t('result.cancelFailed'),
      });
    } catch {
      setMessage({ sessionId: session.id, ok: false, text: t('result.cancelFailed') });
    } finally {
      setBusySession(null);
      await afterBookingChange(client, event.id, signedIn);
    }
  }

  function startReserve(session: EventSession, wait = false) {
    setMessage(null);
    if (event.hasQuestions && event.questions?.length) {
      setQuestionError(null);
      setAsking({ session, wait });
    } else {
      void submit(session, [], wait);
    }
  }

  return (
    <aside className="session-panel card" aria-labelledby="session-panel-title">
      <h2 id="session-panel-title" className="session-panel__title">
        {t('session.title')}
      </h2>
      {event.sessions.length === 0 ? (
        <p className="session-panel__none">{t('session.none')}</p>
      ) : (
        <ol className="session-list">
          {event.sessions.map((s) => {
            const team = s.entryUnitType === 2;
            return (
              <li key={s.id} className="session">
                <h3 className="session__title">{s.title}</h3>
                <p className="session__date">{formatEventDate(s.startDateTime, s.endDateTime, locale)}</p>
                <p className="session__tags">
                  <span className="tag">{s.providingType === 2 ? t('session.online') : t('session.offline')}</span>
                  {booksInApp(s.reservationType) && <span className="tag tag--muted">{team ? t('session.perTeam') : t('session.perPerson')}</span>}
                </p>
                {signedIn && booksInApp(s.reservationType) && s.reservedCount !== undefined && (
                  <p className="session__seats">
                    {s.capacity === null || s.capacity === undefined
                      ? t('session.seatsUnlimited', { reserved: s.reservedCount })
                      : t(team ? 'session.seatsTeam' : 'session.seats', { reserved: s.reservedCount, count: s.capacity })}
                  </p>
                )}
                {signedIn && s.reservationType !== 0 && s.reservationEndDateTime != null && (
                  <p className="session__window">
                    {s.reservationStartDateTime != null
                      ? t('session.window', {
                          from: formatDateTime(s.reservationStartDateTime, locale),
                          to: formatDateTime(s.reservationEndDateTime, locale),
                        })
                      : t('session.windowUntil', { to: formatDateTime(s.reservationEndDateTime, locale) })}
                  </p>
                )}
                {signedIn && (
                  <div className="session__actions">
                    <SessionButton session={s} busy={busySession === s.id} onReserve={() => startReserve(s)} onCancel={() => setConfirmCancel(s)} />
                    <WaitingList
                      session={s}
                      busy={busySession === s.id}
                      onJoin={() => startReserve(s, true)}
                      onLeave={() => void leaveWaitingList(s)}
                    />
                    {s.participant && s.button?.kind === 'cancel' && <CalendarButton eventId={event.id} sessionId={s.id} />}
                  </div>
                )}
                <p
                  className={`session__message${message?.sessionId === s.id ? (message.ok ? ' session__message--ok' : ' session__message--error') : ''}`}
                  role="status"
                  aria-live="polite"
                >
                  {message?.sessionId === s.id ? message.text : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {!signedIn && event.sessions.some((s) => s.reservationType !== 0) && <p className="session-panel__login">{t('session.loginForButtons')}</p>}
      <ShareButtons title={event.title} />
      <Modal open={asking !== null} title={asking?.wait ? t('waiting.questionnaireTitle') : t('questionnaire.title')} onClose={() => setAsking(null)}>
        {asking && event.questions && (
          <Questionnaire
            questions={event.questions}
            busy={busySession === asking.session.id}
            serverError={questionError}
            submitLabel={asking.wait ? t('waiting.submit') : undefined}
            onSubmit={(answers) => void submit(asking.session, answers, asking.wait)}
            onCancel={() => setAsking(null)}
          />
        )}
      </Modal>
      <Modal open={confirmCancel !== null} title={t('cancelDialog.title')} onClose={() => setConfirmCancel(null)}>
        {confirmCancel && (
          <>
            <p>
              {t('cancelDialog.question', {
                session: confirmCancel.title,
                date: formatEventDate(confirmCancel.startDateTime, confirmCancel.endDateTime, locale),
              })}
            </p>
            <p>{(confirmCancel.waitingListCount ?? 0) > 0 ? t('cancelDialog.seatToWaiting') : t('cancelDialog.seatFree')}</p>
            <div className="modal__actions">
              <button type="button" className="button button--outline" onClick={() => setConfirmCancel(null)}>
                {t('cancelDialog.keep')}
              </button>
              <button type="button" className="button button--danger" onClick={() => void cancel(confirmCancel)}>
                {t('cancelDialog.confirm')}
              </button>
            </div>
          </>
        )}
      </Modal>
    </aside>
  );
}
