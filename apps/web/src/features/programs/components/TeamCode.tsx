import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../components/FormMessage.tsx';

/** A self-formed team's code, large and selectable, with a button that copies it and says whether it did. */
export function TeamCode({ code }: { code: string }) {
  const { t } = useTranslation('programs');
  const [status, setStatus] = useState<StatusText | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus({ text: t('code.copied'), error: false });
    } catch {
      setStatus({ text: t('code.copyFailed'), error: true });
    }
  }

  return (
    <div className="team-code">
      <p className="team-code__row">
        <span className="team-code__label">{t('code.label')}</span>
        <code className="team-code__value">{code}</code>
        <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
          {t('code.copy')}
        </button>
      </p>
      <StatusMessage message={status} />
    </div>
  );
}
