import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { EventListItem } from '@hibi/contract/functions/events';
import { HOME_AUTOPLAY_MS } from '../../../lib/constants.ts';
import { useMediaQuery } from '../../../lib/useMediaQuery.ts';
import { EventCard } from './EventCard.tsx';

/**
 * The guests' carousel of up to 5 events, autoplaying every 3000 ms (docs/requirements/events.md#events-home): a CSS scroll-snap track moved by
 * a timer, with previous/next buttons, one dot per event and a pause button (WCAG 2.2.2). It pauses while hovered
 * or focused and never moves for users who ask for reduced motion. Swiper was measured at 30 KB gzipped, which put
 * the first screen over its 170 KB budget (docs/decisions/025-events-web.md).
 */
export default function HomeEventsCarousel({ events }: { events: EventListItem[] }) {
  const { t } = useTranslation('events');
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  // Autoplay unless the visitor asks for reduced motion, until they press play or pause. A server render (and its
  // hydration) cannot know the setting and starts playing; the browser's value follows before the first tick.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [picked, setPlaying] = useState<boolean | null>(null);
  const playing = picked ?? !reducedMotion;
  const [held, setHeld] = useState(false);

  /** The first slide whose left edge is in view: what the dots and buttons count from. */
  const currentIndex = useCallback(() => {
    const el = track.current;
    if (!el) return 0;
    const items = [...el.children] as HTMLElement[];
    const left = el.scrollLeft;
    let best = 0;
    items.forEach((item, i) => {
      if (Math.abs(item.offsetLeft - el.offsetLeft - left) < Math.abs((items[best]?.offsetLeft ?? 0) - el.offsetLeft - left)) best = i;
    });
    return best;
  }, []);

  const goTo = useCallback((i: number) => {
    const el = track.current;
    if (!el) return;
    const items = [...el.children] as HTMLElement[];
    const maxScroll = el.scrollWidth - el.clientWidth;
    const target = items[(i + items.length) % items.length];
    if (!target) return;
    el.scrollTo({ left: Math.min(target.offsetLeft - el.offsetLeft, maxScroll), behavior: 'smooth' });
  }, []);

  const next = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const atEnd = el.scrollLeft >= el.scrollWidth - el.clientWidth - 4;
    goTo(atEnd ? 0 : currentIndex() + 1);
  }, [currentIndex, goTo]);

  useEffect(() => {
    if (!playing || held || events.length < 2) return;
    const timer = setInterval(next, HOME_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, held, next, events.length]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(currentIndex());
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [currentIndex]);

  return (
    <div
      className="home-events__carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('home.carousel')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="carousel-controls">
        <button type="button" className="button button--outline button--small" onClick={() => setPlaying(!playing)}>
          {playing ? t('home.pause') : t('home.play')}
        </button>
        <div className="carousel-controls__arrows">
          <button type="button" className="carousel-arrow" aria-label={t('home.prev')} onClick={() => goTo(currentIndex() - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel-arrow" aria-label={t('home.next')} onClick={next}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul className="carousel-track" ref={track}>
        {events.map((event, i) => (
          <li
            key={event.id}
            className="carousel-slide"
            aria-roledescription="slide"
            aria-label={t('home.slideLabel', { index: i + 1, slidesLength: events.length })}
          >
            <EventCard event={event} />
          </li>
        ))}
      </ul>
      <div className="carousel-dots">
        {events.map((event, i) => (
          <button
            key={event.id}
            type="button"
            className={`carousel-dot${i === index ? ' carousel-dot--active' : ''}`}
            aria-label={t('home.goTo', { index: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>
    </div>
  );
}
