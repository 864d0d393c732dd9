import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { CalendarEntry } from '@hibi/contract/console/calendar';
import { CalendarEntryLink } from './CalendarEntryLink.tsx';
import { DayHeading } from './DayHeading.tsx';

/**
 * The week, Monday to Sunday: seven columns on wide screens, seven days one under the other on phones; every entry of
 * a day in time order, and "nothing scheduled" on a day without any.
 */
export function WeekView({ days, byDay, today, label }: { days: string[]; byDay: Map<string, CalendarEntry[]>; today: string; label: string }) {
  const { t } = useTranslation('consoleCalendar');
  return (
    <ol className="calendar-week" aria-label={label}>
      {days.map((day) => {
        const entries = byDay.get(day) ?? [];
        return (
          <li key={day} className={`calendar-day${day === today ? ' calendar-day--today' : ''}`} aria-current={day === today ? 'date' : undefined}>
            <DayHeading day={day} isToday={day === today} />
            {entries.length > 0 ? (
              <ul className="calendar-day__entries">
                {entries.map((entry) => (
                  <li key={`${entry.kind}-${entry.itemId}-${entry.sessionId ?? ''}`}>
                    <CalendarEntryLink entry={entry} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="calendar-day__none">{t('none')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
