import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Chart as ReactChart } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { WIDE_MEDIA_QUERY } from '../../../../lib/constants.ts';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { useMediaQuery } from '../../../../lib/useMediaQuery.ts';
import type { HealthStats } from '../../api/get-health-stats.ts';
import { useChartColors } from '../../charts/theme.ts';
import { weightAxisRange } from '../../logic.ts';
import { ChartTable } from '../ChartTable.tsx';
import { ReportCard } from './ReportCard.tsx';

/** The last four months' scores (bars, left axis 0–100) and weights (line, right axis around the weights). */
export function ScoreChart({ stats }: { stats: HealthStats }) {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const wide = useMediaQuery(WIDE_MEDIA_QUERY);
  const rows = stats.scoreData;
  const weights = rows.map((r) => r.weight).filter((w): w is number => w !== null && w > 0);
  const { min: wMin, max: wMax } = weightAxisRange(weights);
  const label = (m: string) => m.replace('-', '.');
  // Wider than 768 px the 4 months sit in 6 columns, one empty column of padding each side.
  const pad = wide ? [''] : [];
  const labels = [...pad, ...rows.map((r) => label(r.month)), ...pad];
  const padded = <T,>(values: T[]) => [...pad.map(() => null), ...values, ...pad.map(() => null)];
  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels,
    datasets: [
      {
        type: 'bar',
        label: t('report.score'),
        data: padded(rows.map((r) => r.score)),
        backgroundColor: colors.primarySoft,
        borderColor: colors.primary,
        borderWidth: 1,
        borderRadius: 4,
        maxBarThickness: 48,
        yAxisID: 'score',
        order: 2,
      },
      {
        type: 'line',
        label: t('report.weight'),
        data: padded(rows.map((r) => (r.weight && r.weight > 0 ? r.weight : null))),
        borderColor: colors.pink,
        backgroundColor: colors.pink,
        pointRadius: 4,
        spanGaps: true,
        yAxisID: 'weight',
        order: 1,
      },
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    plugins: { legend: { position: 'bottom' } },
    scales: {
      x: { grid: { display: false } },
      score: {
        type: 'linear',
        position: 'left',
        min: 0,
        max: 100,
        ticks: { stepSize: 20 },
        title: { display: true, text: t('report.scoreAxis') },
        grid: { color: colors.grid },
      },
      weight: {
        type: 'linear',
        position: 'right',
        min: wMin,
        max: wMax,
        title: { display: true, text: t('report.weightAxis') },
        grid: { display: false },
      },
    },
  };
  return (
    <ReportCard id="report-score" title={t('report.scoreTitle')}>
      <div className="health-chart health-chart--report">
        <ReactChart type="bar" data={data} options={options} role="img" aria-label={t('report.scoreChartLabel')} />
      </div>
      <ChartTable
        caption={t('report.scoreTitle')}
        columns={[t('report.monthHeader'), t('report.score'), t('report.weightAxis'), t('report.stepsHeader')]}
        rows={rows.map((r) => ({
          key: r.month,
          head: label(r.month),
          cells: [r.score ?? t('noData'), r.weight ?? t('noData'), r.steps === null ? t('noData') : formatNumber(r.steps, currentLocale())],
        }))}
      />
    </ReportCard>
  );
}
