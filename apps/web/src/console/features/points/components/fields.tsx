import { get, useFormContext, type FieldError, type FieldValues } from 'react-hook-form';
import { Field } from '../../../../components/Field.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';

/** A field's error: a business rule's words already chosen (type pointsRule), else the contract's message. */
export function pointsFieldError(error: FieldError | undefined): string | undefined {
  if (error?.type === 'pointsRule' && typeof error.message === 'string') return error.message;
  return fieldErrorText(error);
}

export function useFieldError(path: string) {
  const { formState } = useFormContext<FieldValues>();
  return pointsFieldError(get(formState.errors, path) as FieldError | undefined);
}

/** A whole number in an input of type number. */
export function NumberField({
  name,
  label,
  hint,
  min,
  max,
  required = true,
  readOnly = false,
}: {
  name: string;
  label: string;
  hint?: string;
  min?: number;
  max?: number;
  required?: boolean;
  readOnly?: boolean;
}) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} requiredMark={required}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required={required}
          readOnly={readOnly}
        />
      )}
    </Field>
  );
}

/** A text input (dates and months use their own input types). */
export function TextField({
  name,
  label,
  hint,
  type = 'text',
  required = true,
  readOnly = false,
}: {
  name: string;
  label: string;
  hint?: string;
  type?: 'text' | 'date' | 'month';
  required?: boolean;
  readOnly?: boolean;
}) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} requiredMark={required}>
      {(control) => <input {...control} {...register(name)} type={type} required={required} readOnly={readOnly} />}
    </Field>
  );
}

/** A checkbox (published, campaign only). */
export function CheckField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { register } = useFormContext<FieldValues>();
  return (
    <div className="field">
      <label className="console-check">
        <input type="checkbox" {...register(name)} />
        {label}
      </label>
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}
