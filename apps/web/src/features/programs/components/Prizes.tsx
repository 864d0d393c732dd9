import type { Challenge } from '../api/get-individual-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';

/** The challenge's prizes in draw order, each with its number of winners. */
export function Prizes({ prizes }: { prizes: Challenge['prizes'] }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  return (
    <section className="program-section" aria-labelledby="program-prizes-title">
      <h2 className="program-section__title" id="program-prizes-title">
        {t('challenge.prizes')}
      </h2>
      {prizes.length === 0 ? (
        <p className="empty-state">{t('challenge.noPrizes')}</p>
      ) : (
        <ol className="program-prizes">
          {prizes.map((prize, i) => (
            <li key={i}>
              <span className="program-prizes__name">{prize.name}</span>{' '}
              <span className="program-prizes__count">{t('challenge.prizeWinners', { n: formatNumber(prize.winners, locale) })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
