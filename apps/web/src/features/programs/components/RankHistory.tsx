import type { TeamWalk } from '../api/get-team-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatDay } from '../format.ts';

/** A small line of the league rank (rank 1 on top); the table under it has every figure, and the picture's label says so. */
function RankLine({ points, label }: { points: TeamWalk['rankHistory']; label: string }) {
  if (points.length < 2) return null;
  const worst = Math.max(2, ...points.map((p) => p.leagueRank));
  const w = 320;
  const h = 90;
  const left = 30;
  const x = (i: number) => left + (i * (w - left - 10)) / (points.length - 1);
  const y = (rank: number) => 10 + ((rank - 1) * (h - 20)) / (worst - 1);
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.leagueRank).toFixed(1)}`).join(' ');
  const last = points.at(-1)!;
  return (
    <svg className="program-rank-line" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} focusable="false">
      <line x1={left} x2={w - 10} y1="10" y2="10" className="program-rank-line__grid" />
      <line x1={left} x2={w - 10} y1={h - 10} y2={h - 10} className="program-rank-line__grid" />
      <text x={left - 8} y="14" className="program-rank-line__label" textAnchor="end">
        1
      </text>
      <text x={left - 8} y={h - 6} className="program-rank-line__label" textAnchor="end">
        {worst}
      </text>
      <path d={d} className="program-rank-line__path" />
      <circle cx={x(points.length - 1)} cy={y(last.leagueRank)} r="4" className="program-rank-line__dot" />
    </svg>
  );
}

/** The team's rank day by day (a picture and the same figures as a table) and its best ranks. */
export function RankHistory({ data }: { data: Pick<TeamWalk, 'rankHistory' | 'bestRank' | 'bestLeagueRank'> }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  const points = data.rankHistory;
  const rank = (value: number | null) => (value === null ? t('history.none') : t('standings.rankValue', { rank: value }));
  return (
    <section className="program-section" aria-labelledby="program-history-title">
      <h2 className="program-section__title" id="program-history-title">
        {t('history.title')}
      </h2>
      {points.length === 0 ? (
        <p className="empty-state">{t('history.empty')}</p>
      ) : (
        <>
          <RankLine
            points={points}
            label={t('history.chartLabel', { first: formatDay(points[0]!.day, locale, false), last: formatDay(points.at(-1)!.day, locale, false) })}
          />
          <div className="program-table-scroll">
            <table className="program-table">
              <caption className="visually-hidden">{t('history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.day')}</th>
                  <th scope="col" className="program-table__number">
                    {t('history.leagueRank')}
                  </th>
                  <th scope="col" className="program-table__number">
                    {t('history.rank')}
                  </th>
                  <th scope="col" className="program-table__number">
                    {t('history.score')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.day}>
                    <th scope="row" className="program-table__day">
                      {formatDay(p.day, locale, false)}
                    </th>
                    <td className="program-table__number">{rank(p.leagueRank)}</td>
                    <td className="program-table__number">{rank(p.rank)}</td>
                    <td className="program-table__number">{formatNumber(p.score, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h3 className="program-section__subtitle">{t('history.best')}</h3>
      <dl className="program-facts">
        <div>
          <dt>{t('history.bestLeague')}</dt>
          <dd>{rank(data.bestLeagueRank)}</dd>
        </div>
        <div>
          <dt>{t('history.bestOverall')}</dt>
          <dd>{rank(data.bestRank)}</dd>
        </div>
      </dl>
    </section>
  );
}
