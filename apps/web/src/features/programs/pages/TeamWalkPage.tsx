import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { isProgramID } from '../api/keys.ts';
import { useTeamMatch, type TeamWalk } from '../api/get-team-match.ts';
import { DaysList } from '../components/DaysList.tsx';
import { EntryClosedNote } from '../components/EntryClosedNote.tsx';
import { MyTeam } from '../components/MyTeam.tsx';
import { ProgramHead } from '../components/ProgramHead.tsx';
import { ProgramRules } from '../components/ProgramRules.tsx';
import { RankHistory } from '../components/RankHistory.tsx';
import { Standings } from '../components/Standings.tsx';
import { TeamCode } from '../components/TeamCode.tsx';
import { TeamEntryPanel } from '../components/TeamEntryPanel.tsx';
import { entryOpenOn, formatDay, todayInTokyo } from '../format.ts';
import '../programs.css';

/**
 * /programs/team-walk/:teamMatchID: one Team Walk round (docs/requirements/programs.md#programs-team-walk): its status and
 * dates; the entry while it is open; once entered the member's team, league standings (provisional or final), rank
 * history, best ranks and own days. A round the member's tenant does not take part in is not found.
 */
export default function TeamWalkPage() {
  const { t } = useTranslation('programs');
  const teamMatchID = Number(useParams().teamMatchID);
  const query = useTeamMatch(teamMatchID);
  const data = query.data;
  const notFound = !isProgramID(teamMatchID) || (query.error instanceof ApiError && query.error.errorCode === 'notFound');
  // Entered on this page (the entry form gives way at once, before the round is read again), and the code of the team
  // the member just created, shown until they leave the page.
  const [entered, setEntered] = useState<{ code: string | null } | null>(null);

  useNotFound(notFound);
  usePageMeta(data ? { title: data.program.name } : null);

  if (notFound) return <NotFound />;
  return (
    <article className="container page page--narrow program-page">
      <p className="program-page__back">
        <Link to="/programs">{t('backToList')}</Link>
      </p>
      <QueryState query={query} error={t('pageLoadFailed')}>
        {data && <TeamWalk data={data} entered={entered} onEntered={(code) => setEntered({ code })} />}
      </QueryState>
    </article>
  );
}

function TeamWalk({
  data,
  entered,
  onEntered,
}: {
  data: TeamWalk;
  entered: { code: string | null } | null;
  onEntered: (code: string | null) => void;
}) {
  const { t } = useTranslation('programs');
  const { program } = data;
  const today = todayInTokyo();
  return (
    <>
      <ProgramHead program={program} />
      {entered && (
        <section className="program-section card program-created">
          <p role="status">{entered.code ? t('code.created') : t('entry.done')}</p>
          {entered.code && (
            <>
              <TeamCode code={entered.code} />
              <p className="field__hint">{t('code.note')}</p>
            </>
          )}
        </section>
      )}
      {!program.entered ? (
        entered ? null : entryOpenOn(program, today) ? (
          <TeamEntryPanel program={program} onEntered={onEntered} />
        ) : (
          <EntryClosedNote program={program} today={today} />
        )
      ) : (
        <>
          {data.team ? (
            <MyTeam team={data.team} league={data.league} leagueTeams={data.leagueTeams} totalTeams={data.totalTeams} />
          ) : (
            <p className="program-note">{t('team.waiting', { day: formatDay(program.startDate, currentLocale()) })}</p>
          )}
          <Standings data={data} />
          <RankHistory data={data} />
          <DaysList days={data.myDays} />
        </>
      )}
      <ProgramRules program={program} />
    </>
  );
}
