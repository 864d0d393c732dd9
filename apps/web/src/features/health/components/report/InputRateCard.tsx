import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Doughnut } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import type { HealthStats } from '../../api/get-health-stats.ts';
import { useChartColors } from '../../charts/theme.ts';
import { ReportCard } from './ReportCard.tsx';

/** How many days of the month were logged: a ring with the rate in its middle. */
export function InputRateCard({ stats }: { stats: HealthStats }) {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const rate = Math.min(100, stats.inputRate);
  const text = t('report.inputText', { rate, days: stats.inputDays, total: stats.daysInMonth });
  const data: ChartData<'doughnut', number[], string> = {
    labels: [t('report.entered'), t('report.notEntered')],
    datasets: [{ data: [rate, 100 - rate], backgroundColor: [colors.primary, colors.grid], borderWidth: 0 }],
  };
  const options: ChartOptions<'doughnut'> = { cutout: '80%', plugins: { legend: { display: false }, tooltip: { enabled: false } } };
  return (
    <ReportCard id="report-input" title={t('report.inputTitle')}>
      <div className="health-doughnut">
        <div className="health-chart health-chart--doughnut">
          <Doughnut data={data} options={options} role="img" aria-label={text} />
        </div>
        <p className="health-doughnut__center">
          <span className="health-doughnut__rate">{rate}%</span>
        </p>
      </div>
      <p className="health-position">{text}</p>
    </ReportCard>
  );
}
