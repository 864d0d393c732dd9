import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** The kind (Team Walk or challenge), the status and whether the member entered or not, as badges with words (never colour alone). */
export function ProgramBadges({ program }: { program: Pick<ProgramSummary, 'kind' | 'status' | 'entered'> }) {
  const { t } = useTranslation('programs');
  return (
    <p className="program-badges">
      <span className={`program-badge program-badge--${program.kind}`}>{t(`kind.${program.kind}`)}</span>
      <span className={`program-badge program-badge--${program.status}`}>{t(`status.${program.status}`)}</span>
      {program.entered ? (
        <span className="program-badge program-badge--entered">{t('entered')}</span>
      ) : (
        <span className="program-badge program-badge--notEntered">{t('notEntered')}</span>
      )}
    </p>
  );
}
