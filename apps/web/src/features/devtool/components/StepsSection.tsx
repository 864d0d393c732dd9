import { useTranslation } from '../../../lib/i18n/react.tsx';
import { formatDate } from '../../../lib/format.ts';
import { RECENT_DAYS, useRecentSteps } from '../api/get-recent-steps.ts';
import { tokyoDay } from '../calc.ts';
import { ToolSection } from './ToolSection.tsx';

/** The last 14 days' steps as the server holds them, newest last, with a reload. */
export function StepsSection() {
  const { t } = useTranslation('devtool');
  const steps = useRecentSteps();
  const byDay = new Map((steps.data?.stepsData ?? []).map((s) => [s.dateTime, s.steps]));
  const days = Array.from({ length: RECENT_DAYS }, (_, i) => tokyoDay(RECENT_DAYS - 1 - i));
  return (
    <ToolSection title={t('steps.heading')}>
      {steps.isError && <p className="form-error">{t('loadFailed')}</p>}
      {steps.isPending ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <caption className="visually-hidden">{t('steps.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('steps.date')}</th>
              <th scope="col">{t('steps.steps')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day}>
                <td>{formatDate(day)}</td>
                <td className="devtool__num">{byDay.has(day) ? byDay.get(day)!.toLocaleString() : t('steps.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button button--outline" onClick={() => void steps.refetch()}>
        {t('steps.reload')}
      </button>
    </ToolSection>
  );
}
