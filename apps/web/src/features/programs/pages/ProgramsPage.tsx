import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePrograms } from '../api/list-programs.ts';
import { ProgramCard } from '../components/ProgramCard.tsx';
import { todayInTokyo } from '../format.ts';
import '../programs.css';

/**
 * /programs: the Team Walk rounds and walking challenges of the member's tenant, running and upcoming first, each with
 * its dates in Japan time, status, whether the member entered and a button to its page
 * (docs/requirements/programs.md#programs-members). Signed-in members only (the route table says so).
 */
export default function ProgramsPage() {
  const { t } = useTranslation('programs');
  const list = usePrograms();
  const programs = list.data ?? [];
  const today = todayInTokyo();
  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('title')}</h1>
      <p className="programs-lead">{t('lead')}</p>
      <QueryState query={list} isEmpty={programs.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <ul className="program-list">
          {programs.map((program) => (
            <ProgramCard key={`${program.kind}:${program.id}`} program={program} today={today} />
          ))}
        </ul>
      </QueryState>
    </div>
  );
}
