import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { isChunkLoadError } from '../chunks.ts';

/**
 * The error boundary of every route: a screen that failed (its code did not load, or it broke while rendering) shows
 * this panel in its place, inside the shell, so the header, the menu and the footer stay. Try again renders the screen
 * anew (the same address again: the boundary starts over); a chunk that did not load needs a reload of the page.
 */
export function ScreenError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (import.meta.env.DEV) console.error(error);
    // Keyboard and screen-reader users land on what happened.
    heading.current?.focus();
  }, [error]);

  return (
    <div className="container page page--center screen-error">
      <h1 ref={heading} tabIndex={-1}>
        {t('errors.pageFailedTitle')}
      </h1>
      <p>{chunk ? t('errors.pageFailedText') : t('errors.unknown')}</p>
      <p className="actions-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => (chunk ? window.location.reload() : void navigate(location, { replace: true }))}
        >
          {chunk ? t('common.reload') : t('common.retry')}
        </button>
        <Link className="button button--outline" to="/">
          {t('notFound.backHome')}
        </Link>
      </p>
    </div>
  );
}
