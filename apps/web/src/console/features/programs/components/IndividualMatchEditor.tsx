import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import {
  individualMatchInputSchema,
  PRIZE_WINNERS_MAX,
  PRIZES_MAX,
  type ConsoleIndividualMatch,
  type IndividualMatchInput,
} from '@hibi/contract/console/programs';
import { INDIVIDUAL_THRESHOLD_DEFAULT, PROGRAM_DAILY_CAP_MAX, PROGRAM_DAILY_CAP_MIN } from '@hibi/contract/functions/programs';
import { TITLE_MAX } from '@hibi/contract/console/protocol';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { useSaveIndividualMatch } from '../api/save-individual-match.ts';
import { programErrorTexts } from './errors.ts';
import { CountingFields, DatesFields, NumberField, TenantPicker, programFieldError, type TenantChoice } from './ProgramFields.tsx';
import { ProgramEditorFrame } from './ProgramEditorFrame.tsx';
import { dateRuleBroken, emptyPrize, formatCount, individualMatchPayload, individualMatchToForm, type IndividualMatchForm } from './values.ts';

const DATES = ['entryFrom', 'entryTo', 'startDate', 'endDate'] as const;

/**
 * The individual challenge editor (owners and editors; docs/requirements/programs.md#programs-challenges): names, the
 * tenants (none: every tenant), the entry window and period as Japan days, the target average, cap and grace, and the
 * prizes (at least one; added and removed as rows). Checked with the contract's schema and date rules before sending;
 * the server's codes in words; unsaved changes guarded. Once the draw is committed only the names may change: the other
 * fields are read-only.
 */
export function IndividualMatchEditor({ item, tenants }: { item: ConsoleIndividualMatch | null; tenants: readonly TenantChoice[] }) {
  const { t } = useTranslation('consolePrograms');
  const navigate = useNavigate();
  const save = useSaveIndividualMatch();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const individualMatchID = item?.individualMatchID ?? null;
  const committed = item !== null && item.committedAt !== null;

  const resolver: Resolver<IndividualMatchForm, unknown, IndividualMatchInput> = async (values, context, options) => {
    const result = await (
      zodResolver(individualMatchInputSchema) as unknown as Resolver<ReturnType<typeof individualMatchPayload>, unknown, IndividualMatchInput>
    )(individualMatchPayload(values, individualMatchID), context, options as never);
    const broken = dateRuleBroken(values);
    if (!broken) return result as never;
    const errors = { ...result.errors } as FieldErrors;
    errors[broken.field] ??= { type: 'programRule', message: t(`errors.${broken.code}`) };
    return { values: {}, errors } as never;
  };
  const form = useForm<IndividualMatchForm, unknown, IndividualMatchInput>({
    defaultValues: individualMatchToForm(item),
    resolver,
    mode: 'onSubmit',
  });
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
            return setError(failureText(answer, programErrorTexts(t)));
          }
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved'), error: false });
          if (individualMatchID === null) {
            unsaved.allowNext();
            void navigate(`/programs/challenges/${answer.individualMatchID}`, { replace: true, state: { saved: true } });
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
        title={item ? t('editor.editIndividualTitle') : t('editor.newIndividualTitle')}
        back={
          <Link to={item ? `/programs/challenges/${item.individualMatchID}` : '/programs/challenges'}>
            {item ? t('editor.backToChallenge') : t('editor.back')}
          </Link>
        }
        error={error}
        status={status}
        saving={save.isPending}
        dirty={dirty}
        onSubmit={() => void submit()}
        unsaved={unsaved}
      >
        {committed && <p className="console-notice">{t('editor.committedNote')}</p>}
        <LocalizedInput name="name" label={t('editor.name')} required maxLength={TITLE_MAX} />
        <TenantPicker
          tenants={tenants}
          hint={t('editor.tenantsIndividualHint')}
          summary={(count) => (count === 0 ? t('editor.tenantsAll') : t('editor.tenantsChosen', { count }))}
          disabled={committed}
        />
        <DatesFields locked={committed ? DATES : []} />
        <CountingFields readOnly={committed}>
          <NumberField
            name="thresholdSteps"
            label={t('editor.threshold')}
            hint={t('editor.thresholdHint', { value: formatCount(INDIVIDUAL_THRESHOLD_DEFAULT) })}
            min={PROGRAM_DAILY_CAP_MIN}
            max={PROGRAM_DAILY_CAP_MAX}
            readOnly={committed}
          />
        </CountingFields>
        <PrizesEditor locked={committed} />
      </ProgramEditorFrame>
    </FormProvider>
  );
}

/** The prizes as rows: a name in both languages and a number of winners each; at least one, at most PRIZES_MAX. */
function PrizesEditor({ locked }: { locked: boolean }) {
  const { t } = useTranslation('consolePrograms');
  const { control, formState } = useFormContext<IndividualMatchForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'prizes' });
  const listError = formState.errors.prizes?.root ?? (formState.errors.prizes?.message ? formState.errors.prizes : undefined);
  return (
    <fieldset className="console-fieldset" data-error-path="prizes" data-error-label={t('editor.prizes')} aria-describedby="programs-prizes-hint">
      <legend>{t('editor.prizes')}</legend>
      <p className="field__hint" id="programs-prizes-hint">
        {t('editor.prizesHint')}
      </p>
      <ol className="programs-prizes">
        {fields.map((field, index) => {
          const label = t('editor.prize', { n: index + 1 });
          return (
            <li key={field.id} className="programs-prize" data-error-context={label}>
              <div className="programs-prize__head">
                <p className="programs-prize__title">{label}</p>
                {!locked && (
                  <button type="button" className="button button--outline button--small" disabled={fields.length <= 1} onClick={() => remove(index)}>
                    {t('editor.removePrize', { n: index + 1 })}
                  </button>
                )}
              </div>
              <LocalizedInput name={`prizes.${index}.name`} label={t('editor.prizeName')} required maxLength={TITLE_MAX} />
              <NumberField name={`prizes.${index}.winners`} label={t('editor.prizeWinners')} min={1} max={PRIZE_WINNERS_MAX} readOnly={locked} />
            </li>
          );
        })}
      </ol>
      {listError && <p className="field__error">{programFieldError(listError as never)}</p>}
      {!locked && fields.length < PRIZES_MAX && (
        <div className="console-actions">
          <button type="button" className="button button--outline" onClick={() => append(emptyPrize())}>
            {t('editor.addPrize')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
