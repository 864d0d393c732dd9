import { Link, useRouteError } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';

/** Shown when a screen's chunk failed to load (or timed out) or a screen crashed. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main" className="container page page--center">
      <h1>{t('errors.pageFailedTitle')}</h1>
      <p>{t('errors.pageFailedText')}</p>
      <p className="actions-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
        <Link className="button button--outline" to="/">
          {t('notFound.backHome')}
        </Link>
      </p>
    </main>
  );
}
