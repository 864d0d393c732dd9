import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { CalendarEntry } from '@hibi/contract/console/calendar';
import { tokyoDayStart } from '@hibi/contract/time';
import { formatDateWithWeekday } from '../../../../lib/format.ts';
import { CalendarEntryLink } from './CalendarEntryLink.tsx';
import { DayHeading } from './DayHeading.tsx';

/** Entries a day of the month grid shows on a wide screen; the rest are behind a link to the day's week. */
export const MONTH_CELL_ENTRIES = 3;

/** Monday to Sunday in the operator's language (2024-01-01 was a Monday). */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)));
}

/**
 * The month: on wide screens a grid of its Monday-to-Sunday weeks (days of the neighbouring months muted, up to
 * MONTH_CELL_ENTRIES entries a day and a link to the day's week for the rest); on phones the same list of days reads
 * as an agenda: the month's days that have entries, each under its full date, every entry shown.
 */
export function MonthView({
  days,
  month,
  byDay,
  today,
  weekOf,
  label,
}: {
  days: string[];
  /** The month's first day (YYYY-MM-01). */
  month: string;
  byDay: Map<string, CalendarEntry[]>;
  today: string;
  weekOf: (day: string) => string;
  label: string;
}) {
  const { t, i18n } = useTranslation('consoleCalendar');
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const inMonth = (day: string) => day.slice(0, 7) === month.slice(0, 7);
  return (
    <div className="calendar-month">
      <ol className="calendar-weekdays" aria-hidden="true">
        {weekdayNames(lang === 'en' ? 'en-US' : 'ja-JP').map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
      <ol className="calendar-grid" aria-label={label}>
        {days.map((day) => {
          const entries = byDay.get(day) ?? [];
          const more = entries.length - MONTH_CELL_ENTRIES;
          const classes = [
            'calendar-day',
            inMonth(day) ? '' : 'calendar-day--outside',
            entries.length === 0 ? 'calendar-day--empty' : '',
            day === today ? 'calendar-day--today' : '',
          ];
          return (
            <li key={day} className={classes.filter(Boolean).join(' ')} aria-current={day === today ? 'date' : undefined}>
              <DayHeading day={day} isToday={day === today} />
              {entries.length > 0 && (
                <ul className="calendar-day__entries">
                  {entries.map((entry) => (
                    <li key={`${entry.kind}-${entry.itemId}-${entry.sessionId ?? ''}`}>
                      <CalendarEntryLink entry={entry} />
                    </li>
                  ))}
                </ul>
              )}
              {more > 0 && (
                <Link
                  className="calendar-day__more"
                  to={weekOf(day)}
                  aria-label={t('moreLabel', { day: formatDateWithWeekday(tokyoDayStart(day), lang), count: more })}
                >
                  {t('more', { count: more })}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
