import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE as SIZES } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { eventKeys } from '../api.ts';
import { EventGrid } from './EventGrid.tsx';
import '../events.css';

// The carousel is its own small chunk; only guests load it.
const HomeEventsCarousel = lazy(() => import('./HomeEventsCarousel.tsx'));

/** Home: up to 5 upcoming events in an autoplaying carousel for guests, 3 in a grid for signed-in users (spec 1 §2). */
export default function HomeEvents() {
  const { t } = useTranslation('events');
  const signedIn = useSession() !== null;
  const perPage = signedIn ? SIZES.homeEventsSignedIn : SIZES.homeEvents;
  const query = useQuery({
    queryKey: eventKeys.home(signedIn),
    queryFn: async () => (await callOrThrow('getEvents', { scheduleType: 1, offset: 0, perPage })).events,
  });
  const events = query.data ?? [];
  return (
    <section className="home-events" aria-labelledby="home-events-title">
      <div className="events-section-head">
        <h2 id="home-events-title" className="section-title">
          {t('home.title')}
        </h2>
        <Link to="/events" className="events-see-more">
          {t('home.seeAll')}
        </Link>
      </div>
      {query.isPending ? null : events.length === 0 ? (
        <p className="empty-state">{t('home.empty')}</p>
      ) : signedIn ? (
        <EventGrid events={events.slice(0, SIZES.homeEventsSignedIn)} />
      ) : (
        <Suspense fallback={<EventGrid events={events.slice(0, 3)} />}>
          <HomeEventsCarousel events={events.slice(0, SIZES.homeEvents)} />
        </Suspense>
      )}
    </section>
  );
}
