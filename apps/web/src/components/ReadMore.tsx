import { useTranslation } from '../lib/i18n/react.tsx';

/** The part of an infinite query the button reads. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * "Read more" under a paged list: shown only while the last page came back full (the query's next page param), busy
 * while the next page loads; a next page that failed says so above it, and the button asks again.
 */
export function ReadMore({ query, failed }: { query: PagedQuery; failed: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {query.isFetchNextPageError && <p className="form-error">{failed}</p>}
      {query.hasNextPage && (
        <div className="read-more">
          <button
            type="button"
            className="button button--outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('common.loading') : t('common.readMore')}
          </button>
        </div>
      )}
    </>
  );
}
