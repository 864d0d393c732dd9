import { Suspense } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { lazyPart } from '../../lib/lazyPart.ts';
import { useSession } from '../../lib/session.ts';

// Each section is its own chunk: the charts' library never loads for a guest.
const HomeCharts = lazyPart('home-charts', () => import('../../features/health/components/HomeCharts.tsx'));
const HomeEvents = lazyPart('home-events', () => import('../../features/events/components/HomeEvents.tsx'));
const HomeAnnouncements = lazyPart('home-announcements', () => import('../../features/announcements/components/HomeAnnouncements.tsx'));
const HomeLibrary = lazyPart('home-library', () => import('../../features/library/components/HomeLibrary.tsx'));

export default function HomePage() {
  const { t } = useTranslation('common');
  const signedIn = useSession() !== null;
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className="home-hero__title">
            {t('home.title')}
          </h1>
          <p className="home-hero__lead">{t('home.lead')}</p>
        </div>
      </section>
      <div className="container home__sections">
        {signedIn && (
          <Suspense fallback={null}>
            <HomeCharts />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <HomeEvents />
        </Suspense>
        <Suspense fallback={null}>
          <HomeAnnouncements />
        </Suspense>
        <Suspense fallback={null}>
          <HomeLibrary />
        </Suspense>
      </div>
    </div>
  );
}
