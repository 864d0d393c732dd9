import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVars } from '../lib/cssVars.ts';
import './slider.css';

/** Slides per view by minimum viewport width, widest last: [{ minWidth: 0, perView: 1 }, { minWidth: 768, perView: 3 }]. */
export type Breakpoints = { minWidth: number; perView: number }[];

/**
 * Slides per view for the window's width, following changes. A server render (and the browser's hydration of it) uses
 * the narrowest breakpoint's: the server knows no width.
 */
function usePerView(breakpoints: Breakpoints): number {
  const key = JSON.stringify(breakpoints);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = (JSON.parse(key) as Breakpoints).map((b) => window.matchMedia(`(min-width: ${b.minWidth}px)`));
      lists.forEach((l) => l.addEventListener('change', onChange));
      return () => lists.forEach((l) => l.removeEventListener('change', onChange));
    },
    [key],
  );
  const pick = () => {
    let perView = breakpoints[0]?.perView ?? 1;
    for (const b of breakpoints) if (window.matchMedia(`(min-width: ${b.minWidth}px)`).matches) perView = b.perView;
    return perView;
  };
  return useSyncExternalStore(subscribe, pick, () => breakpoints[0]?.perView ?? 1);
}

/**
 * A carousel with previous/next buttons (spec 1 §2 slider rules): it loops unless everything fits (a single
 * image never loops); slides are 20 px apart, 32 px from 768 px wide. Off-screen slides are inert.
 */
export function Carousel({
  items,
  breakpoints = [{ minWidth: 0, perView: 1 }],
  label,
}: {
  items: ReactNode[];
  breakpoints?: Breakpoints;
  label: string;
}) {
  const { t } = useTranslation('sections');
  const perView = Math.min(usePerView(breakpoints), Math.max(items.length, 1));
  const positions = Math.max(items.length - perView + 1, 1);
  const loop = positions > 1;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, positions - 1);
  const go = (delta: number) => setIndex((((current + delta) % positions) + positions) % positions);

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel__viewport">
        <ul className="carousel__track" ref={cssVars({ '--per-view': perView, '--index': current })}>
          {items.map((item, i) => {
            const shown = i >= current && i < current + perView;
            return (
              <li
                key={i}
                className="carousel__slide"
                aria-roledescription="slide"
                aria-label={t('slider.slide', { n: i + 1, total: items.length })}
                inert={!shown}
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
