import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { FORMATION_MODES, teamMatchInputSchema, type ConsoleTeamMatch, type TeamMatchInput } from '@hibi/contract/console/programs';
import { TEAM_MAX_SIZE, TEAM_MIN_SIZE } from '@hibi/contract/functions/programs';
import { TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { useSaveTeamMatch } from '../api/save-team-match.ts';
import { programErrorTexts } from './errors.ts';
import { CountingFields, DatesFields, NumberField, TenantPicker, programFieldError, type TenantChoice } from './ProgramFields.tsx';
import { ProgramEditorFrame } from './ProgramEditorFrame.tsx';
import { dateRuleBroken, teamMatchPayload, teamMatchToForm, type TeamMatchForm } from './values.ts';

/** Once teams are formed only these may change (saveTeamMatch: alreadyFormed otherwise). */
const LOCKED_WHEN_FORMED = ['entryFrom', 'startDate', 'endDate'] as const;

/**
 * The Team Walk round editor (owners and editors; docs/requirements/programs.md#programs-team-walk): names, tenants with
 * team matches, the entry window and period as Japan days, the formation mode with what each does, the minimum team
 * size, teams per league, cap and grace. Checked with the contract's schema and its date rules before sending; the
 * server's codes in words; unsaved changes guarded. Once teams are formed, the fields that may no longer change are
 * read-only.
 */
export function TeamMatchEditor({
  item,
  tenants,
  teamMatchTenants,
}: {
  item: ConsoleTeamMatch | null;
  tenants: readonly TenantChoice[];
  /** Which tenants have team matches (owners only; undefined: not known here, the server checks). */
  teamMatchTenants: ReadonlyMap<number, boolean> | undefined;
}) {
  const { t } = useTranslation('consolePrograms');
  const navigate = useNavigate();
  const save = useSaveTeamMatch();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const teamMatchID = item?.teamMatchID ?? null;
  const formed = item !== null && item.formedAt !== null;

  const resolver: Resolver<TeamMatchForm, unknown, TeamMatchInput> = async (values, context, options) => {
    const result = await (zodResolver(teamMatchInputSchema) as unknown as Resolver<ReturnType<typeof teamMatchPayload>, unknown, TeamMatchInput>)(
      teamMatchPayload(values, teamMatchID),
      context,
      options as never,
    );
    const broken = dateRuleBroken(values);
    if (!broken) return result as never;
    const errors = { ...result.errors } as FieldErrors;
    errors[broken.field] ??= { type: 'programRule', message: t(`errors.${broken.code}`) };
    return { values: {}, errors } as never;
  };
  const form = useForm<TeamMatchForm, unknown, TeamMatchInput>({ defaultValues: teamMatchToForm(item), resolver, mode: 'onSubmit' });
  const dirty = form.formState.isDirty;
  const unsaved = useUnsavedChanges(dirty && !save.isPending);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            if (answer.errorCode === 'endBeforeStart') form.setError('endDate', { type: 'programRule', message: t('errors.endBeforeStart') });
            if (answer.errorCode === 'entryWindowInvalid') form.setError('entryTo', { type: 'programRule', message: t('errors.entryWindowInvalid') });
            if (answer.errorCode === 'tenantWithoutTeamMatches')
              form.setError('tenantIDs', { type: 'programRule', message: t('errors.tenantWithoutTeamMatches') });
            return setError(failureText(answer, programErrorTexts(t)));
          }
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved'), error: false });
          if (teamMatchID === null) {
            unsaved.allowNext();
            void navigate(`/programs/team-walk/${answer.teamMatchID}`, { replace: true, state: { saved: true } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown, programErrorTexts(t))),
      });
    },
    () => {
      setStatus(null);
      setError(t('editor.fixErrors'));
    },
  );

  return (
    <FormProvider {...form}>
      <ProgramEditorFrame
        title={item ? t('editor.editTeamTitle') : t('editor.newTeamTitle')}
        back={<Link to={item ? `/programs/team-walk/${item.teamMatchID}` : '/programs'}>{item ? t('editor.backToRound') : t('editor.back')}</Link>}
        error={error}
        status={status}
        saving={save.isPending}
        dirty={dirty}
        onSubmit={() => void submit()}
        unsaved={unsaved}
      >
        {formed && <p className="console-notice">{t('editor.formedNote')}</p>}
        <LocalizedInput name="name" label={t('editor.name')} required maxLength={TITLE_MAX} />
        <TenantPicker
          tenants={tenants}
          hint={teamMatchTenants ? t('editor.tenantsTeamHint') : `${t('editor.tenantsTeamHint')} ${t('editor.tenantsTeamUnchecked')}`}
          summary={(count) => t('editor.tenantsChosen', { count })}
          unavailable={(id) => teamMatchTenants?.get(id) === false}
          unavailableLabel={t('editor.noTeamMatches')}
          disabled={formed}
        />
        <DatesFields locked={formed ? LOCKED_WHEN_FORMED : []} />
        <fieldset className="console-fieldset">
          <legend>{t('editor.formation')}</legend>
          <FormationModeChoice disabled={formed} />
          <div className="programs-grid">
            <NumberField
              name="minTeamSize"
              label={t('editor.minTeamSize')}
              hint={t('editor.minTeamSizeHint', { min: TEAM_MIN_SIZE })}
              min={TEAM_MIN_SIZE}
              max={TEAM_MAX_SIZE}
              readOnly={formed}
            />
            <NumberField
              name="teamsPerLeague"
              label={t('editor.teamsPerLeague')}
              hint={t('editor.teamsPerLeagueHint')}
              min={2}
              max={1000}
              readOnly={formed}
            />
          </div>
        </fieldset>
        <CountingFields />
      </ProgramEditorFrame>
    </FormProvider>
  );
}

/** The three modes as radio buttons, each with the sentence that says what it does. */
function FormationModeChoice({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('consolePrograms');
  const { control } = useFormContext<TeamMatchForm>();
  return (
    <Controller
      control={control}
      name="formationMode"
      render={({ field, fieldState }) => (
        <fieldset className="console-plain-fieldset programs-modes">
          <legend className="programs-modes__legend">{t('editor.formationMode')}</legend>
          {FORMATION_MODES.map((mode) => (
            <div key={mode} className="programs-modes__option">
              <label className="console-check">
                <input
                  type="radio"
                  name="formationMode"
                  value={mode}
                  checked={field.value === mode}
                  disabled={disabled}
                  aria-describedby={`programs-mode-${mode}`}
                  onChange={() => field.onChange(mode)}
                  onBlur={field.onBlur}
                />
                {t(`formationModes.${mode}`)}
              </label>
              <p className="field__hint" id={`programs-mode-${mode}`}>
                {t(`formationHelp.${mode}`)}
              </p>
            </div>
          ))}
          {fieldState.error && <p className="field__error">{programFieldError(fieldState.error)}</p>}
        </fieldset>
      )}
    />
  );
}
