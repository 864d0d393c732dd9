import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react.tsx';
import { cssVars } from '../lib/cssVars.ts';
import './slider.css';

/** Slides per view by minimum viewport width, widest last: [{ minWidth: 0, perView: 1 }, { minWidth: 768, perView: 3 }]. */
export type Breakpoints = { minWidth: number; perView: number }[];

/**
 * The carousels' layouts. slider.css holds the same table as media queries (`.carousel--<layout>`), so the HTML the
 * server renders shows the visitor's number of slides before the app has run (the server knows no width); a web test
 * reads the stylesheet and keeps the two in step.
 */
export const CAROUSEL_LAYOUTS = {
  /** One slide per view: the image slider of announcements and articles. */
  single: [{ minWidth: 0, perView: 1 }],
  /** Cards: 1, 2 or 3 per view below 426 px, from 426 px and from 768 px wide (the library's pickups). */
  cards: [
    { minWidth: 0, perView: 1 },
    { minWidth: 426, perView: 2 },
    { minWidth: 768, perView: 3 },
  ],
} satisfies Record<string, Breakpoints>;
export type CarouselLayout = keyof typeof CAROUSEL_LAYOUTS;

const subscribers = new Map<CarouselLayout, (onChange: () => void) => () => void>();

/**
 * Slides per view for the window's width, following changes; null on the server and while the browser hydrates its
 * HTML (the stylesheet's media queries size the slides until then).
 */
function usePerView(layout: CarouselLayout): number | null {
  const breakpoints = CAROUSEL_LAYOUTS[layout];
  let subscribe = subscribers.get(layout);
  if (!subscribe) {
    subscribe = (onChange) => {
      const lists = breakpoints.map((b) => window.matchMedia(`(min-width: ${b.minWidth}px)`));
      lists.forEach((l) => l.addEventListener('change', onChange));
      return () => lists.forEach((l) => l.removeEventListener('change', onChange));
    };
    subscribers.set(layout, subscribe);
  }
  const pick = () => {
    let perView: number = breakpoints[0]!.perView;
    for (const b of breakpoints) if (window.matchMedia(`(min-width: ${b.minWidth}px)`).matches) perView = b.perView;
    return perView;
  };
  return useSyncExternalStore(subscribe, pick, () => null);
}

/**
 * A carousel with previous/next buttons (docs/requirements/content.md#content-image-slider): it loops unless everything fits (a single
 * image never loops); slides are 20 px apart, 32 px from 768 px wide. Off-screen slides are inert.
 */
export function Carousel({ items, layout = 'single', label }: { items: ReactNode[]; layout?: CarouselLayout; label: string }) {
  const { t } = useTranslation('sections');
  const known = usePerView(layout);
  const perView = Math.min(known ?? CAROUSEL_LAYOUTS[layout][0]!.perView, Math.max(items.length, 1));
  const positions = Math.max(items.length - perView + 1, 1);
  const loop = positions > 1;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, positions - 1);
  const go = (delta: number) => setIndex((((current + delta) % positions) + positions) % positions);

  return (
    <div className={`carousel carousel--${layout}`} data-count={items.length} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel__viewport">
        {/* Until the width is known, the stylesheet's --per-view holds and every slide can be reached. */}
        <ul className="carousel__track" ref={cssVars(known === null ? { '--index': current } : { '--per-view': perView, '--index': current })}>
          {items.map((item, i) => {
            const shown = i >= current && i < current + perView;
            return (
              <li
                key={i}
                className="carousel__slide"
                aria-roledescription="slide"
                aria-label={t('slider.slide', { n: i + 1, total: items.length })}
                inert={known !== null && !shown}
              >
                {item}
              </li>
            );
          })}
        </ul>
      </div>
      {loop && (
        <div className="carousel__controls">
          <button type="button" className="icon-button carousel__button" onClick={() => go(-1)} aria-label={t('slider.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
          <span className="carousel__status" aria-live="polite">
            {t('slider.position', { n: current + 1, total: positions })}
          </span>
          <button type="button" className="icon-button carousel__button" onClick={() => go(1)} aria-label={t('slider.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** The image slider of announcements and articles: one image per view; a single image is shown without controls. */
export function ImageSlider({ images, alt }: { images: { id: number; url: string }[]; alt: string }) {
  const { t } = useTranslation('sections');
  if (images.length === 0) return null;
  const items = images.map((image, i) => (
    <img
      key={image.id}
      className="image-slider__image"
      src={image.url}
      alt={images.length > 1 ? t('slider.imageOf', { title: alt, n: i + 1 }) : alt}
    />
  ));
  return (
    <div className="image-slider">
      <Carousel items={items} label={t('slider.images', { title: alt })} />
    </div>
  );
}
