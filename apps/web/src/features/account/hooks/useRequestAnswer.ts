import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { StatusText } from '../../../components/FormMessage.tsx';
import { refreshRelations } from '../api/keys.ts';
import { useWriteFailure } from '../../../lib/useWriteFailure.ts';

/**
 * One answer to a pending request (accept, decline, withdraw): runs the call, says how it went, and refreshes every
 * list that shows how members stand to the user (requests, friends, search results, the ranking).
 */
export function useRequestAnswer() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const writeFailure = useWriteFailure();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<StatusText | null>(null);

  async function run(userID: number, act: () => Promise<{ succeed: boolean }>, done: string) {
    setBusy(userID);
    setMessage(null);
    try {
      const result = await act();
      setMessage(result.succeed ? { text: done, error: false } : { text: t('requests.failed'), error: true });
    } catch (e) {
      setMessage({ text: writeFailure(e, t('requests.failed')), error: true });
    } finally {
      setBusy(null);
      await refreshRelations(queryClient);
    }
  }

  return { busy, message, run };
}
