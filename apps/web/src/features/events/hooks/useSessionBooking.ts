import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventDetail, EventSession, ReservationAnswer } from '@hibi/contract/functions/events';
import { cancelReservation } from '../api/cancel-reservation.ts';
import { joinWaitingList } from '../api/join-waiting-list.ts';
import { afterBookingChange } from '../api/keys.ts';
import { leaveWaitingList } from '../api/leave-waiting-list.ts';
import { reserveEvent } from '../api/reserve-event.ts';
import { isUnavailable } from '../../../lib/api.ts';
import { ANSWER_CODES, bookingMessage, cancellationMessage, type MessageKey } from '../components/session/rules.ts';

/** The line under one session that says how the last action went. */
export interface SessionMessage {
  sessionId: number;
  ok: boolean;
  text: string;
}

/**
 * Booking, joining or leaving a waiting list and cancelling, for the sessions of one event: which session is busy,
 * the questionnaire asked before booking, the cancellation being confirmed, and the message under the session. After
 * every action the lists go and the event reloads (docs/requirements/events.md#events-reservation).
 */
export function useSessionBooking(event: EventDetail, signedIn: boolean) {
  const { t } = useTranslation('events');
  const client = useQueryClient();
  const [busySession, setBusySession] = useState<number | null>(null);
  const [message, setMessage] = useState<SessionMessage | null>(null);
  const [asking, setAsking] = useState<{ session: EventSession; wait: boolean } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState<EventSession | null>(null);
  const [questionError, setQuestionError] = useState<string | null>(null);
  const say = (sessionId: number, ok: boolean, m: MessageKey) => setMessage({ sessionId, ok, text: t(m.key, m.values) });

  async function settle(session: EventSession, act: () => Promise<void>, failed: MessageKey) {
    setBusySession(session.id);
    try {
      await act();
    } catch (e) {
      setAsking(null);
      // 503: the server held the call back (busy) or could not reach its database; nothing was changed (decision 162).
      say(session.id, false, isUnavailable(e) ? { key: 'result.busy' } : failed);
    } finally {
      setBusySession(null);
      await afterBookingChange(client, event.id, signedIn);
    }
  }

  /**
   * Books a session or joins its waiting list, with the questionnaire's answers. An answer problem keeps the
   * questionnaire open with its message; any other outcome closes it and says how it went under the session.
   */
  function submit(session: EventSession, answers: ReservationAnswer[], wait: boolean) {
    setQuestionError(null);
    return settle(
      session,
      async () => {
        const payload = { eventID: event.id, sessionID: session.id, body: answers };
        const result = wait ? await joinWaitingList(payload) : await reserveEvent(payload);
        if (!result.succeed && ANSWER_CODES.includes(result.errorCode) && asking) {
          setQuestionError(t(`result.${result.errorCode}`));
          return;
        }
        setAsking(null);
        say(session.id, result.succeed, bookingMessage(result, wait));
      },
      { key: wait ? 'waiting.failed' : 'result.reserveFailed' },
    );
  }

  function leave(session: EventSession) {
    return settle(
      session,
      async () => {
        const result = await leaveWaitingList({ eventID: event.id, sessionID: session.id });
        say(session.id, result.succeed, { key: result.succeed ? 'waiting.left' : 'waiting.failed' });
      },
      { key: 'waiting.failed' },
    );
  }

  function cancel(session: EventSession) {
    setConfirmCancel(null);
    return settle(
      session,
      async () => {
        const result = await cancelReservation({ eventID: event.id, sessionID: session.id });
        say(session.id, result.succeed, cancellationMessage(result));
      },
      { key: 'result.cancelFailed' },
    );
  }

  /** Reserve (or join the waiting list): the questionnaire first when the event has questions. */
  function start(session: EventSession, wait = false) {
    setMessage(null);
    if (event.hasQuestions && event.questions?.length) {
      setQuestionError(null);
      setAsking({ session, wait });
    } else {
      void submit(session, [], wait);
    }
  }

  return {
    busySession,
    message,
    asking,
    questionError,
    confirmCancel,
    start,
    submit,
    leave,
    cancel,
    askCancel: setConfirmCancel,
    closeQuestions: () => setAsking(null),
  };
}
