import type { ProgramKind } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { localized } from '../../../lib/localized.ts';
import { useIndividualMatchList } from '../api/list-individual-matches.ts';
import { useTeamMatchList } from '../api/list-team-matches.ts';

/** The programs the filter offers: the newest this many of each kind (a program further back: its page links here). */
const PROGRAMS_OFFERED = 100;

/**
 * The unusual days' program filter: every program, every program of one kind, or one program (the newest rounds and
 * challenges, grouped by kind). Its value is the address's `programKind` and `programID`; a program not among those
 * offered (linked from its page) is still shown as chosen.
 */
export function ProgramFilter({
  kind,
  programID,
  onChange,
}: {
  kind: ProgramKind | null;
  programID: number | null;
  onChange: (kind: ProgramKind | null, programID: number | null) => void;
}) {
  const { t } = useTranslation('consolePrograms');
  const teams = useTeamMatchList({ offset: 0, perPage: PROGRAMS_OFFERED });
  const challenges = useIndividualMatchList({ offset: 0, perPage: PROGRAMS_OFFERED });
  const value = kind === null ? '' : programID === null ? kind : `${kind}:${programID}`;
  const offered = new Set([
    ...(teams.data?.teamMatches ?? []).map((row) => `teamMatch:${row.teamMatchID}`),
    ...(challenges.data?.individualMatches ?? []).map((row) => `individualMatch:${row.individualMatchID}`),
  ]);
  return (
    <Field label={t('flags.programKind')} className="programs-filter">
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => {
            const [chosenKind, id] = event.target.value.split(':');
            onChange(chosenKind ? (chosenKind as ProgramKind) : null, id ? Number(id) : null);
          }}
        >
          <option value="">{t('flags.allKinds')}</option>
          <option value="teamMatch">{t('flags.allOfKind', { kind: t('kinds.teamMatch') })}</option>
          <option value="individualMatch">{t('flags.allOfKind', { kind: t('kinds.individualMatch') })}</option>
          {kind !== null && programID !== null && !offered.has(value) && (
            <option value={value}>{t('flags.programNumber', { kind: t(`kinds.${kind}`), id: programID })}</option>
          )}
          {(teams.data?.teamMatches.length ?? 0) > 0 && (
            <optgroup label={t('kinds.teamMatch')}>
              {teams.data!.teamMatches.map((row) => (
                <option key={row.teamMatchID} value={`teamMatch:${row.teamMatchID}`}>
                  {localized(row.name)}
                </option>
              ))}
            </optgroup>
          )}
          {(challenges.data?.individualMatches.length ?? 0) > 0 && (
            <optgroup label={t('kinds.individualMatch')}>
              {challenges.data!.individualMatches.map((row) => (
                <option key={row.individualMatchID} value={`individualMatch:${row.individualMatchID}`}>
                  {localized(row.name)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      )}
    </Field>
  );
}
