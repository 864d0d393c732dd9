import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { HEADER_SCROLLED_AT_PX } from '../../lib/constants.ts';
import { useSession } from '../../lib/session.ts';
import { useStartLogin } from '../../lib/auth/useStartLogin.ts';

export const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/notifications', key: 'nav.notifications', end: false },
  { to: '/events', key: 'nav.events', end: false },
  { to: '/library', key: 'nav.library', end: false },
  { to: '/surveys', key: 'nav.surveys', end: false },
] as const;

export function Header({ onOpenLanguage }: { onOpenLanguage: () => void }) {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  const startLogin = useStartLogin();
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLLED_AT_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}${menuOpen ? ' site-header--open' : ''}`}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={t('shell.logoLabel')}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span className="site-header__brand">{t('shell.brand')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('shell.mainNav')} id="site-nav">
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          {/* The name comes from the content, so it always holds the visible text (WCAG 2.5.3, label in name): the
              current language, then what the button does, for screen readers only. Under 768 px the language is
              hidden from sight but not from the name. */}
          <button type="button" className="lang-button" onClick={onOpenLanguage}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="9" />
              <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
            </svg>
            <span className="lang-button__text">{t('language.current')}</span>
            <span className="visually-hidden">{t('language.openHint')}</span>
          </button>
          {user ? (
            <Link to="/account/profile" className="avatar-link" aria-label={t('shell.myPage', { name: user.nickname })}>
              <img className="avatar" src={user.profileImageUrl ?? '/media/defaults/profile.svg'} alt="" width="36" height="36" />
            </Link>
          ) : (
            <a href="/login" className="button button--primary button--small" onClick={(e) => void startLogin(e)}>
              {t('auth.login')}
            </a>
          )}
          <button
            type="button"
            className="hamburger"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <span aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
