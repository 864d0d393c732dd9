import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventDetail } from '@hibi/contract/functions/events';
import type { Locale } from '@hibi/contract/locale';
import { useSession } from '../../../lib/session.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { Sections } from '../../../components/Sections.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { isEventId, useEventDetail } from '../api/get-event.ts';
import { eventPlace, formatEventDate } from '../format.ts';
import { FavoriteButton } from '../components/FavoriteButton.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { SessionPanel } from '../components/SessionPanel.tsx';
import { booksInApp } from '../components/session/rules.ts';
import '../events.css';

function Overview({ event, locale }: { event: EventDetail; locale: Locale }) {
  const { t } = useTranslation('events');
  const place = eventPlace(event, t('card.online'));
  return (
    <section className="event-overview" aria-labelledby="event-overview-title">
      <h2 id="event-overview-title" className="section-title">
        {t('detail.overview')}
      </h2>
      <table className="event-overview__table">
        <tbody>
          <tr>
            <th scope="row">{event.isOneDay ? t('detail.date') : t('detail.period')}</th>
            <td>
              {formatEventDate(event.startDateTime, event.endDateTime, locale)}
              {event.dateRemarks && <span className="event-overview__note">{event.dateRemarks}</span>}
            </td>
          </tr>
          {place && (
            <tr>
              <th scope="row">{t('detail.place')}</th>
              <td>{place}</td>
            </tr>
          )}
          {/* The server answers the sessions' seats when the event names none (decision 178); no row without any booking. */}
          {(event.capacity != null || event.sessions.some((s) => booksInApp(s.reservationType))) && (
            <tr>
              <th scope="row">{t('detail.capacity')}</th>
              <td>{event.capacity == null ? t('detail.noLimit') : t('detail.capacityValue', { count: event.capacity })}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('detail.fee')}</th>
            <td>
              {event.price === 0 ? (
                t('detail.free')
              ) : (
                <>
                  {t('detail.yen', { price: formatNumber(event.price, locale) })}
                  <span className="event-overview__note">{t('detail.payAtVenue')}</span>
                </>
              )}
            </td>
          </tr>
          {event.extraLabel && (
            <tr>
              <th scope="row">{event.extraLabel}</th>
              <td>{event.extraText}</td>
            </tr>
          )}
          {event.reportArticleID != null && (
            <tr>
              <th scope="row">{t('detail.report')}</th>
              <td>
                <Link to={`/library/${event.reportArticleID}`}>{t('detail.reportLink')}</Link>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

export default function EventPage() {
  const { t, i18n } = useTranslation('events');
  const locale = (i18n.language === 'en' ? 'en' : 'ja') as Locale;
  const { id } = useParams();
  const eventId = Number(id);
  const signedIn = useSession() !== null;
  const detail = useEventDetail(eventId, signedIn);
  const event = detail.data;
  usePageMeta(event ? { title: event.title, image: (event.images[0] ?? event.thumbnailImages[0])?.url } : null);
  const notFound = !isEventId(eventId) || detail.isError;
  useNotFound(notFound);

  if (notFound) return <NotFound />;
  if (!event) return <Spinner />;
  const [mainImage, ...moreImages] = event.images.length ? event.images : event.thumbnailImages;
  return (
    <div className="container page event-page">
      <p className="event-page__back">
        <Link to="/events">{t('detail.backToList')}</Link>
      </p>
      <div className="event-layout">
        <article className="event-main">
          <header className="event-head">
            <div className="event-head__tags">
              {event.advertising && <span className="tag event-ad">{t('card.advertising')}</span>}
              <StatusTag status={event.reserveStatus} />
              {event.isReserved && <span className="tag event-reserved">{t('card.reserved')}</span>}
            </div>
            <div className="event-head__title-row">
              <h1 className="page-title event-head__title">{event.title}</h1>
              <FavoriteButton eventId={event.id} title={event.title} initial={event.isFavorited} />
            </div>
            <p className="event-head__date">{formatEventDate(event.startDateTime, event.endDateTime, locale)}</p>
          </header>
          {mainImage && (
            <figure className="event-images">
              <img
                className="event-images__main"
                src={mainImage.url}
                alt={t('detail.imageAlt', { title: event.title, n: 1 })}
                width="800"
                height="450"
              />
              {moreImages.length > 0 && (
                <ul className="event-images__more" aria-label={t('detail.images')}>
                  {moreImages.map((img, i) => (
                    <li key={img.id}>
                      <img src={img.url} alt={t('detail.imageAlt', { title: event.title, n: i + 2 })} width="240" height="135" loading="lazy" />
                    </li>
                  ))}
                </ul>
              )}
            </figure>
          )}
          {signedIn ? (
            <>
              <Overview event={event} locale={locale} />
              {event.sections && event.sections.length > 0 && <Sections sections={event.sections} />}
            </>
          ) : (
            <LoginRequired variant="article" />
          )}
        </article>
        <SessionPanel event={event} signedIn={signedIn} />
      </div>
    </div>
  );
}
