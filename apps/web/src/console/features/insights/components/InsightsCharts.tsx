// The Insights page's charts (issue 32), in a chunk of their own (React.lazy from InsightsPage): Chart.js is loaded
// only when an operator opens Insights. Each chart is an image whose numbers the page's tables say again in text.
import { useMemo } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
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
import { SERIES_COLOURS, seriesStyle } from './series.ts';

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.animation = false;

/** The theme's value of a token (styles/tokens.css --chart-*): a canvas cannot read CSS variables itself. */
function readToken(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export default function InsightsCharts({ insights }: { insights: CompanyInsights }) {
  const { t } = useTranslation('consoleInsights');
  const palette = useMemo(() => SERIES_COLOURS.map(readToken), []);
  const colourOf = (i: number) => palette[i % palette.length]!;
  const shown = insights.groups.filter((g) => !g.suppressed);
  const labels = shown.map((g) => groupLabel(t, insights.groupBy, g.key));
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    // The legend draws each series' point shape, so it matches the lines.
    plugins: { legend: { position: 'bottom', labels: { usePointStyle: true } } },
    scales: { y: { beginAtZero: true } },
  };

  const steps: ChartData<'bar', (number | null)[], string> = {
    labels,
    datasets: [{ label: t('figures.avgDailySteps'), data: shown.map((g) => g.avgDailySteps), backgroundColor: colourOf(0) }],
  };
  const bands = stepBandLabels(t);
  const bandData: ChartData<'bar', (number | null)[], string> = {
    labels,
    datasets: bands.map((band, b) => ({
      label: band,
      data: shown.map((g) => g.stepBands?.[b] ?? null),
      backgroundColor: colourOf(b),
      stack: 'bands',
    })),
  };
  const weeks = shown[0]?.weeklySteps?.map((w) => w.weekStart) ?? [];
  const weekly: ChartData<'line', (number | null)[], string> = {
    labels: weeks.map((w) => w.slice(5).replace('-', '/')),
    // Every group a colour of its own (two departments shared one before, issue 55), a point shape and a dash.
    datasets: shown.map((g, i) => {
      const style = seriesStyle(i);
      return {
        label: groupLabel(t, insights.groupBy, g.key),
        data: weeks.map((w) => g.weeklySteps?.find((x) => x.weekStart === w)?.avgDailySteps ?? null),
        borderColor: readToken(style.colour),
        backgroundColor: readToken(style.colour),
        borderDash: [...style.dash],
        pointStyle: style.point,
        pointRadius: 4,
        spanGaps: false,
      };
    }),
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
