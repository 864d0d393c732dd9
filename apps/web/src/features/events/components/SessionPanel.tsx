import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventDetail } from '@hibi/contract/functions/events';
import type { Locale } from '@hibi/contract/locale';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { ShareButtons } from '../../../components/ShareButtons.tsx';
import { formatEventDate } from '../format.ts';
import { useSessionBooking } from '../hooks/useSessionBooking.ts';
import { Questionnaire } from './Questionnaire.tsx';
import { hasBooking } from './session/rules.ts';
import { SessionItem } from './session/SessionItem.tsx';

/** The side panel: every session with its time, seats, booking window and button (signed-in only), plus sharing. */
export function SessionPanel({ event, signedIn }: { event: EventDetail; signedIn: boolean }) {
  const { t, i18n } = useTranslation('events');
  const locale = (i18n.language === 'en' ? 'en' : 'ja') as Locale;
  const booking = useSessionBooking(event, signedIn);
  const { asking, confirmCancel } = booking;

  return (
    <aside className="session-panel card" aria-labelledby="session-panel-title">
      <h2 id="session-panel-title" className="session-panel__title">
        {t('session.title')}
      </h2>
      {event.sessions.length === 0 ? (
        <p className="session-panel__none">{t('session.none')}</p>
      ) : (
        <ol className="session-list">
          {event.sessions.map((s) => (
            <SessionItem
              key={s.id}
              eventId={event.id}
              eventTitle={event.title}
              session={s}
              signedIn={signedIn}
              locale={locale}
              busy={booking.busySession === s.id}
              message={booking.message}
              onReserve={() => booking.start(s)}
              onCancel={() => booking.askCancel(s)}
              onJoinWaiting={() => booking.start(s, true)}
              onLeaveWaiting={() => void booking.leave(s)}
            />
          ))}
        </ol>
      )}
      {!signedIn && event.sessions.some((s) => hasBooking(s.reservationType)) && (
        <p className="session-panel__login">{t('session.loginForButtons')}</p>
      )}
      <ShareButtons title={event.title} />
      <Modal
        open={asking !== null}
        title={asking?.wait ? t('waiting.questionnaireTitle') : t('questionnaire.title')}
        onClose={booking.closeQuestions}
      >
        {asking && event.questions && (
          <Questionnaire
            questions={event.questions}
            busy={booking.busySession === asking.session.id}
            serverError={booking.questionError}
            submitLabel={asking.wait ? t('waiting.submit') : undefined}
            onSubmit={(answers) => void booking.submit(asking.session, answers, asking.wait)}
            onCancel={booking.closeQuestions}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={confirmCancel !== null}
        title={t('cancelDialog.title')}
        cancelLabel={t('cancelDialog.keep')}
        confirmLabel={t('cancelDialog.confirm')}
        onCancel={() => booking.askCancel(null)}
        onConfirm={() => confirmCancel && void booking.cancel(confirmCancel)}
      >
        {confirmCancel && (
          <>
            <p>
              {t('cancelDialog.question', {
                session: confirmCancel.title,
                date: formatEventDate(confirmCancel.startDateTime, confirmCancel.endDateTime, locale),
              })}
            </p>
            <p>{(confirmCancel.waitingListCount ?? 0) > 0 ? t('cancelDialog.seatToWaiting') : t('cancelDialog.seatFree')}</p>
          </>
        )}
      </ConfirmDialog>
    </aside>
  );
}
