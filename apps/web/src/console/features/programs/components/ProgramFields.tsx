import { useState } from 'react';
import { Controller, get, useFormContext, type FieldError, type FieldValues } from 'react-hook-form';
import { PROGRAM_DAILY_CAP_DEFAULT, PROGRAM_GRACE_DAYS_DEFAULT, PROGRAM_GRACE_DAYS_MAX } from '@hibi/contract/functions/programs';
import { PROGRAM_DAILY_CAP_MAX, PROGRAM_DAILY_CAP_MIN } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';
import { localized } from '../../../lib/localized.ts';
import { formatCount } from './values.ts';

/** A field's error: the program's own date rule (its words already chosen), else the contract's message. */
export function programFieldError(error: FieldError | undefined): string | undefined {
  if (error?.type === 'programRule' && typeof error.message === 'string') return error.message;
  return fieldErrorText(error);
}

function useFieldError(path: string) {
  const { formState } = useFormContext<FieldValues>();
  return programFieldError(get(formState.errors, path) as FieldError | undefined);
}

/** A whole number in an input of type number; `readOnly` when the program no longer lets it change. */
export function NumberField({
  name,
  label,
  hint,
  min,
  max,
  readOnly = false,
}: {
  name: string;
  label: string;
  hint?: string;
  min: number;
  max: number;
  readOnly?: boolean;
}) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} requiredMark>
      {(control) => (
        <input {...control} {...register(name)} type="number" inputMode="numeric" min={min} max={max} step={1} required readOnly={readOnly} />
      )}
    </Field>
  );
}

/** The entry window and the period, as Japan days (YYYY-MM-DD date inputs). `locked` names the dates that may not change. */
export function DatesFields({ locked = [] }: { locked?: readonly string[] }) {
  const { t } = useTranslation('consolePrograms');
  const { register } = useFormContext<FieldValues>();
  const errors = {
    entryFrom: useFieldError('entryFrom'),
    entryTo: useFieldError('entryTo'),
    startDate: useFieldError('startDate'),
    endDate: useFieldError('endDate'),
  };
  return (
    <fieldset className="console-fieldset" aria-describedby="programs-dates-hint">
      <legend>{t('editor.dates')}</legend>
      <p className="field__hint" id="programs-dates-hint">
        {t('editor.datesHint')}
      </p>
      <div className="programs-grid">
        {(['entryFrom', 'entryTo', 'startDate', 'endDate'] as const).map((name) => (
          <Field key={name} label={t(`editor.${name}`)} error={errors[name]} requiredMark>
            {(control) => <input {...control} {...register(name)} type="date" required readOnly={locked.includes(name)} />}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** The daily cap and the grace days (both kinds). */
export function CountingFields({ children, readOnly = false }: { children?: React.ReactNode; readOnly?: boolean }) {
  const { t } = useTranslation('consolePrograms');
  return (
    <fieldset className="console-fieldset">
      <legend>{t('editor.counting')}</legend>
      <div className="programs-grid">
        {children}
        <NumberField
          name="dailyCap"
          label={t('editor.dailyCap')}
          hint={t('editor.dailyCapHint', { value: formatCount(PROGRAM_DAILY_CAP_DEFAULT) })}
          min={PROGRAM_DAILY_CAP_MIN}
          max={PROGRAM_DAILY_CAP_MAX}
          readOnly={readOnly}
        />
        <NumberField
          name="graceDays"
          label={t('editor.graceDays')}
          hint={t('editor.graceDaysHint', { value: PROGRAM_GRACE_DAYS_DEFAULT })}
          min={0}
          max={PROGRAM_GRACE_DAYS_MAX}
          readOnly={readOnly}
        />
      </div>
    </fieldset>
  );
}

export interface TenantChoice {
  id: number;
  name: { ja: string; en: string | null };
}

/** Above this many tenants the picker has a box to find one by name. */
const TENANT_FILTER_FROM = 8;

/**
 * The tenants taking part, as a group of checkboxes (keyboard: Tab and Space), the form's `tenantIDs` (ids as strings).
 * `unavailable(id)` says a tenant may not be chosen (Team Walk: no team matches in its contract); one already chosen
 * stays so it can be taken off.
 */
export function TenantPicker({
  tenants,
  hint,
  summary,
  unavailable = () => false,
  unavailableLabel,
  disabled = false,
}: {
  tenants: readonly TenantChoice[];
  hint: string;
  /** Under the list: what the current choice means (how many, or "every tenant"). */
  summary: (chosen: number) => string;
  unavailable?: (id: number) => boolean;
  unavailableLabel?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('consolePrograms');
  const { control } = useFormContext<{ tenantIDs: string[] }>();
  const error = useFieldError('tenantIDs');
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tenants.filter((tenant) => `${tenant.name.ja} ${tenant.name.en ?? ''}`.toLowerCase().includes(needle)) : tenants;
  return (
    <Controller
      control={control}
      name="tenantIDs"
      render={({ field }) => {
        const chosen = new Set(field.value);
        const toggle = (id: string, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((v) => v !== id));
        return (
          <fieldset
            className="console-fieldset programs-tenants"
            data-error-path="tenantIDs"
            data-error-label={t('editor.tenants')}
            aria-describedby={error ? 'programs-tenants-error programs-tenants-hint' : 'programs-tenants-hint'}
          >
            <legend>{t('editor.tenants')}</legend>
            <p className="field__hint" id="programs-tenants-hint">
              {hint}
            </p>
            {tenants.length > TENANT_FILTER_FROM && (
              <Field label={t('editor.tenantsFilter')}>
                {(props) => <input {...props} type="search" value={filter} autoComplete="off" onChange={(e) => setFilter(e.target.value)} />}
              </Field>
            )}
            <ul className="programs-tenants__list">
              {shown.map((tenant) => {
                const id = String(tenant.id);
                const on = chosen.has(id);
                const off = !on && unavailable(tenant.id);
                return (
                  <li key={tenant.id}>
                    <label className="console-check">
                      <input
                        type="checkbox"
                        value={id}
                        checked={on}
                        disabled={disabled || off}
                        onChange={(e) => toggle(id, e.target.checked)}
                        onBlur={field.onBlur}
                      />
                      {localized(tenant.name)}
                      {off && unavailableLabel && <span className="console-muted"> {unavailableLabel}</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
            <p className="console-muted" aria-live="polite">
              {summary(chosen.size)}
            </p>
            {error && (
              <p className="field__error" id="programs-tenants-error">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
