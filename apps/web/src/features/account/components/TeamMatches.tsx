import { useTranslation } from '../../../lib/i18n/react.tsx';
import { MIN_TEAM_SIZE } from '@hibi/contract/constants';
import type { TeamMatch } from '@hibi/contract/functions/account';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDayShort, formatSteps } from './format.ts';

/** A small line of the rank history (rank 1 at the top); the table under it carries the same numbers as text. */
function RankLine({ match }: { match: TeamMatch }) {
  const points = match.rankHistory;
  if (points.length < 2 || match.maxRank < 1) return null;
  const w = 300;
  const h = 80;
  const left = 28;
  const x = (i: number) => left + (i * (w - left - 8)) / (points.length - 1);
  const y = (rank: number) => 8 + ((rank - 1) * (h - 16)) / Math.max(1, match.maxRank - 1);
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.rank).toFixed(1)}`).join(' ');
  const last = points.at(-1)!;
  return (
    <svg className="rank-line" viewBox={`0 0 ${w} ${h}`} aria-hidden="true" focusable="false">
      <line x1={left} x2={w - 8} y1="8" y2="8" className="rank-line__top" />
      <line x1={left} x2={w - 8} y1={h - 8} y2={h - 8} className="rank-line__top" />
      <text x={left - 6} y="12" className="rank-line__label">
        1
      </text>
      <text x={left - 6} y={h - 4} className="rank-line__label">
        {match.maxRank}
      </text>
      <path d={d} className="rank-line__path" />
      <circle cx={x(points.length - 1)} cy={y(last.rank)} r="4" className="rank-line__dot" />
    </svg>
  );
}

export function TeamMatches({ matches }: { matches: TeamMatch[] }) {
  const { t } = useTranslation('account');
  const locale = currentLocale();
  if (matches.length === 0) return <p className="empty-state">{t('teams.empty')}</p>;
  return (
    <ul className="team-matches">
      {matches.map((m) => {
        const rank = m.rankHistory.at(-1)?.rank ?? null;
        return (
          <li key={m.id} className="team-match">
            <h3 className="team-match__name">{m.name}</h3>
            <p className="team-match__period">
              {formatDate(m.startDateTime)} 〜 {formatDate(m.endDateTime - 1)}
            </p>
            <dl className="team-match__facts">
              <div>
                <dt>{t('teams.team')}</dt>
                <dd>{t('teams.teamValue', { name: m.team.name, members: m.team.memberCount })}</dd>
              </div>
              <div>
                <dt>{t('teams.rank')}</dt>
                <dd>{rank === null ? t('teams.notStarted') : t('teams.rankOf', { rank, max: m.maxRank })}</dd>
              </div>
              <div>
                <dt>{t('teams.league')}</dt>
                <dd>
                  {m.leagueRank === null
                    ? t('teams.leagueOnly', { league: m.league })
                    : t('teams.leagueRankOf', { league: m.league, rank: m.leagueRank, max: m.maxLeagueRank })}
                </dd>
              </div>
            </dl>
            {m.team.memberCount < MIN_TEAM_SIZE && <p className="team-match__note">{t('teams.tooSmall')}</p>}
            <RankLine match={m} />
            {m.rankHistory.length > 0 && (
              <details className="team-match__history">
                <summary>{t('teams.history')}</summary>
                <div className="table-scroll">
                  <table className="data-table">
                    <caption className="visually-hidden">{t('teams.historyCaption', { name: m.name })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('teams.day')}</th>
                        <th scope="col">{t('teams.rank')}</th>
                        <th scope="col">{t('teams.steps')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {m.rankHistory.map((r, i) => (
                        <tr key={r.dateTime}>
                          <th scope="row">{formatDayShort(r.dateTime, locale)}</th>
                          <td>{t('teams.rankOf', { rank: r.rank, max: m.maxRank })}</td>
                          <td>{formatSteps(m.stepsHistory[i]?.steps ?? 0, locale)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
