import type { Challenge } from '../api/get-individual-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { cssVars } from '../../../lib/cssVars.ts';
import { formatDay } from '../format.ts';

/**
 * The member's counted average against the challenge's threshold (a bar, with the same in words), days counted, in the
 * period and left, whether they are in the draw, and whether the figures are provisional or final.
 */
export function ChallengeProgress({ data }: { data: Challenge }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  const threshold = data.program.thresholdSteps ?? 0;
  const percent = threshold > 0 ? Math.min(100, Math.round((data.averageSteps / threshold) * 100)) : 0;
  const words = t('challenge.averageOf', { average: formatNumber(data.averageSteps, locale), threshold: formatNumber(threshold, locale) });
  return (
    <section className="program-section" aria-labelledby="program-progress-title">
      <h2 className="program-section__title" id="program-progress-title">
        {t('challenge.progress')}
      </h2>
      <p className="program-progress__text" id="program-progress-text">
        {words}
      </p>
      <div
        className={`program-progress${data.eligible ? ' program-progress--reached' : ''}`}
        role="progressbar"
        aria-label={t('challenge.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
      >
        {/* The width through the CSSOM: the Content-Security-Policy applies no style attribute. */}
        <div className="program-progress__bar" ref={cssVars({ '--program-progress': `${percent}%` })} />
      </div>
      <p className={`program-standing-state program-standing-state--${data.final ? 'final' : 'provisional'}`}>
        <span className={`program-badge program-badge--${data.final ? 'final' : 'provisional'}`}>
          {t(`status.${data.final ? 'final' : 'provisional'}`)}
        </span>{' '}
        {data.final ? t('challenge.final') : t('challenge.provisional', { day: formatDay(data.program.finalFrom, locale) })}
      </p>
      <dl className="program-facts">
        <div>
          <dt>{t('challenge.daysCounted')}</dt>
          <dd>{formatNumber(data.daysCounted, locale)}</dd>
        </div>
        <div>
          <dt>{t('challenge.daysTotal')}</dt>
          <dd>{formatNumber(data.daysTotal, locale)}</dd>
        </div>
        <div>
          <dt>{t('challenge.daysLeft')}</dt>
          <dd>{formatNumber(data.daysLeft, locale)}</dd>
        </div>
        <div>
          <dt>{t('challenge.eligible')}</dt>
          <dd className={data.eligible ? 'program-facts__yes' : 'program-facts__no'}>
            {t(data.eligible ? 'challenge.eligibleYes' : 'challenge.eligibleNo')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
