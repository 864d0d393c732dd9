import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProgramSummary } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Field } from '../../../components/Field.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { enterTeamMatch } from '../api/enter-team-match.ts';
import { programsKeys } from '../api/keys.ts';
import { TEAM_CODE_LENGTH, TEAM_NAME_MAX } from '../format.ts';
import { entryErrorKey } from './entryErrors.ts';

type Choice = 'create' | 'join';

/** Sends the entry and tells the page; the refusal's message otherwise. */
function useEnter(teamMatchID: number, onEntered: (teamCode: string | null) => void) {
  const { t } = useTranslation('programs');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function enter(choice: { newTeamName?: string; teamCode?: string }): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const result = await enterTeamMatch({ teamMatchID, ...choice });
      if (result.succeed) {
        // Only a team the member created has a code to share from here; a joiner's team shows it under My team.
        onEntered(choice.newTeamName ? result.teamCode : null);
        await client.invalidateQueries({ queryKey: programsKeys.all });
        return true;
      }
      // The server's own words for a name it refuses (forbidden characters), else the code's message.
      setError(
        result.errorCode === 'validationError' && result.validationErrorMessage?.[0]
          ? result.validationErrorMessage[0]
          : t(entryErrorKey(result.errorCode)),
      );
    } catch {
      setError(t(entryErrorKey()));
    } finally {
      setBusy(false);
    }
    return false;
  }

  return { enter, busy, error };
}

/**
 * Entering a Team Walk while its entry window is open (docs/requirements/programs.md#programs-team-walk): one button with a
 * confirmation when the office forms the teams (department, balanced); in a self-formed round, either create a team
 * with a name (its code comes back to share) or join one with a code. Each refusal has its own message.
 */
export function TeamEntryPanel({ program, onEntered }: { program: ProgramSummary; onEntered: (teamCode: string | null) => void }) {
  const { t } = useTranslation('programs');
  return (
    <section className="program-section program-entry card" aria-labelledby="program-entry-title">
      <h2 className="program-section__title" id="program-entry-title">
        {t('entry.title')}
      </h2>
      {program.formationMode === 'selfFormed' ? (
        <SelfFormedEntry teamMatchID={program.id} onEntered={onEntered} />
      ) : (
        <OneButtonEntry teamMatchID={program.id} onEntered={onEntered} />
      )}
    </section>
  );
}

function OneButtonEntry({ teamMatchID, onEntered }: { teamMatchID: number; onEntered: (teamCode: string | null) => void }) {
  const { t } = useTranslation('programs');
  const [asking, setAsking] = useState(false);
  const { enter, busy, error } = useEnter(teamMatchID, onEntered);
  return (
    <>
      <FormError>{error}</FormError>
      <button type="button" className="button button--primary button--block" onClick={() => setAsking(true)}>
        {t('entry.button')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('entry.confirmTitle')}
        confirmLabel={t('entry.confirm')}
        cancelLabel={t('entry.cancel')}
        tone="primary"
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void enter({}).then(() => setAsking(false))}
      >
        <p>{t('entry.confirmTeamWalk')}</p>
      </ConfirmDialog>
    </>
  );
}

function SelfFormedEntry({ teamMatchID, onEntered }: { teamMatchID: number; onEntered: (teamCode: string | null) => void }) {
  const { t } = useTranslation('programs');
  const groupName = useId();
  const [choice, setChoice] = useState<Choice>('create');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { enter, busy, error } = useEnter(teamMatchID, onEntered);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    if (choice === 'create') {
      const trimmed = name.trim();
      if (!trimmed) return setFieldError(t('entry.teamNameRequired'));
      if ([...trimmed].length > TEAM_NAME_MAX) return setFieldError(t('entry.teamNameTooLong', { max: TEAM_NAME_MAX }));
      void enter({ newTeamName: trimmed });
    } else {
      const trimmed = code.trim().toUpperCase();
      if (!trimmed) return setFieldError(t('entry.teamCodeRequired'));
      void enter({ teamCode: trimmed });
    }
  }

  return (
    <form className="program-entry__form" onSubmit={submit} noValidate>
      <FormError>{error}</FormError>
      <fieldset className="program-entry__choices">
        <legend>{t('entry.choiceLegend')}</legend>
        {(['create', 'join'] as const).map((value) => (
          <label key={value} className="radio-card program-entry__choice">
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                setFieldError(null);
              }}
            />
            <span>
              <strong>{t(`entry.${value}`)}</strong>
              <span className="field__hint">{t(value === 'create' ? 'entry.createHint' : 'entry.joinHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'create' ? (
        <Field label={t('entry.teamName')} hint={t('entry.teamNameHint', { max: TEAM_NAME_MAX })} error={fieldError} key="create">
          {(control) => (
            <input {...control} type="text" name="newTeamName" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" required />
          )}
        </Field>
      ) : (
        <Field label={t('entry.teamCode')} hint={t('entry.teamCodeHint', { length: TEAM_CODE_LENGTH })} error={fieldError} key="join">
          {(control) => (
            <input
              {...control}
              type="text"
              name="teamCode"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              className="program-entry__code-input"
              required
            />
          )}
        </Field>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
        {t(choice === 'create' ? 'entry.createButton' : 'entry.joinButton')}
      </button>
    </form>
  );
}
