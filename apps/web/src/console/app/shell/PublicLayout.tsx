import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** The frame of the pages without a session: sign-in and accepting an invitation. */
export function PublicLayout() {
  const { t } = useTranslation('console');
  useDocumentTitle();
  return (
    <>
      <header className="console-header console-header--public">
        <div className="console-header__inner">
          <span className="console-brand">
            <img src="/logo.svg" alt="" width="32" height="32" />
            {t('brand')}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="console-main console-main--public" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
