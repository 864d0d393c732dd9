import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react.tsx';
import { Spinner } from './Spinner.tsx';
import { isUnavailable } from '../lib/api.ts';

/** The part of a TanStack query the wrapper reads (useQuery and useInfiniteQuery results both fit). */
export interface QueryStatus {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  refetch: () => unknown;
  /** The last failure while the query is still being tried again (TanStack's failureReason). */
  failureReason?: unknown;
  /** The failure the query ended with. */
  error?: unknown;
}

/**
 * What a screen shows for data it reads: a spinner while the first answer comes (or `loading`, null for a home
 * section that simply appears); the error with a retry button when it failed and there is nothing to show; the
 * empty message when the answer is empty; the content otherwise. A failure after data was shown keeps the data.
 * While the server answers 503 (its database out of reach for a moment), a calm "temporarily unavailable, retrying"
 * note replaces the spinner, and if the retries run out the failure says so (decision 145).
 */
export function QueryState({
  query,
  isEmpty = false,
  empty,
  error,
  loading = <Spinner />,
  children,
}: {
  query: QueryStatus;
  /** The answer came and has nothing to list. */
  isEmpty?: boolean;
  /** Shown when empty: a text (in the empty-state box) or an element of its own. */
  empty?: ReactNode;
  /** The failure message. */
  error: string;
  loading?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return isUnavailable(query.failureReason) ? <Unavailable /> : <>{loading}</>;
  if (query.isError && (isEmpty || query.data === undefined)) {
    return <LoadError message={isUnavailable(query.error) ? <UnavailableText /> : error} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty) return typeof empty === 'string' ? <p className="empty-state">{empty}</p> : <>{empty ?? null}</>;
  return <>{children}</>;
}

/** A load that failed: the message, announced, and a button that asks again. */
export function LoadError({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="empty-state load-error">
      <p role="alert">{message}</p>
      <button type="button" className="button button--outline button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** The server is answering 503 and the query is being tried again by itself: said calmly, announced politely. */
function Unavailable() {
  const { t } = useTranslation('common');
  return (
    <div className="empty-state">
      <p role="status">{t('common.unavailableRetrying')}</p>
    </div>
  );
}

function UnavailableText() {
  const { t } = useTranslation('common');
  return <>{t('common.unavailable')}</>;
}
