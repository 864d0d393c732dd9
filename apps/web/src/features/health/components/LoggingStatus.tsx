import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useInputStatus } from '../api/get-input-status.ts';
import { MIN_STREAK_SHOWN } from '../logic.ts';

/**
 * Today's health-log status and the logging streak (getHealthLogInputStatus): a badge for 2 days or more in a row
 * (docs/requirements/health.md#health-log-chart), and whether today is logged yet. Nothing shows while it loads or if it cannot be read: the
 * report around it stands on its own.
 */
export function LoggingStatus() {
  const { t } = useTranslation('health');
  const status = useInputStatus({ retry: false });
  if (!status.data) return null;
  const { continuousDays, loggedToday } = status.data;
  return (
    <section className="card health-logging-status" aria-labelledby="logging-status">
      <h2 id="logging-status" className="health-report-card__title">
        {t('report.status.title')}
      </h2>
      <p className={`health-logging-status__today${loggedToday ? ' health-logging-status__today--done' : ''}`}>
        {loggedToday ? t('report.status.loggedToday') : t('report.status.notLoggedToday')}
      </p>
      {continuousDays >= MIN_STREAK_SHOWN && (
        <p className="tag health-logging-status__streak">{t('report.status.streak', { count: continuousDays })}</p>
      )}
    </section>
  );
}
