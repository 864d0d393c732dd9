import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { MagazineState, MagazineStats as Stats } from '@hibi/contract/console/magazine';
import { QueryState } from '../../../../components/QueryState.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { useMagazineStats } from '../api/get-stats.ts';
import { magazineKeys } from '../api/keys.ts';

const FIGURES: (keyof Stats)[] = ['recipients', 'pending', 'sent', 'failed', 'skipped', 'unsubscribed'];

/**
 * A sending or sent issue's figures (docs/requirements/magazine.md#magazine-figures), read again every 5 s while it is
 * sending; when it is sent, the page's issue is read again (its state and time).
 */
export function MagazineStats({ issueID, state }: { issueID: number; state: MagazineState }) {
  const { t } = useTranslation('consoleMagazine');
  const id = useId();
  const query = useMagazineStats(issueID);
  const queryClient = useQueryClient();
  const latest = query.data?.state;
  useEffect(() => {
    if (latest && latest !== state) {
      void queryClient.invalidateQueries({ queryKey: magazineKeys.issue(issueID) });
      void queryClient.invalidateQueries({ queryKey: magazineKeys.lists });
    }
  }, [latest, state, issueID, queryClient]);
  const stats = query.data?.stats;
  return (
    <section className="console-fieldset magazine-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-editor__heading">
        {t('stats.title')}
      </h2>
      {(latest ?? state) === 'sending' && <p className="console-muted">{t('stats.refreshing')}</p>}
      <QueryState query={query} error={t('stats.loadError')}>
        {stats && (
          <dl className="magazine-stats">
            {FIGURES.map((figure) => (
              <div
                key={figure}
                className={`magazine-stats__item magazine-stats__item--${figure}${stats[figure] > 0 ? ' magazine-stats__item--some' : ''}`}
              >
                <dt>{t(`stats.${figure}`)}</dt>
                <dd>{formatNumber(stats[figure], currentLocale())}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </section>
  );
}
