import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Bar } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { MIN_PEER_GROUP } from '@hibi/contract/constants';
import type { HealthStats } from '../../api/get-health-stats.ts';
import { useChartColors } from '../../charts/theme.ts';
import { ChartTable } from '../ChartTable.tsx';
import { ReportCard } from './ReportCard.tsx';

/** How the member's score compares with colleagues: a bar per score band, theirs in pink; withheld for a small group. */
export function HistogramCard({ stats }: { stats: HealthStats }) {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const { buckets, userBucketIndex, peerPosition, userCount, withheld } = stats.histogram;
  if (withheld) {
    return (
      <ReportCard id="report-histogram" title={t('report.histogramTitle')}>
        <p className="health-position">{t('report.histogramWithheld', { count: MIN_PEER_GROUP })}</p>
      </ReportCard>
    );
  }
  const labels = buckets.map((b) => `${b.from}–${b.to}`);
  const data: ChartData<'bar', number[], string> = {
    labels,
    datasets: [
      {
        label: t('report.people'),
        data: buckets.map((b) => b.count),
        backgroundColor: buckets.map((_, i) => (i === userBucketIndex ? colors.pink : colors.primarySoft)),
        borderRadius: 3,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    plugins: { legend: { display: false } },
    scales: {
      x: { beginAtZero: true, title: { display: true, text: t('report.people') }, grid: { color: colors.grid }, ticks: { precision: 0 } },
      y: { title: { display: true, text: t('report.score') }, grid: { display: false } },
    },
  };
  return (
    <ReportCard id="report-histogram" title={t('report.histogramTitle')}>
      <p className="health-position">
        {peerPosition === null ? t('report.noPosition') : t('report.position', { percent: peerPosition, total: userCount })}
      </p>
      <div className="health-chart health-chart--histogram">
        <Bar data={data} options={options} role="img" aria-label={t('report.histogramLabel')} />
      </div>
      <ChartTable
        caption={t('report.histogramTitle')}
        columns={[t('report.score'), t('report.people')]}
        rows={buckets.map((b, i) => ({
          key: b.from,
          className: i === userBucketIndex ? 'health-table__own' : undefined,
          head: (
            <>
              {labels[i]}
              {i === userBucketIndex && <span className="health-you">{t('report.you')}</span>}
            </>
          ),
          cells: [b.count],
        }))}
      />
    </ReportCard>
  );
}
