import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useRewards } from '../api/list-rewards.ts';
import { PointsNav } from '../components/PointsNav.tsx';
import { RewardCard } from '../components/RewardCard.tsx';
import { formatDay } from '../format.ts';
import '../points.css';

/**
 * /rewards: today's catalogue with the running campaign's banner and the member's balance
 * (docs/requirements/points.md#points-exchange); each reward leads to its application page.
 */
export default function RewardsPage() {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const query = useRewards();
  const data = query.data;
  return (
    <div className="container page points-page points-page--wide">
      <h1 className="page-title">{t('rewards.title')}</h1>
      <PointsNav />
      <p className="points-lead">{t('rewards.lead')}</p>
      <QueryState query={query} error={t('rewards.loadFailed')}>
        {data && (
          <>
            <p className="rewards-balance card">
              <span className="rewards-balance__label">{t('rewards.balance')}</span>{' '}
              <strong className="rewards-balance__figure">{t('unit', { count: data.balance, n: formatNumber(data.balance, locale) })}</strong>
            </p>
            {data.campaign && (
              <section className="rewards-campaign" aria-label={t('rewards.campaignLabel')}>
                <p>
                  <span className="points-badge points-badge--campaign">{t('rewards.campaignLabel')}</span>{' '}
                  {t('rewards.campaign', { name: data.campaign.name, day: formatDay(data.campaign.endDate, locale) })}
                </p>
              </section>
            )}
            {data.rewards.length === 0 ? (
              <p className="empty-state">{t('rewards.empty')}</p>
            ) : (
              <ul className="reward-list">
                {data.rewards.map((reward) => (
                  <RewardCard key={reward.rewardID} reward={reward} balance={data.balance} />
                ))}
              </ul>
            )}
            <p className="rewards-more">
              <Link to="/rewards/applications">{t('rewards.myApplications')}</Link>
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}
