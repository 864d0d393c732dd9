import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { readView, type CalendarView } from './calendarDays.ts';

/**
 * "Go to a date": a day typed or picked, shown once the form is sent (a date field changes with every digit typed, so
 * it does not move the calendar by itself). The page gives it a key per shown day, so it starts from that day.
 */
export function GoToForm({ view, date, onGo }: { view: CalendarView; date: string; onGo: (day: string) => void }) {
  const { t } = useTranslation('consoleCalendar');
  const [value, setValue] = useState(date);
  const [invalid, setInvalid] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    // The same check as the query string's: a real day the calendar can show.
    const valid = readView(new URLSearchParams({ view, date: value }), '').date === value;
    setInvalid(!valid);
    if (valid) onGo(value);
  }
  return (
    <form className="calendar-goto" onSubmit={submit} aria-label={t('goTo.form')} noValidate>
      <Field label={t('goTo.label')} error={invalid ? t('goTo.invalid') : undefined}>
        {(control) => <input {...control} type="date" min="2000-01-01" max="2999-12-31" value={value} onChange={(e) => setValue(e.target.value)} />}
      </Field>
      <button type="submit" className="button button--outline button--small">
        {t('goTo.submit')}
      </button>
    </form>
  );
}
