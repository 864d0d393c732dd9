import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useSession } from '../../../lib/session.ts';
import { useHealthStats } from '../api/get-health-stats.ts';
import { useProfileHead } from '../api/get-profile-head.ts';
import { LoggingStatus } from '../components/LoggingStatus.tsx';
import { CategoryCard } from '../components/report/CategoryCard.tsx';
import { HistogramCard } from '../components/report/HistogramCard.tsx';
import { InputRateCard } from '../components/report/InputRateCard.tsx';
import { MonthPicker } from '../components/report/MonthPicker.tsx';
import { RecommendedArticles } from '../components/report/RecommendedArticles.tsx';
import { ScoreChart } from '../components/report/ScoreChart.tsx';
import { monthStartMs, previousMonth, type YearMonth } from '../logic.ts';
import '../health.css';

/** The head of the frame: the profile, or what the browser knows of the member when the profile cannot be read. */
function useFrameHead() {
  const stored = useSession();
  const profile = useProfileHead();
  if (profile.data) return profile.data;
  if (profile.isError && stored) {
    return { nickname: stored.user.nickname, comment: '', attribution1: '', profileImageUrl: stored.user.profileImageUrl, backgroundImageUrl: null };
  }
  return null;
}

/** The monthly lifestyle report (/account/healthStats, docs/requirements/health.md#health-report). */
export default function HealthStatsPage() {
  const { t } = useTranslation('health');
  const latest = previousMonth(Date.now());
  const [picked, setPicked] = useState<YearMonth>(latest);
  const head = useFrameHead();
  const stats = useHealthStats(monthStartMs(picked));
  const data = stats.data;

  return (
    <AccountFrame profile={head}>
      <div className="health-report">
        <h1 className="page-title">{t('report.title')}</h1>
        <LoggingStatus />
        <MonthPicker value={picked} onChange={setPicked} latest={latest} />
        <QueryState query={stats} error={t('loadFailed')}>
          {data && (
            <>
              <p className="health-report__summary" aria-live="polite">
                {data.average.score === null
                  ? t('report.noScore', { year: picked.year, month: picked.month })
                  : t('report.summary', { year: picked.year, month: picked.month, score: data.average.score })}
              </p>
              <ScoreChart stats={data} />
              <div className="health-report-grid">
                <CategoryCard stats={data} />
                <InputRateCard stats={data} />
              </div>
              <HistogramCard stats={data} />
              <RecommendedArticles stats={data} />
            </>
          )}
        </QueryState>
      </div>
    </AccountFrame>
  );
}
