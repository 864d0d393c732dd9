import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { NAV_ITEMS } from './Header.tsx';

const INFO_LINKS = [
  { to: '/faq', key: 'footer.faq' },
  { to: '/how-to-use', key: 'footer.howToUse' },
  { to: '/about-hibi', key: 'footer.about' },
  { to: '/terms-of-use', key: 'footer.termsOfUse' },
  { to: '/website-terms-of-use', key: 'footer.websiteTerms' },
  { to: '/privacy-policy', key: 'footer.privacyPolicy' },
] as const;

/** The operator group's own privacy pages, outside this app. */
const EXTERNAL_LINKS = [
  { href: 'https://www.example.com/privacy/', key: 'footer.groupPrivacy' },
  { href: 'https://www.example.com/privacy/cookies/', key: 'footer.cookiePolicy' },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('footer.nav')}>
          <ul className="footer-links">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.info')}>
          <ul className="footer-links footer-links--info">
            {INFO_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.key)}</Link>
              </li>
            ))}
            {EXTERNAL_LINKS.map((item) => (
              <li key={item.href}>
                <a href={item.href} target="_blank" rel="noopener noreferrer">
                  {t(item.key)}
                  <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
                  <span aria-hidden="true"> ↗</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
