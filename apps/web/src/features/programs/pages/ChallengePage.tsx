import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { isProgramID } from '../api/keys.ts';
import { useIndividualMatch, type Challenge } from '../api/get-individual-match.ts';
import { ChallengeEntry } from '../components/ChallengeEntry.tsx';
import { ChallengeProgress } from '../components/ChallengeProgress.tsx';
import { DaysList } from '../components/DaysList.tsx';
import { DrawSection } from '../components/DrawSection.tsx';
import { EntryClosedNote } from '../components/EntryClosedNote.tsx';
import { Prizes } from '../components/Prizes.tsx';
import { ProgramHead } from '../components/ProgramHead.tsx';
import { ProgramRules } from '../components/ProgramRules.tsx';
import { entryOpenOn, todayInTokyo } from '../format.ts';
import '../programs.css';

/**
 * /programs/challenges/:individualMatchID: one walking challenge (docs/requirements/programs.md#programs-challenges): the
 * entry while open; the member's counted average against the threshold, days, eligibility, provisional or final; their
 * days; the prizes; and the draw anyone can check (#programs-draw). A challenge not open to the member is not found.
 */
export default function ChallengePage() {
  const { t } = useTranslation('programs');
  const individualMatchID = Number(useParams().individualMatchID);
  const query = useIndividualMatch(individualMatchID);
  const data = query.data;
  const notFound = !isProgramID(individualMatchID) || (query.error instanceof ApiError && query.error.errorCode === 'notFound');

  useNotFound(notFound);
  usePageMeta(data ? { title: data.program.name } : null);

  if (notFound) return <NotFound />;
  return (
    <article className="container page page--narrow program-page">
      <p className="program-page__back">
        <Link to="/programs">{t('backToList')}</Link>
      </p>
      <QueryState query={query} error={t('pageLoadFailed')}>
        {data && <ChallengeView data={data} />}
      </QueryState>
    </article>
  );
}

function ChallengeView({ data }: { data: Challenge }) {
  const { program } = data;
  const today = todayInTokyo();
  return (
    <>
      <ProgramHead program={program} />
      {data.entered ? (
        <>
          <ChallengeProgress data={data} />
          <DaysList days={data.myDays} />
        </>
      ) : entryOpenOn(program, today) ? (
        <ChallengeEntry individualMatchID={program.id} />
      ) : (
        <EntryClosedNote program={program} today={today} />
      )}
      <Prizes prizes={data.prizes} />
      <DrawSection draw={data.draw} prizes={data.prizes} />
      <ProgramRules program={program} />
    </>
  );
}
