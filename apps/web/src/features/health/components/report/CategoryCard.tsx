import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Radar } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import type { HealthStats } from '../../api/get-health-stats.ts';
import { useChartColors } from '../../charts/theme.ts';
import { CATEGORIES, ratingIcon } from '../../logic.ts';
import { Emoticon } from '../Emoticon.tsx';
import { ReportCard } from './ReportCard.tsx';

/** The month's five category scores: a radar chart and the list with a face each. */
export function CategoryCard({ stats }: { stats: HealthStats }) {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const values = CATEGORIES.map((c) => stats.average[c]);
  const data: ChartData<'radar', number[], string> = {
    labels: CATEGORIES.map((c) => t(`category.${c}`)),
    datasets: [
      {
        label: t('report.categoryTitle'),
        data: values.map((v) => v ?? 0),
        borderColor: colors.primary,
        backgroundColor: colors.primaryFill,
        pointBackgroundColor: colors.primary,
        fill: true,
      },
    ],
  };
  const options: ChartOptions<'radar'> = {
    plugins: { legend: { display: false } },
    scales: { r: { min: 0, max: 100, ticks: { stepSize: 20, backdropColor: 'transparent' }, grid: { color: colors.grid } } },
  };
  return (
    <ReportCard id="report-category" title={t('report.categoryTitle')}>
      <div className="health-report-split">
        <div className="health-chart health-chart--radar">
          <Radar data={data} options={options} role="img" aria-label={t('report.radarLabel')} />
        </div>
        <ul className="health-category-list">
          {CATEGORIES.map((c, i) => {
            const icon = ratingIcon(values[i]);
            const value = values[i] ?? null;
            return (
              <li key={c} className="health-category">
                <Emoticon level={icon} size={36} label={t(`report.icon${icon}`)} />
                <span className="health-category__name">{t(`category.${c}`)}</span>
                <span className="health-category__score">{value === null ? t('noData') : value.toFixed(1)}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </ReportCard>
  );
}
