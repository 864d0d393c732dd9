import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ENTRY_UNIT_TEAM, PROVIDING_TYPES, RESERVATION_TYPES } from '@hibi/contract/constants';
import type { EventSession } from '@hibi/contract/functions/events';
import type { Locale } from '@hibi/contract/locale';
import { formatDateTime, formatEventDate } from '../../format.ts';
import type { SessionMessage } from '../../hooks/useSessionBooking.ts';
import { CalendarButton } from './CalendarButton.tsx';
import { PassButton } from './PassButton.tsx';
import { booksInApp, hasBooking } from './rules.ts';
import { SessionButton } from './SessionButton.tsx';
import { WaitingList } from './WaitingList.tsx';

/**
 * One session of the panel: title, time, online or on site, per team or per person; for a member also the seats, the
 * booking window, the button, the waiting list and the calendar file; and the line that says how the last action went.
 */
export function SessionItem({
  eventId,
  eventTitle,
  session: s,
  signedIn,
  locale,
  busy,
  message,
  onReserve,
  onCancel,
  onJoinWaiting,
  onLeaveWaiting,
}: {
  eventId: number;
  eventTitle: string;
  session: EventSession;
  signedIn: boolean;
  locale: Locale;
  busy: boolean;
  message: SessionMessage | null;
  onReserve: () => void;
  onCancel: () => void;
  onJoinWaiting: () => void;
  onLeaveWaiting: () => void;
}) {
  const { t } = useTranslation('events');
  const team = s.entryUnitType === ENTRY_UNIT_TEAM;
  const mine = message?.sessionId === s.id ? message : null;
  return (
    <li className="session">
      <h3 className="session__title">{s.title}</h3>
      <p className="session__date">{formatEventDate(s.startDateTime, s.endDateTime, locale)}</p>
      <p className="session__tags">
        <span className="tag">{s.providingType === PROVIDING_TYPES.online ? t('session.online') : t('session.offline')}</span>
        {booksInApp(s.reservationType) && <span className="tag tag--muted">{team ? t('session.perTeam') : t('session.perPerson')}</span>}
      </p>
      {signedIn && booksInApp(s.reservationType) && s.reservedCount !== undefined && (
        <p className="session__seats">
          {s.capacity === null || s.capacity === undefined
            ? t('session.seatsUnlimited', { reserved: s.reservedCount })
            : t(team ? 'session.seatsTeam' : 'session.seats', { reserved: s.reservedCount, count: s.capacity })}
        </p>
      )}
      {signedIn && hasBooking(s.reservationType) && s.reservationEndDateTime != null && (
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
          <SessionButton session={s} busy={busy} onReserve={onReserve} onCancel={onCancel} />
          <WaitingList session={s} busy={busy} onJoin={onJoinWaiting} onLeave={onLeaveWaiting} />
          {s.participant && s.button?.kind === 'cancel' && <CalendarButton eventId={eventId} sessionId={s.id} />}
          {s.participant && s.reservationType !== RESERVATION_TYPES.external && s.url && s.button?.kind !== 'ended' && (
            // An online session's join link: the server sends it only to the member who booked it (decision 178).
            <a className="button button--primary button--small button--block session__join" href={s.url} target="_blank" rel="noopener noreferrer">
              {t('session.join')}
              <span className="visually-hidden"> {t('session.external')}</span>
            </a>
          )}
          {s.participant && s.button?.kind === 'cancel' && s.providingType !== PROVIDING_TYPES.online && (
            <PassButton
              eventId={eventId}
              sessionId={s.id}
              eventTitle={eventTitle}
              sessionTitle={s.title}
              when={formatEventDate(s.startDateTime, s.endDateTime, locale)}
              endAt={s.endDateTime}
            />
          )}
        </div>
      )}
      <p
        className={`session__message${mine ? (mine.ok ? ' session__message--ok' : ' session__message--error') : ''}`}
        role="status"
        aria-live="polite"
      >
        {mine ? mine.text : ''}
      </p>
    </li>
  );
}
