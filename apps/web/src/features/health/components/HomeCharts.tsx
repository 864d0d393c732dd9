import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Chart as ReactChart, Line } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { callOrThrow } from '../../../lib/api.ts';
import { formatDate, formatNumber, tokyoParts } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { COLORS } from '../charts/setup.ts';
import { DAY_MS } from '@hibi/contract/time';
import { canGoForward, fiveTicks, STEPS_AXIS_LABELS, STEPS_BAR_CAP, STEPS_GOAL, stepsLevel, weekRange } from '../logic.ts';
import { Emoticon } from './Emoticon.tsx';
import '../health.css';

type Tab = 'steps' | 'health';
type Metric = 'weight' | 'bodyFatPercentage' | 'BMI';
const METRICS: Metric[] = ['weight', 'bodyFatPercentage', 'BMI'];
const RATINGS = ['exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling'] as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function useDays(from: number) {
  const { t } = useTranslation('health');
  return WEEKDAYS.map((wd, i) => {
    const ms = from + i * DAY_MS;
    const p = tokyoParts(ms);
    return { ms, short: `${Number(p.month)}/${Number(p.day)}`, weekday: t(`weekday.${wd}`), key: `${p.year}-${p.month}-${p.day}` };
  });
}

function WeekNav({ offset, setOffset, from, to, busy }: { offset: number; setOffset: (n: number) => void; from: number; to: number; busy: boolean }) {
  const { t } = useTranslation('health');
  return (
    <div className="health-week-nav">
      <button type="button" className="button button--outline button--small" disabled={busy} onClick={() => setOffset(offset - 1)}>
        <span aria-hidden="true">‹ </span>
        {t('week.previous')}
      </button>
      <p className="health-week-nav__label" aria-live="polite">
        <span className="visually-hidden">{t('week.shown')}: </span>
        {formatDate(from)} – {formatDate(to)}
      </p>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={busy || !canGoForward(offset)}
        onClick={() => setOffset(offset + 1)}
      >
        {t('week.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}

function StepsPanel() {
  const { t } = useTranslation('health');
  const locale = currentLocale();
  const [offset, setOffset] = useState(0);
  const { from, to } = weekRange(Date.now(), offset);
  const days = useDays(from);
  const query = useQuery({
    queryKey: ['health', 'steps', from],
    queryFn: () => callOrThrow('getHealthDataByRange', { fromDateTime: from, toDateTime: to, needsWeeklyAverage: true, needsStepStatistics: true }),
  });
  const byDay = new Map((query.data?.stepsData ?? []).map((s) => [s.dateTime, s.steps]));
  const values = days.map((d) => byDay.get(d.ms) ?? null);
  const week = query.data?.weeklyStepsData[0];
  const average = week?.steps ?? null;
  const stats = week?.stepStatistics ?? null;

  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: days.map((d) => [d.short, d.weekday] as unknown as string),
    datasets: [
      {
        type: 'line',
        label: t('steps.goal', { steps: formatNumber(STEPS_GOAL, locale) }),
        data: days.map(() => STEPS_GOAL),
        borderColor: COLORS.accent,
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 0,
      },
      {
        type: 'bar',
        label: t('steps.daily'),
        data: values.map((v) => (v === null ? null : Math.min(v, STEPS_BAR_CAP))),
        backgroundColor: values.map((v) => ((v ?? 0) >= STEPS_GOAL ? COLORS.primary : COLORS.primarySoft)),
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
        max: STEPS_BAR_CAP,
        grid: { color: COLORS.grid },
        afterBuildTicks: (axis) => {
          axis.ticks = STEPS_AXIS_LABELS.map((value) => ({ value }));
        },
        ticks: { callback: (v) => formatNumber(Number(v), locale) },
      },
    },
  };

  return (
    <div className="health-panel">
      <WeekNav offset={offset} setOffset={setOffset} from={from} to={to} busy={query.isFetching} />
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
                <dd>{average === null ? t('noData') : `${formatNumber(average, locale)} ${t('steps.unit')}`}</dd>
              </div>
              <div>
                <dt>{t('steps.rank')}</dt>
                <dd>{stats ? t('steps.rankValue', { rank: stats.rank, maxRank: stats.maxRank }) : t('noData')}</dd>
              </div>
            </dl>
          </div>
          <div className="health-chart health-chart--steps" aria-busy={query.isFetching}>
            <ReactChart
              type="bar"
              data={data}
              options={options}
              role="img"
              aria-label={t('steps.chartLabel', { from: formatDate(from), to: formatDate(to) })}
            />
          </div>
          <p className="health-legend">
            <span className="health-legend__goal" aria-hidden="true" />
            {t('steps.goal', { steps: formatNumber(STEPS_GOAL, locale) })}
          </p>
          <details className="health-alt">
            <summary>{t('showTable')}</summary>
            <table className="health-table">
              <caption>{t('steps.tableCaption', { from: formatDate(from), to: formatDate(to) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('steps.daily')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d, i) => (
                  <tr key={d.key}>
                    <th scope="row">{`${d.short} (${d.weekday})`}</th>
                    <td>{values[i] === null ? t('noData') : `${formatNumber(values[i]!, locale)} ${t('steps.unit')}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}

const UNIT: Record<Metric, string> = { weight: 'kg', bodyFatPercentage: '%', BMI: 'kg/㎡' };

function HealthPanel() {
  const { t } = useTranslation('health');
  const [offset, setOffset] = useState(0);
  const [metric, setMetric] = useState<Metric>('weight');
  const name = useId();
  const { from, to } = weekRange(Date.now(), offset);
  const days = useDays(from);
  const query = useQuery({
    queryKey: ['health', 'log', from],
    queryFn: () =>
      callOrThrow('getHealthDataByRange', {
        fromDateTime: from,
        toDateTime: to,
        needsDailyScore: true,
        needsInterview: true,
        needsWeight: true,
        needsBMI: true,
        needsBodyFatPercentage: true,
      }),
  });
  const byDay = new Map((query.data?.healthData ?? []).map((h) => [h.dateTime, h]));
  const entries = days.map((d) => byDay.get(d.ms) ?? null);
  const values = entries.map((e) => (e ? (e[metric] ?? null) : null));
  const latest = [...values].reverse().find((v) => v !== null) ?? null;
  const ticks = latest === null ? null : fiveTicks(latest);
  const unit = UNIT[metric];
  const target = query.data?.targetWeight?.weight ?? null;

  const data: ChartData<'line', (number | null)[], string> = {
    labels: days.map((d) => [d.short, d.weekday] as unknown as string),
    datasets: [
      {
        label: t(`metric.${metric}`),
        data: values,
        borderColor: COLORS.primary,
        backgroundColor: COLORS.primary,
        pointRadius: 4,
        spanGaps: true,
      },
    ],
  };
  const options: ChartOptions<'line'> = {
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.parsed.y} ${unit}` } } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: false, font: { size: 11 } } },
      y: ticks
        ? {
            min: ticks[0],
            max: ticks[4],
            grid: { color: COLORS.grid },
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
      <WeekNav offset={offset} setOffset={setOffset} from={from} to={to} busy={query.isFetching} />
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
                aria-label={t('metric.chartLabel', { metric: t(`metric.${metric}`), from: formatDate(from), to: formatDate(to) })}
              />
            )}
          </div>
          <p className="health-unit">{t('metric.unitNote', { unit })}</p>
          <details className="health-alt">
            <summary>{t('showTable')}</summary>
            <table className="health-table">
              <caption>{t('metric.tableCaption', { metric: t(`metric.${metric}`) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{`${t(`metric.${metric}`)} (${unit})`}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d, i) => (
                  <tr key={d.key}>
                    <th scope="row">{`${d.short} (${d.weekday})`}</th>
                    <td>{values[i] === null ? t('noData') : values[i]!.toFixed(1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <div className="health-ratings-wrap" tabIndex={0} role="group" aria-label={t('ratings.caption')}>
            <table className="health-table health-ratings">
              <caption>{t('ratings.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t('ratings.item')}</span>
                  </th>
                  {days.map((d) => (
                    <th scope="col" key={d.key}>
                      <span className="health-ratings__date">{d.short}</span>
                      <span className="health-ratings__weekday">{d.weekday}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {RATINGS.map((r) => (
                  <tr key={r}>
                    <th scope="row">{t(`ratings.${r}`)}</th>
                    {entries.map((e, i) => {
                      const v = e?.[r] ?? null;
                      return (
                        <td key={days[i]!.key}>
                          {v === null ? (
                            <span className="health-mark health-mark--none">
                              <span aria-hidden="true">–</span>
                              <span className="visually-hidden">{t('noData')}</span>
                            </span>
                          ) : (
                            <span className={`health-mark health-mark--${v === 1 ? 'good' : 'bad'}`}>
                              <span aria-hidden="true">{v === 1 ? '○' : '×'}</span>
                              <span className="visually-hidden">{t(`ratings.${r}${v === 1 ? 'Good' : 'Bad'}`)}</span>
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('ratings.score')}</th>
                  {entries.map((e, i) => (
                    <td key={days[i]!.key} className="health-ratings__score">
                      {e?.score ?? '–'}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <p className="health-unit">{t('ratings.legend')}</p>
        </>
      )}
    </div>
  );
}

/** Home section for signed-in users: the tabbed steps log and health log (spec 1 §2, §4, §9). */
export default function HomeCharts() {
  const { t } = useTranslation('health');
  const [tab, setTab] = useState<Tab>('steps');
  const base = useId();
  const tabs: Tab[] = ['steps', 'health'];
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ steps: null, health: null });
  const status = useQuery({ queryKey: ['health', 'inputStatus'], queryFn: () => callOrThrow('getHealthLogInputStatus') });
  const streak = status.data?.continuousDays ?? 0;

  function onKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'steps' ? 'health' : 'steps';
    setTab(next);
    refs.current[next]?.focus();
  }

  return (
    <section className="home-section health-home" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="section-title">
        {t('home.title')}
      </h2>
      <div className="card health-card">
        <div className="health-tabs" role="tablist" aria-label={t('home.title')} onKeyDown={onKey}>
          {tabs.map((k) => (
            <button
              key={k}
              ref={(el) => {
                refs.current[k] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${k}`}
              aria-selected={tab === k}
              aria-controls={`${base}-panel-${k}`}
              tabIndex={tab === k ? 0 : -1}
              className={`health-tabs__tab${tab === k ? ' health-tabs__tab--active' : ''}`}
              onClick={() => setTab(k)}
            >
              {t(`home.tab.${k}`)}
              {k === 'health' && streak >= 2 && <span className="health-streak">{t('home.streak', { days: streak })}</span>}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} tabIndex={0}>
          {tab === 'steps' ? <StepsPanel /> : <HealthPanel />}
        </div>
      </div>
    </section>
  );
}
