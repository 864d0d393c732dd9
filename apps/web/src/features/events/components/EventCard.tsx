import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventListItem } from '@hibi/contract/functions/events';
import type { Locale } from '@hibi/contract/locale';
import { formatDate } from '../../../lib/format.ts';
import { eventPlace, formatEventDate } from '../format.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { StatusTag } from './StatusTag.tsx';

/** A card of the events grid: favourite toggle, title, date, place (+ online), status tag, reserved marker or reserve date. */
export function EventCard({ event, headingLevel = 3 }: { event: EventListItem; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('events');
  const locale = (i18n.language === 'en' ? 'en' : 'ja') as Locale;
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const status = event.reserveStatus.status.name;
  const reserveDate =
    event.reserveStatus.date === null
      ? null
      : status === 'before'
        ? t('card.reserveFrom', { date: formatDate(event.reserveStatus.date) })
        : status === 'available' || status === 'full'
          ? t('card.reserveUntil', { date: formatDate(event.reserveStatus.date) })
          : null;
  const place = eventPlace(event, t('card.online'));
  return (
    <article className="event-card">
      <div className="event-card__media">
        <img src={event.thumbnailUrl ?? '/media/events/walking.svg'} alt="" width="400" height="225" loading="lazy" />
        {event.advertising && <span className="tag event-card__ad">{t('card.advertising')}</span>}
      </div>
      <div className="event-card__body">
        <div className="event-card__tags">
          <StatusTag status={event.reserveStatus} />
          {event.isReserved && <span className="tag event-reserved">{t('card.reserved')}</span>}
        </div>
        <Heading className="event-card__title">
          <Link to={`/events/${event.id}`} className="event-card__link">
            {event.title}
          </Link>
        </Heading>
        <p className="event-card__date">{formatEventDate(event.startDateTime, event.endDateTime, locale, event.isOneDay)}</p>
        {place && <p className="event-card__place">{place}</p>}
        {!event.isReserved && reserveDate && <p className="event-card__reserve-date">{reserveDate}</p>}
      </div>
      <div className="event-card__favorite">
        <FavoriteButton eventId={event.id} title={event.title} initial={event.isFavorited} />
      </div>
    </article>
  );
}
