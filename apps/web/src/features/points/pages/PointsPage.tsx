import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { usePoints } from '../api/get-points.ts';
import { BalanceCard } from '../components/BalanceCard.tsx';
import { EntryTable } from '../components/EntryTable.tsx';
import { HowToEarn } from '../components/HowToEarn.tsx';
import { PointsNav } from '../components/PointsNav.tsx';
import '../points.css';

/**
 * /points: the member's balance, the Tokyo day it expires, and the ledger newest first, a page at a time
 * (docs/requirements/points.md#points-members, #points-ledger); an empty ledger says how to earn points. Signed-in
 * members only (the route table says so).
 */
export default function PointsPage() {
  const { t } = useTranslation('points');
  const query = usePoints();
  const first = query.data?.pages[0];
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="container page page--narrow points-page">
      <h1 className="page-title">{t('ledger.title')}</h1>
      <PointsNav />
      <QueryState query={query} error={t('ledger.loadFailed')}>
        {first && (
          <>
            <BalanceCard balance={first.balance} expiresOn={first.expiresOn} />
            {entries.length === 0 ? (
              <HowToEarn />
            ) : (
              <section className="points-section" aria-labelledby="points-history-title">
                <h2 className="points-section__title" id="points-history-title">
                  {t('ledger.history')}
                </h2>
                <EntryTable entries={entries} />
                <ReadMore query={query} failed={t('ledger.moreFailed')} />
              </section>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
