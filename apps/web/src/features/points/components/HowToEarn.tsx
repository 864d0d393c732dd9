import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** How to earn points (an empty ledger): the month's missions and the daily quiz, each a link. */
export function HowToEarn() {
  const { t } = useTranslation('points');
  return (
    <section className="points-earn card" aria-labelledby="points-earn-title">
      <p className="points-earn__empty">{t('ledger.empty')}</p>
      <h2 className="points-section__title" id="points-earn-title">
        {t('ledger.earnTitle')}
      </h2>
      <ul className="points-earn__list">
        <li>
          <Link to="/points/missions">{t('ledger.earnMissions')}</Link>
        </li>
        <li>
          <Link to="/quiz">{t('ledger.earnQuiz')}</Link>
        </li>
      </ul>
    </section>
  );
}
