import '../calendar.css';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CALENDAR_ITEM_TYPES, CALENDAR_MAX_ENTRIES } from '@hibi/contract/console/calendar';
import { tokyoDayStart } from '@hibi/contract/time';
import { QueryState } from '../../../../components/QueryState.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { calendarQuery, useContentCalendar } from '../api/calendar.ts';
import { daysBetween, entriesByDay, neighbourRanges, type CalendarView } from '../components/calendarDays.ts';
import { GoToForm } from '../components/GoToForm.tsx';
import { MonthView } from '../components/MonthView.tsx';
import { WeekView } from '../components/WeekView.tsx';
import { useCalendarView } from '../hooks/useCalendarView.ts';

/**
 * /calendar (issue 36, item 3; decision 156): everything scheduled, by month or by week, in Japan time: publish times
 * of announcements, articles and events, event sessions, booking windows, survey windows. Each entry links to its
 * editor. The view and the day live in the query string, so the back button and a shared link keep the place.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation('consoleCalendar');
  const cal = useCalendarView();
  const { view, date, range } = cal;
  const calendar = useContentCalendar(range);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locale = i18n.language === 'en' ? 'en-US' : 'ja-JP';

  // The neighbouring month or week is read ahead, so "next" and "previous" show at once.
  useEffect(() => {
    if (calendar.isSuccess) for (const r of neighbourRanges(view, date)) void queryClient.prefetchQuery(calendarQuery(r));
  }, [calendar.isSuccess, view, date, queryClient]);

  const days = useMemo(() => daysBetween(range.from, range.to), [range.from, range.to]);
  const byDay = useMemo(() => entriesByDay(calendar.data?.entries ?? [], range.from, range.to), [calendar.data, range.from, range.to]);
  const period =
    view === 'month'
      ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.parse(`${date.slice(0, 7)}-01T00:00:00Z`))
      : t('weekOf', { from: formatDate(tokyoDayStart(range.from)), to: formatDate(tokyoDayStart(range.to)) });

  const viewLink = (v: CalendarView) => (
    <Link
      to={cal.viewLink(v)}
      className={`calendar-views__link${view === v ? ' calendar-views__link--current' : ''}`}
      aria-current={view === v ? 'true' : undefined}
    >
      {t(`view.${v}`)}
    </Link>
  );

  return (
    <div className="console-page calendar">
      <h1>{t('title')}</h1>
      <p className="console-muted">{t('intro')}</p>
      <div className="calendar-toolbar">
        <div className="calendar-views" role="group" aria-label={t('view.label')}>
          {viewLink('month')}
          {viewLink('week')}
        </div>
        <nav className="calendar-nav" aria-label={t('nav.label')}>
          {cal.previous && (
            <Link className="button button--outline button--small" to={cal.previous}>
              {t(view === 'month' ? 'nav.previousMonth' : 'nav.previousWeek')}
            </Link>
          )}
          <Link className="button button--outline button--small" to={cal.todayLink}>
            {t('nav.today')}
          </Link>
          {cal.next && (
            <Link className="button button--outline button--small" to={cal.next}>
              {t(view === 'month' ? 'nav.nextMonth' : 'nav.nextWeek')}
            </Link>
          )}
        </nav>
        <GoToForm key={date} view={view} date={date} onGo={(day) => void navigate(cal.dayIn(view, day))} />
      </div>
      <h2 className="calendar-period" aria-live="polite">
        {period}
      </h2>
      <ul className="calendar-legend" aria-label={t('legend.label')}>
        {CALENDAR_ITEM_TYPES.map((item) => (
          <li key={item}>
            <span className={`calendar-swatch calendar-swatch--${item}`} aria-hidden="true" />
            {t(`legend.${item}`)}
          </li>
        ))}
        <li>
          <span className="calendar-swatch calendar-swatch--hidden" aria-hidden="true" />
          {t('legend.hidden')}
        </li>
      </ul>
      <QueryState query={calendar} error={t('loadError')}>
        {calendar.data && (
          <>
            {calendar.data.entries.length === 0 && <p className="empty-state">{t(view === 'month' ? 'emptyMonth' : 'emptyWeek')}</p>}
            {calendar.data.truncated && <p className="calendar-note">{t('truncated', { max: CALENDAR_MAX_ENTRIES })}</p>}
            {view === 'month' ? (
              <MonthView days={days} month={date} byDay={byDay} today={cal.today} weekOf={cal.weekOf} label={period} />
            ) : (
              <WeekView days={days} byDay={byDay} today={cal.today} label={period} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
