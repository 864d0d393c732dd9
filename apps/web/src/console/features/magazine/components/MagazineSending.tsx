import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { ConsoleMagazineIssue } from '@hibi/contract/console/magazine';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useSendMagazineTest } from '../api/send-test.ts';
import { useScheduleMagazineIssue } from '../api/schedule-issue.ts';
import { useCancelMagazineIssue } from '../api/cancel-issue.ts';

/**
 * A saved draft or scheduled issue's sending (docs/requirements/magazine.md#magazine-console): a test mail to the
 * operator's own address, a send time in Japan time (or a new one for a scheduled issue), send now after a question,
 * and cancelling a schedule. They act on the saved issue, so they wait while the form has unsaved changes.
 */
export function MagazineSending({ issue, dirty }: { issue: ConsoleMagazineIssue; dirty: boolean }) {
  const { t } = useTranslation('consoleMagazine');
  const id = useId();
  const test = useSendMagazineTest();
  const schedule = useScheduleMagazineIssue();
  const cancel = useCancelMagazineIssue();
  const scheduled = issue.state === 'scheduled' && issue.sendAt !== null;
  const [at, setAt] = useState(scheduled ? toTokyoInput(issue.sendAt!) : '');
  const [atError, setAtError] = useState<string | null>(null);
  const [testStatus, setTestStatus] = useState<StatusText | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [confirm, setConfirm] = useState<'sendNow' | 'cancel' | null>(null);
  const busy = schedule.isPending || cancel.isPending;
  const subject = localized(issue.subject);
  const codes = { sendAtPast: t('schedule.sendAtPast'), alreadySent: t('schedule.alreadySent'), notScheduled: t('schedule.notScheduled') };

  function sendTest() {
    setTestStatus(null);
    test.mutate(issue.issueID, {
      onSuccess: (answer) =>
        setTestStatus(
          answer.succeed
            ? { text: t('test.sent', { to: answer.to, count: answer.mails }), error: false }
            : { text: failureText(answer, { rateLimited: t('test.rateLimited'), notFound: t('editor.notFound') }), error: true },
        ),
      onError: (thrown) => setTestStatus({ text: callErrorText(thrown, { rateLimited: t('test.rateLimited') }), error: true }),
    });
  }

  function run(sendAt: number | null) {
    setStatus(null);
    schedule.mutate(
      { issueID: issue.issueID, sendAt },
      {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            const text = failureText(answer, codes);
            if (answer.errorCode === 'sendAtPast') return setAtError(text);
            return setStatus({ text, error: true });
          }
          setStatus({
            text: sendAt === null ? t('schedule.sendingStarted') : t('schedule.scheduled', { at: formatDateTime(answer.sendAt) }),
            error: false,
          });
        },
        onError: (thrown) => setStatus({ text: callErrorText(thrown, codes), error: true }),
        onSettled: () => setConfirm(null),
      },
    );
  }

  function scheduleAt() {
    setAtError(null);
    const sendAt = fromTokyoInput(at);
    if (sendAt === null) return setAtError(t('schedule.atRequired'));
    // The server refuses a past time too; said here before asking.
    if (sendAt <= Date.now()) return setAtError(t('schedule.sendAtPast'));
    run(sendAt);
  }

  function cancelSchedule() {
    setStatus(null);
    cancel.mutate(issue.issueID, {
      onSuccess: (answer) => {
        setStatus(answer.succeed ? { text: t('schedule.cancelled'), error: false } : { text: failureText(answer, codes), error: true });
        if (answer.succeed) setAt('');
      },
      onError: (thrown) => setStatus({ text: callErrorText(thrown, codes), error: true }),
      onSettled: () => setConfirm(null),
    });
  }

  return (
    <div className="console-page magazine-panels">
      {dirty && <p className="console-notice">{t('test.saveFirst')}</p>}
      <section className="console-fieldset magazine-panel" aria-labelledby={`${id}-test`}>
        <h2 id={`${id}-test`} className="console-editor__heading">
          {t('test.title')}
        </h2>
        <p className="field__hint">{t('test.hint')}</p>
        <p className="actions-row">
          <button
            type="button"
            className="button button--outline"
            disabled={dirty || test.isPending}
            aria-busy={test.isPending || undefined}
            onClick={sendTest}
          >
            {t('test.button')}
          </button>
        </p>
        <StatusMessage message={testStatus} />
      </section>
      <section className="console-fieldset magazine-panel" aria-labelledby={`${id}-schedule`}>
        <h2 id={`${id}-schedule`} className="console-editor__heading">
          {t('schedule.title')}
        </h2>
        {scheduled && <p className="console-notice">{t('schedule.scheduledFor', { at: formatDateTime(issue.sendAt!) })}</p>}
        <form
          className="magazine-schedule"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            scheduleAt();
          }}
        >
          <Field label={t('schedule.at')} hint={t('schedule.atHint')} error={atError} requiredMark>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                required
                value={at}
                onChange={(event) => {
                  setAt(event.target.value);
                  setAtError(null);
                }}
              />
            )}
          </Field>
          <p className="actions-row">
            <button type="submit" className="button button--primary" disabled={dirty || busy}>
              {scheduled ? t('schedule.reschedule') : t('schedule.schedule')}
            </button>
            <button type="button" className="button button--outline" disabled={dirty || busy} onClick={() => setConfirm('sendNow')}>
              {t('schedule.sendNow')}
            </button>
            {scheduled && (
              <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirm('cancel')}>
                {t('schedule.cancel')}
              </button>
            )}
          </p>
        </form>
        <StatusMessage message={status} />
      </section>
      <ConfirmDialog
        open={confirm === 'sendNow'}
        title={t('schedule.confirmSendNowTitle')}
        confirmLabel={t('schedule.confirmSendNow')}
        cancelLabel={t('schedule.keep')}
        tone="primary"
        busy={schedule.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => run(null)}
      >
        <p>{t('schedule.confirmSendNowText', { subject })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t('schedule.confirmCancelTitle')}
        confirmLabel={t('schedule.confirmCancel')}
        cancelLabel={t('schedule.keep')}
        busy={cancel.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={cancelSchedule}
      >
        <p>{t('schedule.confirmCancelText', { subject, at: issue.sendAt === null ? '' : formatDateTime(issue.sendAt) })}</p>
      </ConfirmDialog>
    </div>
  );
}
