import { Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { useSession } from '../../../lib/session.ts';
import { lazyPart } from '../../../lib/lazyPart.ts';
import { useHomeEvents } from '../api/get-events.ts';
import { EventGrid } from './EventGrid.tsx';
import '../events.css';

// The carousel is its own small chunk; only guests load it.
const HomeEventsCarousel = lazyPart('home-events-carousel', () => import('./HomeEventsCarousel.tsx'));

/** Home: up to 5 upcoming events in an autoplaying carousel for guests, 3 in a grid for signed-in users (docs/requirements/events.md#events-home). */
export default function HomeEvents() {
  const { t } = useTranslation('events');
  const signedIn = useSession() !== null;
  const query = useHomeEvents(signedIn);
  const events = query.data ?? [];
  return (
    <section className="home-events" aria-labelledby="home-events-title">
      <SectionHeading id="home-events-title" title={t('home.title')} more={{ to: '/events', label: t('home.seeAll') }} />
      <QueryState
        query={query}
        loading={<div className="home-events__placeholder" aria-hidden="true" />}
        isEmpty={events.length === 0}
        empty={t('home.empty')}
        error={t('list.loadFailed')}
      >
        {signedIn ? (
          <EventGrid events={events.slice(0, PAGE_SIZE.homeEventsSignedIn)} />
        ) : (
          // While the carousel chunk loads, the first events sit in the members' grid of 3.
          <Suspense fallback={<EventGrid events={events.slice(0, PAGE_SIZE.homeEventsSignedIn)} />}>
            <HomeEventsCarousel events={events.slice(0, PAGE_SIZE.homeEvents)} />
          </Suspense>
        )}
      </QueryState>
    </section>
  );
}
