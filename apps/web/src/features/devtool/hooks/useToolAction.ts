import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** The part of a call's answer the tool shows for a failure: the first validation message, else the code. */
interface Answer {
  succeed: boolean;
  errorCode?: string;
  validationErrorMessage?: string[];
}

/**
 * One action of the tool: busy while it runs, then its result line ("Saved.", "Failed: <what the server said>"). The
 * tool shows the server's own words: it does no validation of its own (docs/requirements/account.md#account-devtool).
 */
export function useToolAction() {
  const { t } = useTranslation('devtool');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);

  /** Runs the action; what it returns is the result line. A thrown error shows as a failure with its message. */
  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    setResult('');
    try {
      const line = await action();
      if (line !== null) setResult(line);
    } catch (e) {
      setResult(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  /** The result line of a call the server refused. */
  const failed = (answer: Answer) => t('failed', { message: answer.validationErrorMessage?.[0] ?? answer.errorCode ?? 'error' });

  return { result, busy, run, failed, setResult };
}

/** Empty input: leave the field out. Anything else goes to the server as it is (the tool does no validation). */
export function num(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** A date field's value (YYYY-MM-DD, a Tokyo calendar day) as the calls name a day: its Tokyo midnight. */
export function tokyoMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00+09:00`);
}
