import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../components/FormMessage.tsx';
import { getCalendarFeedUrl } from '../api/get-calendar-feed-url.ts';
import { resetCalendarFeedUrl } from '../api/reset-calendar-feed-url.ts';
import { updateReminderSettings } from '../api/update-reminder-settings.ts';
import { useSavedSetting } from '../hooks/useSavedSetting.ts';

type Reminders = { dayBefore: boolean; hourBefore: boolean };

/** Reminder mails before booked sessions: the day before (on by default) and an hour before (issue 19, 2). */
export function ReminderSettings({ initial }: { initial: Reminders }) {
  const { t } = useTranslation('account');
  const { value, busy, message, change } = useSavedSetting(initial, { saved: () => t('reminders.saved'), failed: t('reminders.failed') });
  const id = useId();

  function toggle(key: keyof Reminders, next: boolean) {
    return change({ ...value, [key]: next }, async () => {
      const result = await updateReminderSettings({ [key]: next });
      if (!result.succeed) throw new Error(result.errorCode);
      return result.reminders;
    });
  }

  return (
    <fieldset className="setting" aria-describedby={`${id}-hint ${id}-status`}>
      <legend className="setting__title">{t('reminders.title')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('reminders.hint')}
      </p>
      <div className="setting__options">
        <label className="radio-card">
          <input
            type="checkbox"
            name="reminderDayBefore"
            checked={value.dayBefore}
            disabled={busy}
            onChange={(e) => void toggle('dayBefore', e.target.checked)}
          />
          {t('reminders.dayBefore')}
        </label>
        <label className="radio-card">
          <input
            type="checkbox"
            name="reminderHourBefore"
            checked={value.hourBefore}
            disabled={busy}
            onChange={(e) => void toggle('hourBefore', e.target.checked)}
          />
          {t('reminders.hourBefore')}
        </label>
      </div>
      <StatusMessage id={`${id}-status`} message={message} />
    </fieldset>
  );
}

/** The private calendar subscription of one's bookings: shown on request, copied, or replaced by a new one (issue 19, 3). */
export function CalendarFeed() {
  const { t } = useTranslation('account');
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<StatusText | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const id = useId();

  async function load(reset: boolean) {
    setBusy(true);
    setMessage(null);
    setConfirmReset(false);
    try {
      setUrl(reset ? await resetCalendarFeedUrl() : await getCalendarFeedUrl());
      if (reset) setMessage({ text: t('feed.resetDone'), error: false });
    } catch {
      setMessage({ text: t('feed.failed'), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ text: t('feed.copied'), error: false });
    } catch {
      // No clipboard (an insecure page or a refusal): the field is selected for a manual copy.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setMessage({ text: t('feed.copyManually'), error: true });
    }
  }

  return (
    <div className="setting">
      <h3 className="setting__title">{t('feed.title')}</h3>
      <p className="field__hint">{t('feed.hint')}</p>
      {url === null ? (
        <button type="button" className="button button--outline" disabled={busy} aria-busy={busy} onClick={() => void load(false)}>
          {t('feed.show')}
        </button>
      ) : (
        <div className="field feed">
          <label htmlFor={`${id}-url`}>{t('feed.urlLabel')}</label>
          <div className="feed__row">
            <input id={`${id}-url`} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              {t('feed.copy')}
            </button>
          </div>
          <p className="field__hint">{t('feed.private')}</p>
          <button type="button" className="button button--outline button--small" disabled={busy} onClick={() => setConfirmReset(true)}>
            {t('feed.reset')}
          </button>
        </div>
      )}
      <StatusMessage message={message} />
      <ConfirmDialog
        open={confirmReset}
        title={t('feed.resetTitle')}
        cancelLabel={t('feed.resetNo')}
        confirmLabel={t('feed.resetYes')}
        busy={busy}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => void load(true)}
      >
        <p>{t('feed.resetConfirm')}</p>
      </ConfirmDialog>
    </div>
  );
}
