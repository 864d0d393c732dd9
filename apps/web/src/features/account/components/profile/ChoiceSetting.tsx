import { useId, type ReactNode } from 'react';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { useSavedSetting } from '../../hooks/useSavedSetting.ts';

/**
 * A yes-or-no setting of the profile as two radio cards. A choice shows at once and is saved; the saved value and a
 * message come back, or the previous value and the failure. The profile reloads after a change.
 */
export function ChoiceSetting({
  name,
  legend,
  hint,
  labels,
  initial,
  save,
  saved,
  failed,
}: {
  /** The radio group's name. */
  name: string;
  legend: string;
  hint?: ReactNode;
  labels: { on: string; off: string };
  initial: boolean;
  /** Saves the choice; resolves with the value the server kept, rejects on a failure. */
  save: (next: boolean) => Promise<boolean>;
  /** The message for the value the server kept. */
  saved: (value: boolean) => string;
  failed: string;
}) {
  const { value, busy, message, change: saveChange } = useSavedSetting(initial, { saved, failed });
  const id = useId();

  function change(next: boolean) {
    if (next === value || busy) return;
    return saveChange(next, () => save(next));
  }

  return (
    <fieldset className="setting" aria-describedby={hint ? `${id}-hint ${id}-status` : `${id}-status`}>
      <legend id={id} className="setting__title">
        {legend}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="setting__options">
        <label className="radio-card">
          <input type="radio" name={name} checked={value} onChange={() => void change(true)} />
          {labels.on}
        </label>
        <label className="radio-card">
          <input type="radio" name={name} checked={!value} onChange={() => void change(false)} />
          {labels.off}
        </label>
      </div>
      <StatusMessage id={`${id}-status`} message={message} />
    </fieldset>
  );
}
