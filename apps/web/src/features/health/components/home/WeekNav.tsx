import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { formatDate } from '../../../../lib/format.ts';
import type { Week } from '../../hooks/useWeek.ts';

/** Previous week, the dates shown (announced when they change), next week up to the current one. */
export function WeekNav({ week, busy }: { week: Week; busy: boolean }) {
  const { t } = useTranslation('health');
  return (
    <div className="health-week-nav">
      <button type="button" className="button button--outline button--small" disabled={busy} onClick={week.previous}>
        <span aria-hidden="true">‹ </span>
        {t('week.previous')}
      </button>
      <p className="health-week-nav__label" aria-live="polite">
        <span className="visually-hidden">{t('week.shown')}: </span>
        {formatDate(week.from)} – {formatDate(week.to)}
      </p>
      <button type="button" className="button button--outline button--small" disabled={busy || !week.canGoForward} onClick={week.next}>
        {t('week.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}
