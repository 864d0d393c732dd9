import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { exportMyData } from '../../api/export-my-data.ts';

/** Bytes as the member reads them (KB under a megabyte). */
function size(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024 ? `${format.format(bytes / 1024)} KB` : `${format.format(bytes / 1024 / 1024)} MB`;
}

/**
 * Download of the member's own data (issue 20, item 1): a zip of JSON and CSV files, streamed by the server; the
 * bytes received show while it comes, then the browser saves the file. Failures say why (the daily limit, the network).
 */
export function DataExport() {
  const { t, i18n } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusText | null>(null);
  const link = useRef<HTMLAnchorElement>(null);

  async function start() {
    setBusy(true);
    setStatus({ text: t('settings.exportPreparing'), error: false });
    try {
      const file = await exportMyData((bytes) =>
        setStatus({ text: t('settings.exportProgress', { size: size(bytes, i18n.language) }), error: false }),
      );
      const url = URL.createObjectURL(file.blob);
      const a = link.current!;
      a.href = url;
      a.download = file.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setStatus({ text: t('settings.exportDone', { name: file.fileName, size: size(file.blob.size, i18n.language) }), error: false });
    } catch (e) {
      const code = e instanceof ApiError ? e.errorCode : 'internalError';
      setStatus({
        text:
          code === 'tooManyRequests'
            ? t('settings.exportTooMany')
            : code === 'networkError'
              ? t('settings.exportNetwork')
              : t('settings.exportFailed'),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="setting">
      <h3 className="setting__title">{t('settings.exportTitle')}</h3>
      <p className="field__hint" id="data-export-hint">
        {t('settings.exportHint')}
      </p>
      <button type="button" className="button button--outline" onClick={() => void start()} disabled={busy} aria-describedby="data-export-hint">
        {busy ? t('settings.exportBusy') : t('settings.exportButton')}
      </button>
      <StatusMessage message={status} className="status-message data-export__status" />
      {/* The saved file's link: clicked by the code above, never shown. */}
      <a ref={link} hidden aria-hidden="true" tabIndex={-1} />
    </div>
  );
}
