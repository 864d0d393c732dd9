// The Insights page's charts (issue 32), in a chunk of their own (React.lazy from InsightsPage): Chart.js is loaded
// only when an operator opens Insights. Each chart is an image whose numbers the page's tables say again in text.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart as ReactChart } from 'react-chartjs-2';
import type { CompanyInsights } from '@hibi/contract/console/insights';
import { groupLabel, stepBandLabels } from './labels.ts';

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.animation = false;

/** The theme's chart colours (styles/tokens.css --chart-*): a canvas cannot read CSS variables itself. */
function chartColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return [read('--chart-primary'), read('--chart-accent'), read('--chart-pink'), read('--chart-primary-soft'), read('--chart-text')];
}

export default function InsightsCharts({ insights }: { insights: CompanyInsights }) {
  const { t } = useTranslation('consoleInsights');
  const palette = useMemo(chartColors, []);
  const shown = insights.groups.filter((g) => !g.suppressed);
  const labels = shown.map((g) => groupLabel(t, insights.groupBy, g.key));
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    plugins: { legend: { position: 'bottom' } },
    scales: { y: { beginAtZero: true } },
  };

  const steps: ChartData<'bar', (number | null)[], string> = {
    labels,
    datasets: [{ label: t('figures.avgDailySteps'), data: shown.map((g) => g.avgDailySteps), backgroundColor: palette[0] }],
  };
  const bands = stepBandLabels(t);
  const bandData: ChartData<'bar', (number | null)[], string> = {
    labels,
    datasets: bands.map((band, b) => ({
      label: band,
      data: shown.map((g) => g.stepBands?.[b] ?? null),
      backgroundColor: palette[b % palette.length],
      stack: 'bands',
    })),
  };
  const weeks = shown[0]?.weeklySteps?.map((w) => w.weekStart) ?? [];
  const weekly: ChartData<'line', (number | null)[], string> = {
    labels: weeks.map((w) => w.slice(5).replace('-', '/')),
    datasets: shown.map((g, i) => ({
      label: groupLabel(t, insights.groupBy, g.key),
      data: weeks.map((w) => g.weeklySteps?.find((x) => x.weekStart === w)?.avgDailySteps ?? null),
      borderColor: palette[i % palette.length],
      backgroundColor: palette[i % palette.length],
      spanGaps: false,
    })),
  };

  return (
    <div className="insights-charts">
      <figure className="insights-chart">
        <figcaption>{t('charts.steps')}</figcaption>
        <div className="insights-chart__canvas">
          <ReactChart type="bar" data={steps} options={options as ChartOptions<'bar'>} role="img" aria-label={t('charts.stepsAlt')} />
        </div>
      </figure>
      <figure className="insights-chart">
        <figcaption>{t('charts.bands')}</figcaption>
        <div className="insights-chart__canvas">
          <ReactChart type="bar" data={bandData} options={options as ChartOptions<'bar'>} role="img" aria-label={t('charts.bandsAlt')} />
        </div>
      </figure>
      <figure className="insights-chart insights-chart--wide">
        <figcaption>{t('charts.weekly')}</figcaption>
        <div className="insights-chart__canvas">
          <ReactChart type="line" data={weekly} options={options as ChartOptions<'line'>} role="img" aria-label={t('charts.weeklyAlt')} />
        </div>
      </figure>
    </div>
  );
}
