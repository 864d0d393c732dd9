import type { MyApplication } from '@hibi/contract/functions/points';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { estimateWords, formatInstantDay } from '../format.ts';

/** One of the member's applications: the reward, points, status, the days applied / shipped / cancelled, the estimate and where it goes. */
export function ApplicationCard({ application: a }: { application: MyApplication }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const estimate = estimateWords(a.estimate, locale);
  const titleId = `application-${a.applicationID}-title`;
  return (
    <li className="application card" aria-labelledby={titleId}>
      <div className="application__head">
        <h2 className="application__name" id={titleId}>
          {a.rewardName}
        </h2>
        <span className={`points-badge application-status application-status--${a.status}`}>{t(`applications.status.${a.status}`)}</span>
      </div>
      <dl className="application__facts">
        <div>
          <dt>{t('applications.points')}</dt>
          <dd>{t('unit', { count: a.points, n: formatNumber(a.points, locale) })}</dd>
        </div>
        <div>
          <dt>{t('applications.appliedOn')}</dt>
          <dd>{formatInstantDay(a.appliedAt, locale)}</dd>
        </div>
        {a.status === 'applied' && (
          <div>
            <dt>{t('applications.estimate')}</dt>
            <dd>{t(estimate.key, { month: estimate.month })}</dd>
          </div>
        )}
        {a.shippedAt !== null && (
          <div>
            <dt>{t('applications.shippedOn')}</dt>
            <dd>{formatInstantDay(a.shippedAt, locale)}</dd>
          </div>
        )}
        {a.cancelledAt !== null && (
          <div>
            <dt>{t('applications.cancelledOn')}</dt>
            <dd>{formatInstantDay(a.cancelledAt, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t('applications.shipTo')}</dt>
          <dd>{a.kind === 'digital' ? t('applications.digital') : (a.shipTo ?? '\u2014')}</dd>
        </div>
      </dl>
    </li>
  );
}
