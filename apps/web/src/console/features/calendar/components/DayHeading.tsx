import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { tokyoDayStart } from '@hibi/contract/time';
import { formatDateWithWeekday } from '../../../../lib/format.ts';

/**
 * A day's heading: the whole date with its weekday (what a screen reader hears, and what a phone shows), the day's
 * number alone for the month grid on wide screens, and "Today" in words on today.
 */
export function DayHeading({ day, isToday }: { day: string; isToday: boolean }) {
  const { t, i18n } = useTranslation('consoleCalendar');
  return (
    <h3 className="calendar-day__head">
      <span className="calendar-day__num" aria-hidden="true">
        {Number(day.slice(8))}
      </span>
      <span className="calendar-day__label">{formatDateWithWeekday(tokyoDayStart(day), i18n.language === 'en' ? 'en' : 'ja')}</span>
      {isToday && <span className="calendar-day__today">{t('today')}</span>}
    </h3>
  );
}
