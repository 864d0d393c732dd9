import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDay } from '../format.ts';

/** The entry window, the round's days and (on a round page) the day results become final, in Japan time. */
export function ProgramDates({ program, showFinal = false }: { program: ProgramSummary; showFinal?: boolean }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  const range = (from: string, to: string) => t('dateRange', { from: formatDay(from, locale), to: formatDay(to, locale) });
  return (
    <dl className="program-dates">
      <div>
        <dt>{t('dates.entry')}</dt>
        <dd>{range(program.entryFrom, program.entryTo)}</dd>
      </div>
      <div>
        <dt>{t('dates.period')}</dt>
        <dd>{range(program.startDate, program.endDate)}</dd>
      </div>
      {showFinal && (
        <div>
          <dt>{t('dates.finalFrom')}</dt>
          <dd>{t('dates.finalFromValue', { day: formatDay(program.finalFrom, locale) })}</dd>
        </div>
      )}
    </dl>
  );
}
