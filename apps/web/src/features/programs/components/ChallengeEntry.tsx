import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { enterChallenge } from '../api/enter-challenge.ts';
import { programsKeys } from '../api/keys.ts';
import { entryErrorKey } from './entryErrors.ts';

/** Entering a challenge while its entry window is open (docs/requirements/programs.md#programs-challenges), after a confirmation. */
export function ChallengeEntry({ individualMatchID }: { individualMatchID: number }) {
  const { t } = useTranslation('programs');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function enter() {
    setBusy(true);
    setError(null);
    try {
      const result = await enterChallenge(individualMatchID);
      if (result.succeed) await client.invalidateQueries({ queryKey: programsKeys.all });
      else setError(entryErrorKey(result.errorCode));
    } catch {
      setError(entryErrorKey());
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <section className="program-section program-entry card" aria-labelledby="program-entry-title">
      <h2 className="program-section__title" id="program-entry-title">
        {t('entry.title')}
      </h2>
      <p className="program-entry__lead">{t('challenge.notEntered')}</p>
      <FormError>{error && t(error)}</FormError>
      <button type="button" className="button button--primary button--block" onClick={() => setAsking(true)}>
        {t('entry.button')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('entry.confirmTitle')}
        confirmLabel={t('entry.confirm')}
        cancelLabel={t('entry.cancel')}
        tone="primary"
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void enter()}
      >
        <p>{t('entry.confirmChallenge')}</p>
      </ConfirmDialog>
    </section>
  );
}
