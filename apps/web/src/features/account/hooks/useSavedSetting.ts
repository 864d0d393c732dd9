import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StatusText } from '../../../components/FormMessage.tsx';
import { refreshProfile } from '../api/keys.ts';
import { useWriteFailure } from '../../../lib/useWriteFailure.ts';

/**
 * A setting of the profile that saves on change: the new value shows at once; the server's answer replaces it with
 * the value it kept and a message, or a failure puts the previous value back and says so. The profile reloads after a
 * change (it carries the settings).
 */
export function useSavedSetting<T>(initial: T, messages: { saved: (value: T) => string; failed: string }) {
  const queryClient = useQueryClient();
  const writeFailure = useWriteFailure();
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<StatusText | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows `next` and runs `save`, which resolves with the value the server kept or rejects. */
  async function change(next: T, save: () => Promise<T>) {
    const previous = value;
    setValue(next);
    setBusy(true);
    setMessage(null);
    try {
      const kept = await save();
      setValue(kept);
      setMessage({ text: messages.saved(kept), error: false });
      void refreshProfile(queryClient);
    } catch (e) {
      setValue(previous);
      setMessage({ text: writeFailure(e, messages.failed), error: true });
    } finally {
      setBusy(false);
    }
  }

  return { value, busy, message, change };
}
