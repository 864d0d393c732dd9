import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';

/**
 * The stamp card (docs/requirements/points.md#points-missions): a grid of `cardSize` cells with the current card's
 * stamps (`stamps % cardSize`), the cards completed so far and the bonus of a full card. The grid is one image for
 * assistive technology, named by the same words the card shows ("3 of 10 stamps on this card").
 */
export function StampCard({
  stamps,
  cardSize,
  cardBonus,
  cardsCompleted,
}: {
  stamps: number;
  cardSize: number;
  cardBonus: number;
  cardsCompleted: number;
}) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const size = Math.max(1, cardSize);
  const onCard = stamps % size;
  const text = t('stamps.cardText', { stamps: onCard, size });
  return (
    <section className="points-section stamp-card card" aria-labelledby="stamp-card-title">
      <h2 className="points-section__title" id="stamp-card-title">
        {t('stamps.title')}
      </h2>
      <div className="stamp-card__grid" role="img" aria-label={text}>
        {Array.from({ length: size }, (_, i) => (
          <span key={i} className={`stamp-card__cell${i < onCard ? ' stamp-card__cell--stamped' : ''}`} aria-hidden="true">
            {i < onCard ? '\u2605' : i + 1}
          </span>
        ))}
      </div>
      <p className="stamp-card__text" aria-hidden="true">
        {text}
      </p>
      <p className="stamp-card__togo">{t('stamps.toGo', { count: size - onCard })}</p>
      <p className="stamp-card__done">{t('stamps.cardsCompleted', { count: cardsCompleted })}</p>
      <p className="stamp-card__rule">{t('stamps.rule', { size, bonus: formatNumber(cardBonus, locale) })}</p>
    </section>
  );
}
