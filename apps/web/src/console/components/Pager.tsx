import { useTranslation } from '../../lib/i18n/react.tsx';

/** Previous / next over a list paged in SQL, with "1–20 of 135". */
export function Pager({ offset, perPage, total, onChange }: { offset: number; perPage: number; total: number; onChange: (offset: number) => void }) {
  const { t } = useTranslation('console');
  if (total === 0) return null;
  const from = offset + 1;
  const to = Math.min(offset + perPage, total);
  return (
    <nav className="console-pager" aria-label={t('paging.label')}>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - perPage))}
      >
        {t('paging.previous')}
      </button>
      <p className="console-pager__status" aria-live="polite">
        {t('paging.status', { from, to, total })}
      </p>
      <button type="button" className="button button--outline button--small" disabled={to >= total} onClick={() => onChange(offset + perPage)}>
        {t('paging.next')}
      </button>
    </nav>
  );
}
