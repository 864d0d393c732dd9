import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { MAIL_STATES, type MailState, type OutboxRow } from '@hibi/contract/console/people';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { OUTBOX_PAGE_SIZE, useOutbox, useRetryMail, type OutboxFilters } from '../api/outbox.ts';

const STATE_CLASS: Partial<Record<MailState, string>> = {
  sent: ' console-state--published',
  queued: ' console-state--scheduled',
  failed: ' console-state--unpublished',
  unconfirmed: ' console-state--unpublished',
};

const LIST = defineList({
  filters: { state: { kind: 'choice', values: MAIL_STATES }, recipient: { kind: 'text', maxLength: 200 } },
  sorts: [],
  perPage: OUTBOX_PAGE_SIZE,
});

/**
 * The mail outbox (support and owners): every mail with its kind, recipient, state, attempts, last error and times,
 * newest first; never a body (it may hold a link). A failed mail can be queued again.
 */
export default function OutboxPage() {
  const { t } = useTranslation('consolePeople');
  const list = useListState(LIST);
  const { state, recipient } = list.filters;
  const filters: OutboxFilters = { ...(state ? { state: state as MailState } : {}), ...(recipient ? { recipient } : {}) };
  const outbox = useOutbox(filters, list.offset);
  const retry = useRetryMail();
  const [pending, setPending] = useState<OutboxRow | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const rows = outbox.data?.mails ?? [];

  function runRetry(row: OutboxRow) {
    retry.mutate(row.id, {
      onSuccess: (answer) =>
        setStatus(
          answer.succeed
            ? { text: t('mail.retried', { to: row.recipient }), error: false }
            : { text: failureText(answer, { notFailed: t('mail.errors.notFailed'), bodyGone: t('mail.errors.bodyGone') }), error: true },
        ),
      onError: (error) => setStatus({ text: callErrorText(error), error: true }),
      onSettled: () => setPending(null),
    });
  }

  const columns: ListColumn<OutboxRow>[] = [
    { key: 'createdAt', header: t('mail.createdAt'), cell: (row) => formatDateTime(row.createdAt) },
    { key: 'kind', header: t('mail.kind'), cell: (row) => t(`mail.kinds.${row.kind}`, { defaultValue: row.kind }) },
    { key: 'recipient', header: t('mail.recipient'), primary: true, breakAnywhere: true, cell: (row) => row.recipient },
    {
      key: 'state',
      header: t('mail.state'),
      cell: (row) => (
        <>
          <span className={`console-state${STATE_CLASS[row.state] ?? ''}`}>{t(`mail.states.${row.state}`)}</span>
          {row.nextAttemptAt !== null && row.attempts > 0 && (
            <div className="console-muted">{t('mail.nextAttempt', { at: formatDateTime(row.nextAttemptAt) })}</div>
          )}
        </>
      ),
    },
    { key: 'attempts', header: t('mail.attempts'), cell: (row) => row.attempts },
    { key: 'lastError', header: t('mail.lastError'), breakAnywhere: true, cell: (row) => row.lastError ?? '—' },
    { key: 'sentAt', header: t('mail.sentAt'), cell: (row) => (row.sentAt === null ? '—' : formatDateTime(row.sentAt)) },
  ];

  return (
    <div className="console-page">
      <h1>{t('mail.title')}</h1>
      <p className="console-muted">{t('mail.intro')}</p>
      <ConsoleList
        list={list}
        label={t('mail.title')}
        query={outbox}
        rows={rows}
        total={outbox.data?.total ?? 0}
        rowKey={(row) => row.id}
        wide
        columns={columns}
        filters={[
          { name: 'state', label: t('mail.state'), anyLabel: t('mail.anyState'), optionLabel: (s) => t(`mail.states.${s}`) },
          { name: 'recipient', label: t('mail.recipient') },
        ]}
        searchLabel={t('mail.filters')}
        submitLabel={t('mail.apply')}
        notice={<StatusMessage message={status} />}
        empty={t('mail.empty')}
        error={t('mail.loadError')}
        actions={{
          header: t('mail.actions'),
          cell: (row) =>
            row.state === 'failed' && (
              <button
                type="button"
                className="button button--outline button--small"
                aria-label={`${t('mail.retry')} ${row.recipient}`}
                onClick={() => setPending(row)}
              >
                {t('mail.retry')}
              </button>
            ),
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t('mail.confirmRetry', { to: pending.recipient }) : ''}
        confirmLabel={t('mail.retry')}
        cancelLabel={t('mail.cancel')}
        tone="primary"
        busy={retry.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && runRetry(pending)}
      >
        <p>{t('mail.confirmRetryText')}</p>
      </ConfirmDialog>
    </div>
  );
}
