import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { Result } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { getWalkingRank } from '../api/get-walking-rank.ts';
import { tokyoMidnight, useToolAction } from '../hooks/useToolAction.ts';
import { todayField } from './RecordSection.tsx';
import { DateField } from './DateField.tsx';
import { ToolResult, ToolSection } from './ToolSection.tsx';

/** getWalkingProgramRank for any day, in the company or among everyone: what the app's walking program shows. */
export function WalkingRankSection() {
  const { t } = useTranslation('devtool');
  const [date, setDate] = useState(todayField);
  const [filterbyTenant, setFilterbyTenant] = useState(true);
  const [rank, setRank] = useState<Result<'getWalkingProgramRank'> | null>(null);
  const action = useToolAction();

  function load(event: FormEvent) {
    event.preventDefault();
    void action.run(async () => {
      const res = await getWalkingRank({ timestamp: tokyoMidnight(date), filterbyTenant }).catch((e: unknown) => {
        setRank(null);
        throw e;
      });
      setRank(res.succeed ? res : null);
      return res.succeed ? null : action.failed(res);
    });
  }

  return (
    <ToolSection title={t('walking.heading')}>
      <form className="form" onSubmit={load} noValidate>
        <div className="devtool__grid">
          <DateField name="walkingDate" label={t('walking.date')} value={date} onChange={setDate} />
          <div className="field devtool__check">
            <input
              id="devtool-filter-by-tenant"
              name="filterbyTenant"
              type="checkbox"
              checked={filterbyTenant}
              onChange={(e) => setFilterbyTenant(e.target.checked)}
            />
            <label htmlFor="devtool-filter-by-tenant">{t('walking.filterbyTenant')}</label>
          </div>
        </div>
        <button type="submit" className="button button--primary" disabled={action.busy}>
          {t('walking.button')}
        </button>
      </form>
      <ToolResult>{action.result}</ToolResult>
      {rank && (
        <>
          <p>
            {t('walking.summary', {
              from: formatDate(rank.fromDateTime),
              to: formatDate(rank.toDateTime),
              rank: rank.rank ?? '-',
              users: rank.userCount,
              steps: rank.averageSteps.toLocaleString(),
            })}
          </p>
          <table>
            <caption className="visually-hidden">{t('walking.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('walking.rank')}</th>
                <th scope="col">{t('walking.name')}</th>
                <th scope="col">{t('walking.steps')}</th>
              </tr>
            </thead>
            <tbody>
              {rank.ranking.map((r, i) => (
                <tr key={i}>
                  <td className="devtool__num">{r.rank}</td>
                  <td>
                    {r.displayName ?? t('walking.anonymous')}
                    {r.isMe && ` ${t('walking.me')}`}
                  </td>
                  <td className="devtool__num">{r.averageSteps.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ToolSection>
  );
}
