import { useTranslation } from 'react-i18next';

/** "Read more": shown by lists only while the last page came back full. */
export function ReadMore({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="read-more">
      <button type="button" className="button button--outline" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? t('common.loading') : t('common.readMore')}
      </button>
    </div>
  );
}
