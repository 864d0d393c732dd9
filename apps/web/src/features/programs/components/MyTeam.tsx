import type { TeamWalk } from '../api/get-team-match.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { TeamCode } from './TeamCode.tsx';

/** The member's team: its name, its code in a self-formed round, its league and its members' nicknames (the member marked). */
export function MyTeam({
  team,
  league,
  leagueTeams,
  totalTeams,
}: Pick<TeamWalk, 'league' | 'leagueTeams' | 'totalTeams'> & { team: NonNullable<TeamWalk['team']> }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  return (
    <section className="program-section" aria-labelledby="program-team-title">
      <h2 className="program-section__title" id="program-team-title">
        {t('team.title')}
      </h2>
      <div className="card program-team">
        <p className="program-team__name">{team.name}</p>
        {league && (
          <p className="program-team__league">
            <span className="program-team__label">{t('team.league')}</span>{' '}
            {t('team.leagueValue', { league, teams: formatNumber(leagueTeams, locale), total: formatNumber(totalTeams, locale) })}
          </p>
        )}
        {team.code && <TeamCode code={team.code} />}
        <h3 className="program-team__members-title">{t('team.members', { count: team.members.length })}</h3>
        <ul className="program-team__members">
          {team.members.map((member, i) => (
            <li key={i} className={member.me ? 'program-team__me' : undefined}>
              {member.nickname}
              {member.me && <> {t('team.me')}</>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
