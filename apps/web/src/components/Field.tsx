import { useId, type ReactNode } from 'react';

/** What the control inside a Field receives: its id and the wiring to the hint and the error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled form control with an optional hint and error text: the label names the control, the control is
 * described by the error (first) and the hint, and marked invalid while there is an error.
 *
 *   <Field label={t('login.password')} error={errors.password}>
 *     {(control) => <input {...control} name="password" type="password" />}
 *   </Field>
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  requiredMark = false,
  hintFirst = false,
  errorAlert = false,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A fixed id for the control (another element points at it); a generated one otherwise. */
  id?: string;
  /** The pink asterisk after the label (the control carries `required` itself). */
  requiredMark?: boolean;
  /** The hint between the label and the control instead of under it. */
  hintFirst?: boolean;
  /** The error is announced as it appears (role alert): for a field checked alone, without a form message above. */
  errorAlert?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = { id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true } : {}) };
  const hintText = hint ? (
    <p className="field__hint" id={hintId}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {requiredMark && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {hintFirst && hintText}
      {children(control)}
      {!hintFirst && hintText}
      {error ? (
        <p className="field__error" id={errorId} role={errorAlert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
