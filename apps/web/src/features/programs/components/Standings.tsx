import type { TeamWalk } from '../api/get-team-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatDay } from '../format.ts';

/**
 * The member's league standings (docs/requirements/programs.md#programs-team-walk): rank, team, members and average
 * counted steps, the member's team marked in words and colour; labelled provisional or final with the last day they
 * include.
 */
export function Standings({ data }: { data: Pick<TeamWalk, 'standings' | 'final' | 'throughDay' | 'league'> }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  const state = data.final ? 'final' : 'provisional';
  return (
    <section className="program-section" aria-labelledby="program-standings-title">
      <h2 className="program-section__title" id="program-standings-title">
        {t('standings.title')}
      </h2>
      {data.throughDay === null || data.standings.length === 0 ? (
        <p className="empty-state">{t('standings.notYet')}</p>
      ) : (
        <>
          <p className={`program-standing-state program-standing-state--${state}`} id="program-standings-state">
            <span className={`program-badge program-badge--${state}`}>{t(`status.${state}`)}</span>{' '}
            {t(`standings.${state}`, { day: formatDay(data.throughDay, locale) })}
          </p>
          <div className="program-table-scroll">
            <table className="program-table" aria-describedby="program-standings-state">
              <caption className="visually-hidden">{t('standings.caption', { league: data.league ?? '' })}</caption>
              <thead>
                <tr>
                  <th scope="col" className="program-table__number">
                    {t('standings.rank')}
                  </th>
                  <th scope="col">{t('standings.team')}</th>
                  <th scope="col" className="program-table__number">
                    {t('standings.members')}
                  </th>
                  <th scope="col" className="program-table__number">
                    {t('standings.score')}
                  </th>
                  <th scope="col" className="program-table__number">
                    {t('standings.overall')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.standings.map((s) => (
                  <tr key={s.teamID} className={s.mine ? 'program-table__mine' : undefined}>
                    <td className="program-table__number">{t('standings.rankValue', { rank: s.leagueRank })}</td>
                    <th scope="row">
                      {s.name}
                      {s.mine && <span className="program-table__mine-label"> {t('standings.mine')}</span>}
                    </th>
                    <td className="program-table__number">{formatNumber(s.memberCount, locale)}</td>
                    <td className="program-table__number">{formatNumber(s.score, locale)}</td>
                    <td className="program-table__number">{t('standings.rankValue', { rank: s.rank })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
