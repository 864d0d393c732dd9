import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { STEPS } from '@hibi/contract/constants';
import { STEPS_CHART } from '../../../lib/constants.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDayShort, formatSteps } from './format.ts';
import { cssVars } from '../../../lib/cssVars.ts';

interface Props {
  userSteps: { rank: number | null; userCount: number; averageSteps: number };
  weeklySteps: { dateTime: number; steps: number | null }[];
}

/**
 * This week's step log: average, rank among the company's users, and a bar per day (capped at 15000, goal 8000).
 * The bars are drawn by the list itself, so every number is also text.
 */
export function StepLog({ userSteps, weeklySteps }: Props) {
  const { t } = useTranslation('account');
  const locale = currentLocale();
  const captionId = useId();
  return (
    <div className="step-log">
      <dl className="stat-row">
        <div className="stat">
          <dt>{t('steps.average')}</dt>
          <dd>
            <strong className="stat__value">{formatSteps(userSteps.averageSteps, locale)}</strong> {t('steps.unit')}
          </dd>
        </div>
        <div className="stat">
          <dt>{t('steps.rank')}</dt>
          <dd>
            {userSteps.rank === null ? (
              t('steps.noRank')
            ) : (
              <>
                <strong className="stat__value">{t('steps.rankValue', { rank: userSteps.rank })}</strong>{' '}
                {t('steps.rankOf', { users: userSteps.userCount })}
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className="step-log__caption" id={captionId}>
        {t('steps.weekCaption', { goal: formatSteps(STEPS.goal, locale) })}
      </p>
      <ul className="step-bars" aria-labelledby={captionId}>
        {weeklySteps.map((d) => {
          const steps = d.steps ?? 0;
          const width = Math.min(steps, STEPS_CHART.barCap) / STEPS_CHART.barCap;
          return (
            <li key={d.dateTime} className="step-bars__row">
              <span className="step-bars__day">{formatDayShort(d.dateTime, locale)}</span>
              <span className="step-bars__track" aria-hidden="true">
                <span className={`step-bars__bar${steps >= STEPS.goal ? ' step-bars__bar--goal' : ''}`} ref={cssVars({ '--w': width })} />
                <span className="step-bars__goal" />
              </span>
              <span className="step-bars__value">
                {d.steps === null ? t('steps.noRecord') : `${formatSteps(d.steps, locale)} ${t('steps.unit')}`}
                {steps >= STEPS.goal && <span className="visually-hidden"> {t('steps.goalReached')}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
