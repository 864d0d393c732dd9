import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CALENDAR_KIND_ITEM, type CalendarEntry } from '@hibi/contract/console/calendar';
import { formatDate, formatTime } from '../../../../lib/format.ts';
import { spansDays } from './calendarDays.ts';

/** States whose items members do not see: marked in words and with a dashed edge. */
const HIDDEN_STATES = new Set(['draft', 'unpublished']);

/** An entry's time: its moment, a session's start and end, with the dates when a session runs over midnight. */
function timeText(entry: CalendarEntry): string {
  if (entry.endAt === null) return formatTime(entry.at);
  if (spansDays(entry)) {
    return `${formatDate(entry.at).slice(5)} ${formatTime(entry.at)} – ${formatDate(entry.endAt).slice(5)} ${formatTime(entry.endAt)}`;
  }
  return `${formatTime(entry.at)}–${formatTime(entry.endAt)}`;
}

/**
 * One entry of the calendar: a link to the item's editor (/console/announcements/:id, …/articles/:id, …/events/:id,
 * …/surveys/:id) whose text says what it is (the kind in words, not only its colour), when, the item's title and, for
 * an item members do not see, its state.
 */
export function CalendarEntryLink({ entry }: { entry: CalendarEntry }) {
  const { t, i18n } = useTranslation('consoleCalendar');
  const en = i18n.language === 'en';
  const item = CALENDAR_KIND_ITEM[entry.kind];
  const hidden = HIDDEN_STATES.has(entry.state);
  const title = (en && entry.title.en) || entry.title.ja;
  const session = entry.sessionTitle && ((en && entry.sessionTitle.en) || entry.sessionTitle.ja);
  return (
    <Link to={`/${item}s/${entry.itemId}`} className={`calendar-entry calendar-entry--${item}${hidden ? ' calendar-entry--hidden' : ''}`}>
      <span className="calendar-entry__meta">
        <span className="calendar-entry__kind">{t(`kinds.${entry.kind}`)}</span>{' '}
        <time className="calendar-entry__time" dateTime={new Date(entry.at).toISOString()}>
          {timeText(entry)}
        </time>
        {hidden && (
          <>
            {' '}
            <span className="calendar-entry__state">{t(`states.${entry.state}`)}</span>
          </>
        )}
      </span>{' '}
      <span className="calendar-entry__title">
        {title}
        {session && <span className="calendar-entry__session"> · {session}</span>}
      </span>
    </Link>
  );
}
