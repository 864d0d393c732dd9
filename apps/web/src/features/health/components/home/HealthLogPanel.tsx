import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Line } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { formatDate } from '../../../../lib/format.ts';
import { useHealthWeek } from '../../api/get-health-range.ts';
import { useChartColors } from '../../charts/theme.ts';
import { useWeek } from '../../hooks/useWeek.ts';
import { fiveTicks } from '../../logic.ts';
import { ChartTable } from '../ChartTable.tsx';
import { RatingsTable } from './RatingsTable.tsx';
import { WeekNav } from './WeekNav.tsx';

type Metric = 'weight' | 'bodyFatPercentage' | 'BMI';
const METRICS: Metric[] = ['weight', 'bodyFatPercentage', 'BMI'];
const UNIT: Record<Metric, string> = { weight: 'kg', bodyFatPercentage: '%', BMI: 'kg/㎡' };

/** The health tab: weight, body fat or BMI over the week with the latest value and the target weight, then the lifestyle answers. */
export function HealthLogPanel() {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const week = useWeek();
  const { from, to, days } = week;
  const [metric, setMetric] = useState<Metric>('weight');
  const name = useId();
  const query = useHealthWeek(from, to);
  const byDay = new Map((query.data?.healthData ?? []).map((h) => [h.dateTime, h]));
  const entries = days.map((d) => byDay.get(d.ms) ?? null);
  const values = entries.map((e) => (e ? (e[metric] ?? null) : null));
  const latest = [...values].reverse().find((v) => v !== null) ?? null;
  const ticks = latest === null ? null : fiveTicks(latest);
  const unit = UNIT[metric];
  const target = query.data?.targetWeight?.weight ?? null;
  const metricName = t(`metric.${metric}`);

  const data: ChartData<'line', (number | null)[], string> = {
    labels: days.map((d) => [d.short, d.weekday] as unknown as string),
    datasets: [{ label: metricName, data: values, borderColor: colors.primary, backgroundColor: colors.primary, pointRadius: 4, spanGaps: true }],
  };
  const options: ChartOptions<'line'> = {
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.parsed.y} ${unit}` } } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: false, font: { size: 11 } } },
      y: ticks
        ? {
            min: ticks[0],
            max: ticks[4],
            grid: { color: colors.grid },
            afterBuildTicks: (axis) => {
              axis.ticks = ticks.map((value) => ({ value }));
            },
            ticks: { callback: (v) => Number(v).toFixed(1) },
          }
        : { display: false },
    },
  };

  return (
    <div className="health-panel">
      <WeekNav week={week} busy={query.isFetching} />
      <fieldset className="health-metric">
        <legend className="visually-hidden">{t('metric.legend')}</legend>
        {METRICS.map((m) => (
          <label key={m} className={`health-metric__option${metric === m ? ' health-metric__option--active' : ''}`}>
            <input type="radio" name={name} value={m} checked={metric === m} onChange={() => setMetric(m)} />
            {t(`metric.${m}`)}
          </label>
        ))}
      </fieldset>
      {query.isError ? (
        <p className="form-error">{t('loadFailed')}</p>
      ) : (
        <>
          <dl className="health-figures">
            <div>
              <dt>{t('metric.latest')}</dt>
              <dd>{latest === null ? t('noData') : `${latest.toFixed(1)} ${unit}`}</dd>
            </div>
            {metric === 'weight' && (
              <div>
                <dt>{t('metric.target')}</dt>
                <dd>{target === null ? t('noData') : `${target.toFixed(1)} kg`}</dd>
              </div>
            )}
          </dl>
          <div className="health-chart health-chart--line" aria-busy={query.isFetching}>
            {latest === null ? (
              <p className="empty-state">{t('metric.none')}</p>
            ) : (
              <Line
                data={data}
                options={options}
                role="img"
                aria-label={t('metric.chartLabel', { metric: metricName, from: formatDate(from), to: formatDate(to) })}
              />
            )}
          </div>
          <p className="health-unit">{t('metric.unitNote', { unit })}</p>
          <ChartTable
            caption={t('metric.tableCaption', { metric: metricName })}
            columns={[t('date'), `${metricName} (${unit})`]}
            rows={days.map((d, i) => {
              const v = values[i] ?? null;
              return { key: d.key, head: `${d.short} (${d.weekday})`, cells: [v === null ? t('noData') : v.toFixed(1)] };
            })}
          />
          <RatingsTable days={days} entries={entries} />
          <p className="health-unit">{t('ratings.legend')}</p>
        </>
      )}
    </div>
  );
}
