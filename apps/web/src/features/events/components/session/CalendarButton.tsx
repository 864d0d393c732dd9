import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { getCalendarUrl } from '../../api/get-calendar-url.ts';

/** A booked session's .ics file, through a short-lived signed link. */
export function CalendarButton({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  const { t } = useTranslation('events');
  const [failed, setFailed] = useState(false);
  async function download() {
    setFailed(false);
    try {
      const result = await getCalendarUrl({ eventID: eventId, sessionID: sessionId });
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
