import '../components/events.css';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useMe } from '../../../lib/me.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useCancelReservation, useExportReservations, useSessionReservations } from '../api/events.ts';
import { localized } from '../../../lib/localized.ts';
import { canEditContent } from '../../../lib/roles.ts';

const PER_PAGE = 50;

/**
 * /events/:id/sessions/:sessionId: a session's reservations (name, email, company, answers, reserved at), paged in
 * SQL. Editors and owners cancel one on the member's behalf (confirmed; the member gets a mail, the seat goes to the
 * waiting list) and export the event's reservations as CSV; support reads.
 */
export default function SessionReservationsPage() {
  const { t } = useTranslation('consoleEvents');
  const params = useParams();
  const eventId = Number(params.id);
  const sessionId = Number(params.sessionId);
  const valid = Number.isInteger(eventId) && eventId > 0 && Number.isInteger(sessionId) && sessionId > 0;
  const canEdit = canEditContent(useMe()?.operator.role);
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; name: string } | null>(null);
  const list = useSessionReservations({ eventId: valid ? eventId : 1, sessionId: valid ? sessionId : 1, offset, perPage: PER_PAGE });
  const cancel = useCancelReservation(eventId, sessionId);
  const exportCsv = useExportReservations();

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const data = list.data;
  return (
    <div className="console-page">
      <p>
        <Link to={`/events/${eventId}`}>{t('reservations.back')}</Link>
      </p>
      <div className="console-page__head">
        <h1>{data ? t('reservations.title', { session: localized(data.session.title) }) : t('reservations.titlePlain')}</h1>
        {canEdit && (
          <button
            type="button"
            className="button button--outline"
            disabled={exportCsv.isPending}
            aria-busy={exportCsv.isPending || undefined}
            onClick={() =>
              exportCsv.mutate(eventId, {
                onSuccess: (fileName) => setStatus({ text: t('reservations.exported', { fileName }), error: false }),
                onError: (error) => setStatus({ text: callErrorText(error), error: true }),
              })
            }
          >
            {t('reservations.export')}
          </button>
        )}
      </div>
      {data && (
        <p className="console-meta">
          {localized(data.event.title)} · {formatDateTime(data.session.startAt)} – {formatDateTime(data.session.endAt)} ·{' '}
          {t('sessions.seatsValue', { taken: data.session.reservedCount, capacity: data.session.capacity ?? t('sessions.unlimited') })}
          {data.session.waitingCount > 0 && ` · ${t('sessions.waiting', { n: data.session.waitingCount })}`}
        </p>
      )}
      <p>
        <Link className="button button--primary" to={`/events/${eventId}/sessions/${sessionId}/checkin`}>
          {t('checkin.open')}
        </Link>
      </p>
      {canEdit && <p className="console-muted">{t('reservations.exportHint')}</p>}
      <StatusMessage message={status} />
      <QueryState query={list} isEmpty={(data?.reservations.length ?? 0) === 0} empty={t('reservations.empty')} error={t('reservations.loadError')}>
        {data && (
          <>
            <div className="console-table-wrap" role="region" aria-label={t('reservations.titlePlain')} tabIndex={0}>
              <table className="console-table ev-table ev-table--reservations">
                <caption className="visually-hidden">{t('reservations.titlePlain')}</caption>
                <thead>
                  <tr>
                    {/* Who, whether they came and the cancel button first; the questionnaire's answers last, where the
                        table scrolls sideways with the name kept in view (issue 55, 6; decision 178). */}
                    <th scope="col">{t('reservations.columns.name')}</th>
                    <th scope="col">{t('reservations.columns.checkedIn')}</th>
                    {canEdit && <th scope="col">{t('reservations.columns.actions')}</th>}
                    <th scope="col">{t('reservations.columns.email')}</th>
                    <th scope="col">{t('reservations.columns.company')}</th>
                    <th scope="col">{t('reservations.columns.reservedAt')}</th>
                    {data.questions.map((q, i) => (
                      <th scope="col" key={i} className="ev-answer">
                        {t('reservations.columns.question', { n: i + 1, question: localized(q) })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.reservations.map((r) => (
                    <tr key={r.id}>
                      <td>
                        {r.name}
                        {r.promoted && <span className="console-flag console-flag--muted">{t('reservations.promoted')}</span>}
                      </td>
                      <td>
                        {r.checkedInAt === null ? (
                          <span className="console-muted">{t('reservations.notCheckedIn')}</span>
                        ) : (
                          <time dateTime={new Date(r.checkedInAt).toISOString()}>{formatDateTime(r.checkedInAt)}</time>
                        )}
                      </td>
                      {canEdit && (
                        <td>
                          <button
                            type="button"
                            className="button button--danger button--small"
                            aria-label={t('reservations.cancel', { name: r.name })}
                            onClick={() => setConfirm({ id: r.id, name: r.name })}
                          >
                            {t('reservations.cancelShort')}
                          </button>
                        </td>
                      )}
                      <td>{r.email ?? '—'}</td>
                      <td>{r.company ?? '—'}</td>
                      <td>
                        <time dateTime={new Date(r.reservedAt).toISOString()}>{formatDateTime(r.reservedAt)}</time>
                      </td>
                      {r.answers.map((a, i) => (
                        <td key={i} className="ev-pre ev-answer">
                          {a || '—'}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager offset={offset} perPage={PER_PAGE} total={data.total} onChange={setOffset} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirm !== null}
        title={t('reservations.cancelTitle')}
        confirmLabel={t('reservations.cancelConfirm')}
        cancelLabel={t('actions.cancel')}
        busy={cancel.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          cancel.mutate(confirm.id, {
            onSuccess: (answer) =>
              setStatus({
                text: t(answer.promoted > 0 ? 'reservations.cancelledPromoted' : 'reservations.cancelled', {
                  name: confirm.name,
                  n: answer.promoted,
                }),
                error: false,
              }),
            onError: (error) =>
              setStatus({
                text: callErrorText(error, {
                  noReservation: t('errors.noReservation'),
                  cancellationNotAccepted: t('errors.cancellationNotAccepted'),
                }),
                error: true,
              }),
            onSettled: () => setConfirm(null),
          })
        }
      >
        {confirm && <p>{t('reservations.cancelText', { name: confirm.name })}</p>}
      </ConfirmDialog>
    </div>
  );
}
