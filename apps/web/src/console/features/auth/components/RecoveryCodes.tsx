import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';

/** The 10 recovery codes, shown once after enrolling: copy, download, and confirm they were kept. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation('consoleAuth');
  const [kept, setKept] = useState(false);
  const [status, setStatus] = useState<StatusText | null>(null);
  const text = codes.join('\n') + '\n';
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="console-form">
      <h2 className="console-auth__step">{t('recovery.title')}</h2>
      <p>{t('recovery.lead')}</p>
      <ol className="console-recovery">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="actions-row">
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setStatus({ text: t('recovery.copied'), error: false }),
              () => setStatus({ text: t('recovery.copyFailed'), error: true }),
            )
          }
        >
          {t('recovery.copy')}
        </button>
        <a className="button button--outline button--small" href={download} download="hibi-console-recovery-codes.txt">
          {t('recovery.download')}
        </a>
      </p>
      <StatusMessage message={status} />
      <label className="console-check">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} />
        {t('recovery.kept')}
      </label>
      <button type="button" className="button button--primary button--block" disabled={!kept} onClick={onContinue}>
        {t('recovery.continue')}
      </button>
    </div>
  );
}
