import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatDay, PROGRAM_GRACE_AFTER_END_MAX } from '../format.ts';

/**
 * The counting rule in plain words, with this program's own figures (docs/requirements/programs.md#programs-counting,
 * #programs-flags): how a day counts, the daily cap, today never counts, the grace window and the day results are final,
 * provisional against final, the team's score (Team Walk) or the average (challenge), and the office's review.
 */
export function ProgramRules({ program }: { program: ProgramSummary }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  return (
    <section className="program-section program-rules" aria-labelledby="program-rules-title">
      <h2 className="program-section__title" id="program-rules-title">
        {t('rules.title')}
      </h2>
      <ul>
        <li>{t('rules.day')}</li>
        <li>{t('rules.cap', { cap: formatNumber(program.dailyCap, locale) })}</li>
        <li>{t('rules.today')}</li>
        <li>
          {t('rules.grace', {
            days: formatNumber(program.graceDays, locale),
            max: PROGRAM_GRACE_AFTER_END_MAX,
            final: formatDay(program.finalFrom, locale),
          })}
        </li>
        <li>{t('rules.provisional')}</li>
        <li>{t(program.kind === 'teamMatch' ? 'rules.team' : 'rules.challenge')}</li>
        <li>{t('rules.review')}</li>
      </ul>
    </section>
  );
}
