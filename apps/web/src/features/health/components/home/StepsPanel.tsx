import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { ChartData, ChartOptions } from 'chart.js';
import { STEPS } from '@hibi/contract/constants';
import { STEPS_CHART } from '../../../../lib/constants.ts';
import { formatDate, formatNumber } from '../../../../lib/format.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { useStepsWeek } from '../../api/get-health-range.ts';
import { IdleChart } from '../../charts/IdleChart.tsx';
import { useChartColors } from '../../charts/theme.ts';
import { useWeek } from '../../hooks/useWeek.ts';
import { stepsLevel } from '../../logic.ts';
import { ChartTable } from '../ChartTable.tsx';
import { Emoticon } from '../Emoticon.tsx';
import { WeekNav } from './WeekNav.tsx';

/** The steps tab: the week's average with its face, the rank among colleagues, a bar a day against the goal line. */
export function StepsPanel() {
  const { t } = useTranslation('health');
  const colors = useChartColors();
  const locale = currentLocale();
  const week = useWeek();
  const { from, to, days } = week;
  const query = useStepsWeek(from, to);
  const byDay = new Map((query.data?.stepsData ?? []).map((s) => [s.dateTime, s.steps]));
  const values = days.map((d) => byDay.get(d.ms) ?? null);
  const summary = query.data?.weeklyStepsData[0];
  const average = summary?.steps ?? null;
  const stats = summary?.stepStatistics ?? null;
  const goal = t('steps.goal', { steps: formatNumber(STEPS.goal, locale) });
  const stepsText = (v: number | null) => (v === null ? t('noData') : `${formatNumber(v, locale)} ${t('steps.unit')}`);

  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: days.map((d) => [d.short, d.weekday] as unknown as string),
    datasets: [
      {
        type: 'line',
        label: goal,
        data: days.map(() => STEPS.goal),
        borderColor: colors.accent,
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 0,
      },
      {
        type: 'bar',
        label: t('steps.daily'),
        data: values.map((v) => (v === null ? null : Math.min(v, STEPS_CHART.barCap))),
        backgroundColor: values.map((v) => ((v ?? 0) >= STEPS.goal ? colors.primary : colors.primarySoft)),
        borderRadius: 4,
        maxBarThickness: 36,
      },
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (c) => `${formatNumber(values[c.dataIndex] ?? 0, locale)} ${t('steps.unit')}` } },
    },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: false, font: { size: 11 } } },
      y: {
        min: 0,
        max: STEPS_CHART.barCap,
        grid: { color: colors.grid },
        afterBuildTicks: (axis) => {
          axis.ticks = STEPS_CHART.axisLabels.map((value) => ({ value }));
        },
        ticks: { callback: (v) => formatNumber(Number(v), locale) },
      },
    },
  };

  return (
    <div className="health-panel">
      <WeekNav week={week} busy={query.isFetching} />
      {query.isError ? (
        <p className="form-error">{t('loadFailed')}</p>
      ) : (
        <>
          <div className="health-steps-summary">
            {average !== null ? (
              <Emoticon level={stepsLevel(average)} label={t(`steps.level${stepsLevel(average)}`)} />
            ) : (
              <span className="health-emoticon-placeholder" aria-hidden="true" />
            )}
            <dl className="health-figures">
              <div>
                <dt>{t('steps.average')}</dt>
                <dd>{stepsText(average)}</dd>
              </div>
              <div>
                <dt>{t('steps.rank')}</dt>
                <dd>{stats ? t('steps.rankValue', { rank: stats.rank, maxRank: stats.maxRank }) : t('noData')}</dd>
              </div>
            </dl>
          </div>
          <div className="health-chart health-chart--steps" aria-busy={query.isFetching}>
            <IdleChart
              type="bar"
              data={data}
              options={options}
              role="img"
              aria-label={t('steps.chartLabel', { from: formatDate(from), to: formatDate(to) })}
            />
          </div>
          <p className="health-legend">
            <span className="health-legend__goal" aria-hidden="true" />
            {goal}
          </p>
          <ChartTable
            caption={t('steps.tableCaption', { from: formatDate(from), to: formatDate(to) })}
            columns={[t('date'), t('steps.daily')]}
            rows={days.map((d, i) => ({ key: d.key, head: `${d.short} (${d.weekday})`, cells: [stepsText(values[i] ?? null)] }))}
          />
        </>
      )}
    </div>
  );
}
