import type { ProgramStatus } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';

// The console's state colours (console.css): upcoming plain, entry open and running as scheduled (running dashed),
// provisional as a warning, final as published.
const STATUS_CLASS: Record<ProgramStatus, string> = {
  upcoming: '',
  entryOpen: ' console-state--scheduled',
  running: ' console-state--scheduled programs-state--running',
  provisional: ' console-state--unpublished',
  final: ' console-state--published',
};

/** A program's status: upcoming, entry open, running, provisional, final (functions/programs.ts PROGRAM_STATUSES). */
export function ProgramStatusBadge({ status }: { status: ProgramStatus }) {
  const { t } = useTranslation('consolePrograms');
  return <span className={`console-state${STATUS_CLASS[status]}`}>{t(`statuses.${status}`)}</span>;
}
