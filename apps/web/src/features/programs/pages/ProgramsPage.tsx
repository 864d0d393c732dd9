import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePrograms } from '../api/list-programs.ts';
import { ProgramCard } from '../components/ProgramCard.tsx';
import { addDays } from '@hibi/contract/time';
import { Link } from 'react-router';
import { programPath, todayInTokyo } from '../format.ts';
import '../programs.css';

/**
 * /programs: the Team Walk rounds and walking challenges of the member's tenant, running and upcoming first, each with
 * its dates in Japan time, status, whether the member entered and a button to its page
 * (docs/requirements/programs.md#programs-members). Signed-in members only (the route table says so).
 */
/** How long a final result stays announced above the list. */
const RESULTS_NOTICE_DAYS = 30;

export default function ProgramsPage() {
  const { t } = useTranslation('programs');
  const list = usePrograms();
  const programs = list.data ?? [];
  const today = todayInTokyo();
  // The in-app notice of results (docs/requirements/programs.md#programs-notices): programs the member entered whose
  // results became final within the last RESULTS_NOTICE_DAYS days, above the list.
  const results = programs.filter(
    (p) => p.entered && p.status === 'final' && p.finalFrom < today && addDays(p.finalFrom, RESULTS_NOTICE_DAYS) >= today,
  );
  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('title')}</h1>
      <p className="programs-lead">{t('lead')}</p>
      {results.length > 0 && (
        <section className="programs-results card" aria-labelledby="programs-results-title">
          <h2 id="programs-results-title" className="programs-results__title">
            {t('results.title')}
          </h2>
          <ul className="programs-results__list">
            {results.map((p) => (
              <li key={`${p.kind}:${p.id}`}>
                {t('results.item', { name: p.name })} <Link to={programPath(p)}>{t('results.link')}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
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
