import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { callErrorText } from '../../../lib/forms.ts';
import { useStandings } from '../api/get-standings.ts';
import { useExportStandings } from '../api/export-standings.ts';
import { programErrorTexts } from './errors.ts';
import { formatCount } from './values.ts';

const PER_PAGE = 20;

/**
 * A round's standings (docs/requirements/programs.md#programs-team-walk): overall or of one league, best first, paged
 * in SQL; said to be provisional (through which day) or final. Owners and editors export them as CSV.
 */
export function StandingsPanel({ teamMatchID, canExport }: { teamMatchID: number; canExport: boolean }) {
  const { t } = useTranslation('consolePrograms');
  const [league, setLeague] = useState('');
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusText | null>(null);
  const query = useStandings({ teamMatchID, offset, perPage: PER_PAGE, ...(league ? { league } : {}) });
  const exportCsv = useExportStandings();
  const data = query.data;

  return (
    <section className="programs-panel" aria-labelledby="programs-standings">
      <div className="programs-standings-head">
        <h2 id="programs-standings">{t('standings.title')}</h2>
        {canExport && (
          <button
            type="button"
            className="button button--outline"
            disabled={exportCsv.isPending}
            aria-busy={exportCsv.isPending || undefined}
            onClick={() =>
              exportCsv.mutate(teamMatchID, {
                onSuccess: (fileName) => setStatus({ text: t('standings.exported', { fileName }), error: false }),
                onError: (error) => setStatus({ text: callErrorText(error, programErrorTexts(t)), error: true }),
              })
            }
          >
            {t('standings.export')}
          </button>
        )}
      </div>
      <StatusMessage message={status} />
      {data && (
        <p className="programs-meta">
          <span className={`console-state${data.final ? ' console-state--published' : ' console-state--unpublished'}`}>
            {data.final
              ? t('standings.final')
              : data.throughDay
                ? t('standings.provisional', { day: data.throughDay })
                : t('standings.provisionalNone')}
          </span>
        </p>
      )}
      {data && data.leagues.length > 1 && (
        <Field label={t('standings.league')}>
          {(control) => (
            <select
              {...control}
              value={league}
              onChange={(e) => {
                setLeague(e.target.value);
                setOffset(0);
              }}
            >
              <option value="">{t('standings.allLeagues')}</option>
              {data.leagues.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <QueryState query={query} isEmpty={(data?.standings.length ?? 0) === 0} empty={t('standings.empty')} error={t('standings.loadError')}>
        {data && (
          <>
            <div className="console-table-wrap" role="region" aria-label={t('standings.label')} tabIndex={0}>
              <table className="console-table programs-table">
                <caption className="visually-hidden">{t('standings.label')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="programs-number">
                      {t('standings.rank')}
                    </th>
                    <th scope="col" className="programs-number">
                      {t('standings.leagueRank')}
                    </th>
                    <th scope="col">{t('standings.team')}</th>
                    <th scope="col">{t('standings.league')}</th>
                    <th scope="col">{t('standings.tenant')}</th>
                    <th scope="col" className="programs-number">
                      {t('standings.members')}
                    </th>
                    <th scope="col" className="programs-number">
                      {t('standings.score')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.standings.map((row) => (
                    <tr key={row.teamID}>
                      <td className="programs-number">{row.rank}</td>
                      <td className="programs-number">{row.leagueRank}</td>
                      <th scope="row" className="console-break">
                        {row.name}
                      </th>
                      <td>{row.league}</td>
                      <td>{row.tenantName ?? t('round.none')}</td>
                      <td className="programs-number">{formatCount(row.memberCount)}</td>
                      <td className="programs-number">{formatCount(row.score)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager offset={offset} perPage={PER_PAGE} total={data.total} onChange={setOffset} />
          </>
        )}
      </QueryState>
    </section>
  );
}
