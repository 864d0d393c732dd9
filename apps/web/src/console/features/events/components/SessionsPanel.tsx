import './events.css';
import { useState } from 'react';
import { FormProvider, useForm, get, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { sessionInputSchema, type ConsoleEvent, type ConsoleSession, type SessionInput } from '@hibi/contract/console/events';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { useDeleteSession, useSaveSession } from '../api/events.ts';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { fromLocalized, type LocalizedForm } from '../../../components/editor/values.ts';
import { localized } from '../../../lib/localized.ts';

interface SessionValues {
  title: LocalizedForm;
  providingType: '1' | '2';
  reservationType: '0' | '1' | '2';
  startAt: string;
  endAt: string;
  capacity: string;
  entryUnitType: '1' | '2';
  reservationStartAt: string;
  reservationEndAt: string;
  url: string;
  externalFull: boolean;
  sort: string;
}

function toValues(s: ConsoleSession | null, next: number): SessionValues {
  return {
    title: fromLocalized(s?.title),
    providingType: String(s?.providingType ?? 1) as SessionValues['providingType'],
    reservationType: String(s?.reservationType ?? 1) as SessionValues['reservationType'],
    startAt: s ? toTokyoInput(s.startAt) : '',
    endAt: s ? toTokyoInput(s.endAt) : '',
    capacity: s?.capacity == null ? '' : String(s.capacity),
    entryUnitType: String(s?.entryUnitType ?? 1) as SessionValues['entryUnitType'],
    reservationStartAt: s?.reservationStartAt == null ? '' : toTokyoInput(s.reservationStartAt),
    reservationEndAt: s?.reservationEndAt == null ? '' : toTokyoInput(s.reservationEndAt),
    url: s?.url ?? '',
    externalFull: s?.externalFull ?? false,
    sort: String(s?.sort ?? next),
  };
}

const timeOrNull = (value: string) => (value.trim() === '' ? null : (fromTokyoInput(value) ?? Number.NaN));

/**
 * An event's sessions: the table (times, seats taken of capacity, waiting, booking window) with links to each
 * session's reservations; editors add, edit and delete them. Fewer seats than are taken is refused by the server.
 */
export function SessionsPanel({ event, canEdit }: { event: ConsoleEvent; canEdit: boolean }) {
  const { t } = useTranslation('consoleEvents');
  const [editing, setEditing] = useState<ConsoleSession | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConsoleSession | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const remove = useDeleteSession();

  return (
    <section className="console-page console-editor" aria-labelledby="sessions-title">
      <div className="console-page__head">
        <h2 id="sessions-title">{t('sessions.title')}</h2>
        {canEdit && editing === null && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t('sessions.add')}
          </button>
        )}
      </div>
      <StatusMessage message={status} />
      {event.sessions.length === 0 ? (
        <p className="empty-state">{t('sessions.empty')}</p>
      ) : (
        <div className="console-table-wrap" role="region" aria-label={t('sessions.title')} tabIndex={0}>
          <table className="console-table ev-table">
            <caption className="visually-hidden">{t('sessions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sessions.columns.title')}</th>
                <th scope="col">{t('sessions.columns.when')}</th>
                <th scope="col">{t('sessions.columns.type')}</th>
                <th scope="col">{t('sessions.columns.seats')}</th>
                <th scope="col">{t('sessions.columns.window')}</th>
                <th scope="col">{t('sessions.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {event.sessions.map((s) => (
                <tr key={s.id}>
                  <td>{localized(s.title)}</td>
                  <td>
                    {formatDateTime(s.startAt)} – {formatDateTime(s.endAt)}
                  </td>
                  <td>{t(`reservationTypes.${s.reservationType}`)}</td>
                  <td>
                    {t('sessions.seatsValue', { taken: s.reservedCount, capacity: s.capacity ?? t('sessions.unlimited') })}
                    {s.waitingCount > 0 && <span className="console-muted"> {t('sessions.waiting', { n: s.waitingCount })}</span>}
                  </td>
                  <td>
                    {s.reservationStartAt === null ? t('sessions.fromPublish') : formatDateTime(s.reservationStartAt)} –{' '}
                    {s.reservationEndAt === null ? t('sessions.untilStart') : formatDateTime(s.reservationEndAt)}
                  </td>
                  <td className="console-table__actions">
                    <Link className="button button--outline button--small" to={`/events/${event.id}/sessions/${s.id}`}>
                      {t('sessions.reservations', { title: localized(s.title) })}
                    </Link>
                    {canEdit && (
                      <>
                        <button type="button" className="button button--outline button--small" onClick={() => setEditing(s)}>
                          {t('sessions.edit', { title: localized(s.title) })}
                        </button>
                        <button type="button" className="button button--danger button--small" onClick={() => setConfirm(s)}>
                          {t('sessions.delete', { title: localized(s.title) })}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canEdit && editing !== null && (
        <SessionForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={event.id}
          session={editing === 'new' ? null : editing}
          next={event.sessions.length}
          onDone={(text) => {
            setEditing(null);
            if (text) setStatus({ text, error: false });
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('sessions.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(
            { eventId: event.id, id: confirm.id },
            {
              onSuccess: () => setStatus({ text: t('sessions.deleted', { title: localized(confirm.title) }), error: false }),
              onError: (error) =>
                setStatus({ text: callErrorText(error, { sessionHasReservations: t('errors.sessionHasReservations') }), error: true }),
              onSettled: () => setConfirm(null),
            },
          )
        }
      >
        {confirm && <p>{t('sessions.deleteText', { title: localized(confirm.title) })}</p>}
      </ConfirmDialog>
    </section>
  );
}

function SessionForm({
  eventId,
  session,
  next,
  onDone,
}: {
  eventId: number;
  session: ConsoleSession | null;
  next: number;
  onDone: (status: string | null) => void;
}) {
  const { t } = useTranslation('consoleEvents');
  const save = useSaveSession();
  const [error, setError] = useState<string | null>(null);
  const resolver: Resolver<SessionValues, unknown, SessionInput> = async (values, context, options) => {
    const payload = {
      eventId,
      ...(session ? { id: session.id } : {}),
      title: values.title,
      providingType: Number(values.providingType),
      reservationType: Number(values.reservationType),
      startAt: fromTokyoInput(values.startAt) ?? undefined,
      endAt: fromTokyoInput(values.endAt) ?? undefined,
      capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
      entryUnitType: Number(values.entryUnitType),
      reservationStartAt: timeOrNull(values.reservationStartAt),
      reservationEndAt: timeOrNull(values.reservationEndAt),
      // The external booking site, or an online session's join link (decision 178).
      url: (values.reservationType === '2' || values.providingType === '2') && values.url.trim() !== '' ? values.url.trim() : null,
      externalFull: values.reservationType === '2' && values.externalFull,
      sort: values.sort.trim() === '' ? 0 : Number(values.sort),
    };
    return (zodResolver(sessionInputSchema) as unknown as Resolver<typeof payload, unknown, SessionInput>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<SessionValues, unknown, SessionInput>({ defaultValues: toValues(session, next), resolver, mode: 'onSubmit' });
  const errorOf = (path: string) => fieldErrorText(get(form.formState.errors, path));
  const external = form.watch('reservationType') === '2';
  const online = form.watch('providingType') === '2';
  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            return setError(
              failureText(answer, {
                notFound: t('errors.notFound'),
                // The server names the seats taken at the moment of the save (the page's copy may be older).
                capacityBelowReserved: t('errors.capacityBelowReserved', {
                  taken: (answer as { reservedCount?: number }).reservedCount ?? session?.reservedCount ?? 0,
                }),
              }),
            );
          }
          onDone(t('sessions.saved', { title: payload.title.ja }));
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => setError(t('editor.fixErrors')),
  );
  const select = (name: keyof SessionValues, label: string, options: readonly string[], prefix: string) => (
    <Field label={label}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          {options.map((v) => (
            <option key={v} value={v}>
              {t(`${prefix}.${v}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <FormProvider {...form}>
      <form
        className="console-form ev-subform"
        noValidate
        aria-labelledby="session-form-title"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3 id="session-form-title">{session ? t('sessions.editTitle') : t('sessions.newTitle')}</h3>
        <FormError>{error}</FormError>
        <LocalizedInput name="title" label={t('sessions.fields.title')} required maxLength={200} />
        <div className="ev-grid">
          {select('reservationType', t('sessions.fields.reservationType'), ['1', '0', '2'], 'reservationTypes')}
          {select('providingType', t('sessions.fields.providingType'), ['1', '2'], 'providingTypes')}
          {select('entryUnitType', t('sessions.fields.entryUnitType'), ['1', '2'], 'entryUnitTypes')}
        </div>
        <div className="ev-grid">
          <Field label={t('fields.startAt')} hint={t('fields.tokyoHint')} error={errorOf('startAt')} requiredMark>
            {(control) => <input {...control} {...form.register('startAt')} type="datetime-local" required />}
          </Field>
          <Field label={t('fields.endAt')} error={errorOf('endAt')} requiredMark>
            {(control) => <input {...control} {...form.register('endAt')} type="datetime-local" required />}
          </Field>
        </div>
        <div className="ev-grid">
          <Field
            label={t('sessions.fields.capacity')}
            hint={session ? t('sessions.fields.capacityTaken', { taken: session.reservedCount }) : t('fields.capacityHint')}
            error={errorOf('capacity')}
          >
            {(control) => <input {...control} {...form.register('capacity')} type="number" inputMode="numeric" min={0} step={1} />}
          </Field>
          <Field label={t('sessions.fields.sort')} error={errorOf('sort')}>
            {(control) => <input {...control} {...form.register('sort')} type="number" inputMode="numeric" min={0} step={1} />}
          </Field>
        </div>
        <fieldset className="console-fieldset">
          <legend>{t('sessions.fields.window')}</legend>
          <div className="ev-grid">
            <Field label={t('sessions.fields.windowStart')} hint={t('sessions.fields.windowStartHint')} error={errorOf('reservationStartAt')}>
              {(control) => <input {...control} {...form.register('reservationStartAt')} type="datetime-local" />}
            </Field>
            <Field label={t('sessions.fields.windowEnd')} hint={t('sessions.fields.windowEndHint')} error={errorOf('reservationEndAt')}>
              {(control) => <input {...control} {...form.register('reservationEndAt')} type="datetime-local" />}
            </Field>
          </div>
        </fieldset>
        {online && !external && (
          <fieldset className="console-fieldset">
            <legend>{t('sessions.fields.online')}</legend>
            <Field label={t('sessions.fields.joinUrl')} hint={t('sessions.fields.joinUrlHint')} error={errorOf('url')}>
              {(control) => <input {...control} {...form.register('url')} type="url" inputMode="url" maxLength={2000} placeholder="https://" />}
            </Field>
          </fieldset>
        )}
        {external && (
          <fieldset className="console-fieldset">
            <legend>{t('sessions.fields.external')}</legend>
            <Field label={t('sessions.fields.url')} error={errorOf('url')} requiredMark>
              {(control) => <input {...control} {...form.register('url')} type="url" inputMode="url" maxLength={2000} required />}
            </Field>
            <label className="console-check">
              <input type="checkbox" {...form.register('externalFull')} />
              {t('sessions.fields.externalFull')}
            </label>
          </fieldset>
        )}
        <div className="console-savebar">
          <button type="button" className="button button--outline" onClick={() => onDone(null)}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {t('sessions.save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
