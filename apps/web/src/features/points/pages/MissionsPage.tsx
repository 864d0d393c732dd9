import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useMissions } from '../api/get-missions.ts';
import { MissionCard } from '../components/MissionCard.tsx';
import { PointsNav } from '../components/PointsNav.tsx';
import { StampCard } from '../components/StampCard.tsx';
import { formatMonth, monthParam, shiftMonth, thisMonth } from '../format.ts';
import '../points.css';

/** The missions page of a month: this month without a parameter. */
const monthPath = (month: string, current: string) => (month >= current ? '/points/missions' : `/points/missions?month=${month}`);

/**
 * /points/missions[?month=YYYY-MM]: a month's missions with the member's progress (this Tokyo month by default, past
 * months through the switcher) and the stamp card (docs/requirements/points.md#points-missions).
 */
export default function MissionsPage() {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const [params] = useSearchParams();
  const asked = monthParam(params.get('month'));
  const query = useMissions(asked);
  const data = query.data;
  const current = thisMonth();
  const month = data?.month ?? asked ?? current;
  const monthName = formatMonth(month, locale);
  return (
    <div className="container page page--narrow points-page">
      <h1 className="page-title">{t('missions.title')}</h1>
      <PointsNav />
      <p className="points-lead">{t('missions.lead')}</p>
      <nav className="month-switch" aria-label={t('missions.monthNav')}>
        <Link className="button button--outline button--small" to={monthPath(shiftMonth(month, -1), current)}>
          <span aria-hidden="true">‹ </span>
          {t('missions.previous')}
        </Link>
        <span className="month-switch__current" aria-current={month === current ? 'date' : undefined}>
          {monthName}
        </span>
        {month < current ? (
          <Link className="button button--outline button--small" to={monthPath(shiftMonth(month, 1), current)}>
            {t('missions.next')}
            <span aria-hidden="true"> ›</span>
          </Link>
        ) : (
          <span className="month-switch__spacer" />
        )}
      </nav>
      <QueryState query={query} error={t('missions.loadFailed')}>
        {data && (
          <>
            <section className="points-section" aria-labelledby="missions-month-title">
              <h2 className="points-section__title" id="missions-month-title">
                {t('missions.monthTitle', { month: monthName })}
              </h2>
              {data.missions.length === 0 ? (
                <p className="empty-state">{t('missions.empty', { month: monthName })}</p>
              ) : (
                <ul className="mission-list">
                  {data.missions.map((mission) => (
                    <MissionCard key={mission.id} mission={mission} />
                  ))}
                </ul>
              )}
              {month !== current && (
                <p className="month-switch__back">
                  <Link to="/points/missions">{t('missions.current')}</Link>
                </p>
              )}
            </section>
            <StampCard stamps={data.stamps} cardSize={data.cardSize} cardBonus={data.cardBonus} cardsCompleted={data.cardsCompleted} />
          </>
        )}
      </QueryState>
    </div>
  );
}
