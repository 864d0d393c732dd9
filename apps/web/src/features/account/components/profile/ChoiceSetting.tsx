import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { refreshProfile } from '../../api/keys.ts';

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
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<StatusText | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function change(next: boolean) {
    if (next === value || busy) return;
    const previous = value;
    // Shown at once; put back if the server refuses.
    setValue(next);
    setBusy(true);
    setMessage(null);
    try {
      const kept = await save(next);
      setValue(kept);
      setMessage({ text: saved(kept), error: false });
      void refreshProfile(queryClient);
    } catch {
      setValue(previous);
      setMessage({ text: failed, error: true });
    } finally {
      setBusy(false);
    }
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
