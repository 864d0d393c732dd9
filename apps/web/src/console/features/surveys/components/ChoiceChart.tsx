import { useTranslation } from '../../../../lib/i18n/react.tsx';

export interface ChoiceBar {
  label: string;
  count: number;
}

/**
 * Counts per choice as horizontal bars (CSS widths, hidden from assistive technology) beside a real table that says the
 * same: the table is the accessible form of the chart, and readable on its own.
 */
export function ChoiceChart({ caption, bars, base }: { caption: string; bars: ChoiceBar[]; base: number }) {
  const { t } = useTranslation('consoleSurveys');
  const max = Math.max(1, ...bars.map((b) => b.count));
  const percent = (count: number) => (base > 0 ? Math.round((count / base) * 1000) / 10 : 0);
  return (
    <div className="survey-chart">
      <ul className="survey-chart__bars" aria-hidden="true">
        {bars.map((bar, n) => (
          <li key={n} className="survey-chart__bar">
            <span className="survey-chart__label">{bar.label}</span>
            <span className="survey-chart__track">
              <progress className="survey-chart__fill" max={max} value={bar.count} />
            </span>
            <span className="survey-chart__value">{bar.count}</span>
          </li>
        ))}
      </ul>
      <div className="console-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="console-table survey-chart__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.choice')}</th>
              <th scope="col">{t('results.count')}</th>
              <th scope="col">{t('results.share')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, n) => (
              <tr key={n}>
                <th scope="row">{bar.label}</th>
                <td>{bar.count}</td>
                <td>{t('results.percent', { value: percent(bar.count) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
