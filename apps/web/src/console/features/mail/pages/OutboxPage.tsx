import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_STATES, type MailState, type OutboxRow } from '@hibi/contract/console/people';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { OUTBOX_PAGE_SIZE, useOutbox, useRetryMail, type OutboxFilters } from '../api/outbox.ts';

const STATE_CLASS: Partial<Record<MailState, string>> = {
  sent: ' console-state--published',
  queued: ' console-state--scheduled',
  failed: ' console-state--unpublished',
  unconfirmed: ' console-state--unpublished',
};

/**
 * The mail outbox (support and owners): every mail with its kind, recipient, state, attempts, last error and times,
 * newest first; never a body (it may hold a link). A failed mail can be queued again.
 */
export default function OutboxPage() {
  const { t } = useTranslation('consoleMail');
  const [draft, setDraft] = useState<{ state: MailState | ''; recipient: string }>({ state: '', recipient: '' });
  const [filters, setFilters] = useState<OutboxFilters>({});
  const [offset, setOffset] = useState(0);
  const outbox = useOutbox(filters, offset);
  const retry = useRetryMail();
  const [pending, setPending] = useState<OutboxRow | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const rows = outbox.data?.mails ?? [];

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...(draft.state ? { state: draft.state } : {}), ...(draft.recipient.trim() ? { recipient: draft.recipient.trim() } : {}) });
    setOffset(0);
  }

  function runRetry(row: OutboxRow) {
    retry.mutate(row.id, {
      onSuccess: (answer) =>
        setStatus(
          answer.succeed
            ? { text: t('retried', { to: row.recipient }), error: false }
            : { text: failureText(answer, { notFailed: t('errors.notFailed'), bodyGone: t('errors.bodyGone') }), error: true },
        ),
      onError: (error) => setStatus({ text: callErrorText(error), error: true }),
      onSettled: () => setPending(null),
    });
  }

  return (
    <div className="console-page">
      <h1>{t('title')}</h1>
      <p className="console-muted">{t('intro')}</p>
      <form className="console-filters" role="search" aria-label={t('filters')} onSubmit={apply}>
        <Field label={t('state')}>
          {(control) => (
            <select {...control} value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as MailState | '' })}>
              <option value="">{t('anyState')}</option>
              {MAIL_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('recipient')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={draft.recipient}
              maxLength={200}
              onChange={(e) => setDraft({ ...draft, recipient: e.target.value })}
            />
          )}
        </Field>
        <button type="submit" className="button button--outline">
          {t('apply')}
        </button>
      </form>
      <StatusMessage message={status} />
      <QueryState query={outbox} isEmpty={rows.length === 0} empty={t('empty')} error={t('loadError')}>
        <div className="console-table-wrap" role="region" aria-label={t('title')} tabIndex={0}>
          <table className="console-table console-table--people">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('createdAt')}</th>
                <th scope="col">{t('kind')}</th>
                <th scope="col">{t('recipient')}</th>
                <th scope="col">{t('state')}</th>
                <th scope="col">{t('attempts')}</th>
                <th scope="col">{t('lastError')}</th>
                <th scope="col">{t('sentAt')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td>{t(`kinds.${row.kind}`, { defaultValue: row.kind })}</td>
                  <td className="console-break">{row.recipient}</td>
                  <td>
                    <span className={`console-state${STATE_CLASS[row.state] ?? ''}`}>{t(`states.${row.state}`)}</span>
                    {row.nextAttemptAt !== null && row.attempts > 0 && (
                      <div className="console-muted">{t('nextAttempt', { at: formatDateTime(row.nextAttemptAt) })}</div>
                    )}
                  </td>
                  <td>{row.attempts}</td>
                  <td className="console-break">{row.lastError ?? '—'}</td>
                  <td>{row.sentAt === null ? '—' : formatDateTime(row.sentAt)}</td>
                  <td>
                    {row.state === 'failed' && (
                      <button
                        type="button"
                        className="button button--outline button--small"
                        aria-label={`${t('retry')} ${row.recipient}`}
                        onClick={() => setPending(row)}
                      >
                        {t('retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager offset={offset} perPage={OUTBOX_PAGE_SIZE} total={outbox.data?.total ?? 0} onChange={setOffset} />
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t('confirmRetry', { to: pending.recipient }) : ''}
        confirmLabel={t('retry')}
        cancelLabel={t('cancel')}
        tone="primary"
        busy={retry.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && runRetry(pending)}
      >
        <p>{t('confirmRetryText')}</p>
      </ConfirmDialog>
    </div>
  );
}
