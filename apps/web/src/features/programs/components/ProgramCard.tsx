import { useId } from 'react';
import { Link } from 'react-router';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { entryOpenOn, programPath } from '../format.ts';
import { ProgramBadges } from './ProgramBadges.tsx';
import { ProgramDates } from './ProgramDates.tsx';

/** What the card's button says: enter while the window is open, the member's progress once entered, else the details. */
function callToAction(program: ProgramSummary, today: string) {
  if (program.entered) return program.status === 'final' ? 'cta.results' : 'cta.progress';
  if (entryOpenOn(program, today)) return 'cta.enter';
  return 'cta.details';
}

/** One program of the list (docs/requirements/programs.md#programs-members). */
export function ProgramCard({ program, today }: { program: ProgramSummary; today: string }) {
  const { t } = useTranslation('programs');
  const nameID = useId();
  const action = callToAction(program, today);
  return (
    <li className="program-card card">
      <ProgramBadges program={program} />
      <h2 className="program-card__name" id={nameID}>
        {program.name}
      </h2>
      <ProgramDates program={program} />
      <p className="program-card__action">
        <Link
          to={programPath(program)}
          className={`button button--small ${action === 'cta.enter' ? 'button--primary' : 'button--outline'}`}
          aria-describedby={nameID}
        >
          {t(action)}
        </Link>
      </p>
    </li>
  );
}
