import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDay } from '../format.ts';

/** For a member who did not enter while entry is not open: when it opens, or that it is closed. */
export function EntryClosedNote({ program, today }: { program: ProgramSummary; today: string }) {
  const { t } = useTranslation('programs');
  const text =
    today < program.entryFrom
      ? t('entry.notYet', { day: formatDay(program.entryFrom, currentLocale()) })
      : `${t('entry.notEntered')} ${t('entry.closed')}`;
  return <p className="program-note">{text}</p>;
}
