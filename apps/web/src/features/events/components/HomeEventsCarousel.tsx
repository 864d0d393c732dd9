import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import type { EventListItem } from '@hibi/contract/functions/events';
import { HOME_AUTOPLAY_MS, MOBILE_BREAKPOINT_PX } from '@hibi/contract/constants';
import { EventCard } from './EventCard.tsx';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

/**
 * The guests' carousel of up to 5 events, autoplaying every 3000 ms (spec 1 §9). It pauses on hover and has a
 * pause button (WCAG 2.2.2). Swiper only sets element.style from script, which the CSP allows; its CSS comes
 * with this chunk as a file.
 */
export default function HomeEventsCarousel({ events }: { events: EventListItem[] }) {
  const { t } = useTranslation('events');
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);
  const toggle = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };
  return (
    <div className="home-events__carousel" role="region" aria-roledescription="carousel" aria-label={t('home.carousel')}>
      <button type="button" className="button button--outline button--small home-events__pause" onClick={toggle}>
        {playing ? t('home.pause') : t('home.play')}
      </button>
      <Swiper
        modules={[A11y, Autoplay, Navigation, Pagination]}
        onSwiper={setSwiper}
        autoplay={{ delay: HOME_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
        rewind
        navigation
        pagination={{ clickable: true }}
        spaceBetween={16}
        slidesPerView={1.1}
        breakpoints={{ [MOBILE_BREAKPOINT_PX]: { slidesPerView: 3, spaceBetween: 24 } }}
        a11y={{
          enabled: true,
          prevSlideMessage: t('home.prev'),
          nextSlideMessage: t('home.next'),
          firstSlideMessage: t('home.first'),
          lastSlideMessage: t('home.last'),
          paginationBulletMessage: t('home.goTo', { index: '{{index}}' }),
          slideLabelMessage: t('home.slideLabel', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
        }}
      >
        {events.map((event) => (
          <SwiperSlide key={event.id}>
            <EventCard event={event} />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
