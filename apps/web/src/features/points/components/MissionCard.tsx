import type { Mission } from '@hibi/contract/functions/points';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { cssVars } from '../../../lib/cssVars.ts';
import { formatInstantDay } from '../format.ts';

/**
 * One mission of a month (docs/requirements/points.md#points-missions): its title, the office's description and the
 * checker's rule in plain words, the points, the member's progress as a bar with the same in words ("6 of 10 days"), and
 * whether (and when) it was completed.
 */
export function MissionCard({ mission }: { mission: Mission }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const target = Math.max(1, mission.target);
  const progress = Math.min(mission.progress, target);
  const percent = Math.round((progress / target) * 100);
  const words = t(`missions.progress.${mission.kind}`, { progress: formatNumber(progress, locale), target: formatNumber(target, locale) });
  const titleId = `mission-${mission.id}-title`;
  return (
    <li className={`mission card${mission.completed ? ' mission--completed' : ''}`} aria-labelledby={titleId}>
      <div className="mission__head">
        <h3 className="mission__title" id={titleId}>
          {mission.title}
        </h3>
        <p className="mission__points">{t('missions.reward', { count: mission.points, n: formatNumber(mission.points, locale) })}</p>
      </div>
      {mission.description && <p className="mission__description">{mission.description}</p>}
      <p className="mission__rule">
        {t(`missions.rule.${mission.kind}`, {
          target: formatNumber(mission.target, locale),
          minSteps: formatNumber(mission.minSteps ?? 0, locale),
        })}
      </p>
      <div className="mission__progress">
        <div
          className="points-progress"
          role="progressbar"
          aria-label={t('missions.progressLabel', { title: mission.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={words}
        >
          {/* The width through the CSSOM: the Content-Security-Policy applies no style attribute. */}
          <div className="points-progress__bar" ref={cssVars({ '--points-progress': `${percent}%` })} />
        </div>
        <p className="mission__progress-text">{words}</p>
      </div>
      {mission.completed && (
        <p className="mission__completed">
          <span className="points-badge points-badge--done">{t('missions.completed')}</span>
          {mission.completedAt !== null && <> {t('missions.completedOn', { day: formatInstantDay(mission.completedAt, locale) })}</>}
        </p>
      )}
    </li>
  );
}
