import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Chart as ReactChart, Doughnut, Radar, Bar } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { MIN_PEER_GROUP } from '@hibi/contract/constants';
import { callOrThrow } from '../../../lib/api.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { COLORS } from '../charts/setup.ts';
import {
  availableMonths,
  availableYears,
  CATEGORIES,
  monthStartMs,
  pickYear,
  previousMonth,
  ratingIcon,
  recommendedTags,
  type Category,
  type YearMonth,
  weightAxisRange,
} from '../logic.ts';
import { Emoticon } from '../components/Emoticon.tsx';
import { LoggingStatus } from '../components/LoggingStatus.tsx';
import '../health.css';

const WIDE = '(min-width: 769px)';

function useWide() {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(WIDE).matches);
  useEffect(() => {
    const mq = window.matchMedia(WIDE);
    const on = () => setWide(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return wide;
}

function MonthPicker({ value, onChange, latest }: { value: YearMonth; onChange: (v: YearMonth) => void; latest: YearMonth }) {
  const { t } = useTranslation('health');
  const id = useId();
  return (
    <div className="health-month-picker">
      <div className="field">
        <label htmlFor={`${id}-y`}>{t('report.year')}</label>
        <select id={`${id}-y`} value={value.year} onChange={(e) => onChange(pickYear(Number(e.target.value), value.month, latest))}>
          {availableYears(latest).map((y) => (
            <option key={y} value={y}>
              {t('report.yearOption', { year: y })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-m`}>{t('report.month')}</label>
        <select id={`${id}-m`} value={value.month} onChange={(e) => onChange({ year: value.year, month: Number(e.target.value) })}>
          {availableMonths(value.year, latest).map((m) => (
            <option key={m} value={m}>
              {t('report.monthOption', { month: m })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type Stats = Awaited<ReturnType<typeof callOrThrow<'getHealthLogStats'>>>;

function ScoreChart({ stats }: { stats: Stats }) {
  const { t } = useTranslation('health');
  const wide = useWide();
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
        backgroundColor: COLORS.primarySoft,
        borderColor: COLORS.primary,
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
        borderColor: COLORS.pink,
        backgroundColor: COLORS.pink,
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
        grid: { color: COLORS.grid },
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
    <section className="card health-report-card" aria-labelledby="report-score">
      <h2 id="report-score" className="health-report-card__title">
        {t('report.scoreTitle')}
      </h2>
      <div className="health-chart health-chart--report">
        <ReactChart type="bar" data={data} options={options} role="img" aria-label={t('report.scoreChartLabel')} />
      </div>
      <details className="health-alt">
        <summary>{t('showTable')}</summary>
        <table className="health-table">
          <caption>{t('report.scoreTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.monthHeader')}</th>
              <th scope="col">{t('report.score')}</th>
              <th scope="col">{t('report.weightAxis')}</th>
              <th scope="col">{t('report.stepsHeader')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.month}>
                <th scope="row">{label(r.month)}</th>
                <td>{r.score ?? t('noData')}</td>
                <td>{r.weight ?? t('noData')}</td>
                <td>{r.steps === null ? t('noData') : formatNumber(r.steps, currentLocale())}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function CategoryCard({ stats }: { stats: Stats }) {
  const { t } = useTranslation('health');
  const values = CATEGORIES.map((c) => stats.average[c]);
  const data: ChartData<'radar', number[], string> = {
    labels: CATEGORIES.map((c) => t(`category.${c}`)),
    datasets: [
      {
        label: t('report.categoryTitle'),
        data: values.map((v) => v ?? 0),
        borderColor: COLORS.primary,
        backgroundColor: 'rgba(31, 122, 109, 0.2)',
        pointBackgroundColor: COLORS.primary,
        fill: true,
      },
    ],
  };
  const options: ChartOptions<'radar'> = {
    plugins: { legend: { display: false } },
    scales: { r: { min: 0, max: 100, ticks: { stepSize: 20, backdropColor: 'transparent' }, grid: { color: COLORS.grid } } },
  };
  return (
    <section className="card health-report-card" aria-labelledby="report-category">
      <h2 id="report-category" className="health-report-card__title">
        {t('report.categoryTitle')}
      </h2>
      <div className="health-report-split">
        <div className="health-chart health-chart--radar">
          <Radar data={data} options={options} role="img" aria-label={t('report.radarLabel')} />
        </div>
        <ul className="health-category-list">
          {CATEGORIES.map((c, i) => {
            const icon = ratingIcon(values[i]);
            return (
              <li key={c} className="health-category">
                <Emoticon level={icon} size={36} label={t(`report.icon${icon}`)} />
                <span className="health-category__name">{t(`category.${c}`)}</span>
                <span className="health-category__score">{values[i] === null ? t('noData') : values[i]!.toFixed(1)}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function HistogramCard({ stats }: { stats: Stats }) {
  const { t } = useTranslation('health');
  const { buckets, userBucketIndex, peerPosition, userCount, withheld } = stats.histogram;
  if (withheld) {
    return (
      <section className="card health-report-card" aria-labelledby="report-histogram">
        <h2 id="report-histogram" className="health-report-card__title">
          {t('report.histogramTitle')}
        </h2>
        <p className="health-position">{t('report.histogramWithheld', { count: MIN_PEER_GROUP })}</p>
      </section>
    );
  }
  const labels = buckets.map((b) => `${b.from}–${b.to}`);
  const data: ChartData<'bar', number[], string> = {
    labels,
    datasets: [
      {
        label: t('report.people'),
        data: buckets.map((b) => b.count),
        backgroundColor: buckets.map((_, i) => (i === userBucketIndex ? COLORS.pink : COLORS.primarySoft)),
        borderRadius: 3,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    plugins: { legend: { display: false } },
    scales: {
      x: { beginAtZero: true, title: { display: true, text: t('report.people') }, grid: { color: COLORS.grid }, ticks: { precision: 0 } },
      y: { title: { display: true, text: t('report.score') }, grid: { display: false } },
    },
  };
  return (
    <section className="card health-report-card" aria-labelledby="report-histogram">
      <h2 id="report-histogram" className="health-report-card__title">
        {t('report.histogramTitle')}
      </h2>
      <p className="health-position">
        {peerPosition === null ? t('report.noPosition') : t('report.position', { percent: peerPosition, total: userCount })}
      </p>
      <div className="health-chart health-chart--histogram">
        <Bar data={data} options={options} role="img" aria-label={t('report.histogramLabel')} />
      </div>
      <details className="health-alt">
        <summary>{t('showTable')}</summary>
        <table className="health-table">
          <caption>{t('report.histogramTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.score')}</th>
              <th scope="col">{t('report.people')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b.from} className={i === userBucketIndex ? 'health-table__own' : undefined}>
                <th scope="row">
                  {labels[i]}
                  {i === userBucketIndex && <span className="health-you">{t('report.you')}</span>}
                </th>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function InputRateCard({ stats }: { stats: Stats }) {
  const { t } = useTranslation('health');
  const rate = Math.min(100, stats.inputRate);
  const data: ChartData<'doughnut', number[], string> = {
    labels: [t('report.entered'), t('report.notEntered')],
    datasets: [{ data: [rate, 100 - rate], backgroundColor: [COLORS.primary, COLORS.grid], borderWidth: 0 }],
  };
  const options: ChartOptions<'doughnut'> = { cutout: '80%', plugins: { legend: { display: false }, tooltip: { enabled: false } } };
  return (
    <section className="card health-report-card" aria-labelledby="report-input">
      <h2 id="report-input" className="health-report-card__title">
        {t('report.inputTitle')}
      </h2>
      <div className="health-doughnut">
        <div className="health-chart health-chart--doughnut">
          <Doughnut
            data={data}
            options={options}
            role="img"
            aria-label={t('report.inputText', { rate, days: stats.inputDays, total: stats.daysInMonth })}
          />
        </div>
        <p className="health-doughnut__center">
          <span className="health-doughnut__rate">{rate}%</span>
        </p>
      </div>
      <p className="health-position">{t('report.inputText', { rate, days: stats.inputDays, total: stats.daysInMonth })}</p>
    </section>
  );
}

function Recommended({ stats }: { stats: Stats }) {
  const { t } = useTranslation('health');
  const { tags, perTag } = recommendedTags(stats.average as Record<Category, number | null>);
  const results = useQueries({
    queries: tags.map((tag) => ({
      queryKey: ['health', 'recommended', tag, currentLocale()],
      queryFn: () => callOrThrow('getReportArticlesByTag', { tagIds: [tag], sortBy: 'newer', offset: 0, perPage: 6 }),
      retry: false,
    })),
  });
  const seen = new Set<number>();
  const articles: { id: number; title: string; imageUrl: string }[] = [];
  results.forEach((r) => {
    let taken = 0;
    for (const a of r.data?.reportArticles ?? []) {
      if (taken >= perTag) break;
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      articles.push(a);
      taken += 1;
    }
  });
  const loading = results.some((r) => r.isLoading);
  return (
    <section className="health-recommended" aria-labelledby="report-recommended">
      <h2 id="report-recommended" className="section-title">
        {t('report.recommendedTitle')}
      </h2>
      {loading ? (
        <Spinner />
      ) : articles.length === 0 ? (
        <p className="empty-state">{t('report.noArticles')}</p>
      ) : (
        <ul className="health-articles">
          {articles.map((a) => (
            <li key={a.id}>
              <Link to={`/library/${a.id}`} className="health-article card">
                <img src={a.imageUrl} alt="" className="health-article__image" />
                <span className="health-article__title">{a.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The monthly lifestyle report (/account/healthStats, spec 2 §2, §4, §9). */
export default function HealthStatsPage() {
  const { t } = useTranslation('health');
  const stored = useSession();
  const latest = previousMonth(Date.now());
  const [picked, setPicked] = useState<YearMonth>(latest);
  const profile = useQuery({ queryKey: ['account', 'myProfile', 'head'], queryFn: () => callOrThrow('getMyProfile'), retry: false });
  const head =
    profile.data?.profile ??
    (profile.isError && stored
      ? { nickname: stored.user.nickname, comment: '', attribution1: '', profileImageUrl: stored.user.profileImageUrl, backgroundImageUrl: null }
      : null);
  const fromDateTime = monthStartMs(picked);
  const stats = useQuery({
    queryKey: ['health', 'stats', fromDateTime],
    queryFn: () => callOrThrow('getHealthLogStats', { fromDateTime }),
  });

  return (
    <AccountFrame profile={head}>
      <div className="health-report">
        <h1 className="page-title">{t('report.title')}</h1>
        <LoggingStatus />
        <MonthPicker value={picked} onChange={setPicked} latest={latest} />
        {stats.isLoading ? (
          <Spinner />
        ) : stats.isError || !stats.data ? (
          <p className="form-error">{t('loadFailed')}</p>
        ) : (
          <>
            <p className="health-report__summary" aria-live="polite">
              {stats.data.average.score === null
                ? t('report.noScore', { year: picked.year, month: picked.month })
                : t('report.summary', { year: picked.year, month: picked.month, score: stats.data.average.score })}
            </p>
            <ScoreChart stats={stats.data} />
            <div className="health-report-grid">
              <CategoryCard stats={stats.data} />
              <InputRateCard stats={stats.data} />
            </div>
            <HistogramCard stats={stats.data} />
            <Recommended stats={stats.data} />
          </>
        )}
      </div>
    </AccountFrame>
  );
}
