import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useMyApplications } from '../api/list-my-applications.ts';
import { ApplicationCard } from '../components/ApplicationCard.tsx';
import { PointsNav } from '../components/PointsNav.tsx';
import '../points.css';

/**
 * /rewards/applications: the member's applications, newest first, a page at a time, with their status and delivery
 * estimate (docs/requirements/points.md#points-exchange).
 */
export default function ApplicationsPage() {
  const { t } = useTranslation('points');
  const query = useMyApplications();
  const applications = query.data?.pages.flatMap((page) => page.applications) ?? [];
  return (
    <div className="container page page--narrow points-page">
      <h1 className="page-title">{t('applications.title')}</h1>
      <PointsNav />
      <QueryState
        query={query}
        isEmpty={applications.length === 0}
        empty={
          <div className="empty-state">
            <p>{t('applications.empty')}</p>
            <p>
              <Link to="/rewards">{t('applications.toRewards')}</Link>
            </p>
          </div>
        }
        error={t('applications.loadFailed')}
      >
        <ul className="application-list">
          {applications.map((application) => (
            <ApplicationCard key={application.applicationID} application={application} />
          ))}
        </ul>
        <ReadMore query={query} failed={t('applications.moreFailed')} />
      </QueryState>
    </div>
  );
}
