import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { CONSOLE_SIGNED_OUT_EVENT } from '../../lib/api.ts';
import { forgetMe, useMe, type Me } from '../../lib/me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { consoleNav } from '../routeTable.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * The signed-in frame: the brand, the navigation the operator's role allows, who is signed in, the language and
 * sign-out. A page the role may not open says so instead of rendering (the server refuses its calls anyway).
 */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  const loaded = useLoaderData() as Me;
  const me = useMe() ?? loaded;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const handle = useDocumentTitle();
  const role = me.operator.role;
  // Phones: the navigation and the operator's actions fold behind a menu button (one header row instead of four).
  const [menuOpen, setMenuOpen] = useState(false);

  // The server ended the session (12 h, 30 min idle, deactivated): back to the sign-in page.
  useEffect(() => {
    const onSignedOut = () => {
      forgetMe();
      void navigate('/signin');
    };
    window.addEventListener(CONSOLE_SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(CONSOLE_SIGNED_OUT_EVENT, onSignedOut);
  }, [navigate]);

  const allowed = !handle?.roles || handle.roles.includes(role);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="console-header">
        <div className="console-header__inner">
          <div className="console-header__top">
            <NavLink to="/" className="console-brand" onClick={() => setMenuOpen(false)}>
              <img src="/logo.svg" alt="" width="32" height="32" />
              {t('brand')}
            </NavLink>
            <button
              type="button"
              className="button button--outline button--small console-menu-button"
              aria-expanded={menuOpen}
              aria-controls="console-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t('menu')}
            </button>
          </div>
          <div id="console-menu" className={`console-header__menu${menuOpen ? ' console-header__menu--open' : ''}`}>
            <nav aria-label={t('nav.label')} className="console-nav">
              <ul>
                {consoleNav
                  .filter((item) => !item.roles || item.roles.includes(role))
                  .map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} className="console-nav__link" onClick={() => setMenuOpen(false)}>
                        {t(item.key)}
                      </NavLink>
                    </li>
                  ))}
              </ul>
            </nav>
            <div className="console-header__actions">
              <p className="console-who">
                <span className="console-who__name">{me.operator.displayName}</span>
                <span className={`console-role console-role--${role}`}>{t(`roles.${role}`)}</span>
              </p>
              <LanguageSwitch />
              <button
                type="button"
                className="button button--outline button--small"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate('/signin') })}
              >
                {t('signOut')}
              </button>
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          {allowed ? (
            <Outlet />
          ) : (
            <div className="console-page">
              <h1>{t('forbidden.title')}</h1>
              <p>{t('forbidden.text')}</p>
            </div>
          )}
        </Suspense>
      </main>
    </>
  );
}
