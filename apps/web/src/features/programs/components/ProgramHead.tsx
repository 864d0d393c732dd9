import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { ProgramBadges } from './ProgramBadges.tsx';
import { ProgramDates } from './ProgramDates.tsx';

/** A round page's head: the kind, status and entered badges, the name and the dates with the day results are final. */
export function ProgramHead({ program }: { program: ProgramSummary }) {
  return (
    <header className="program-head">
      <ProgramBadges program={program} />
      <h1 className="page-title program-head__name">{program.name}</h1>
      <ProgramDates program={program} showFinal />
    </header>
  );
}
