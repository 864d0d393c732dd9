import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { ANCHOR_SCROLL_DELAY_MS, TOAST_MS } from '../../lib/constants.ts';
import { useSession } from '../../lib/session.ts';
import { TERMS_REQUIRED_EVENT } from '../../lib/api.ts';
import { forgetRequiredTermsVersion } from '../../lib/auth/termsGate.ts';
import { truncateDescription, usePageMetaOverride } from '../../lib/meta.ts';
import { partSettled, SCREEN_PART, whenHydrated } from '../../lib/hydration.ts';
import { requestScope } from '../../lib/requestScope.ts';
import { LoginRequired } from '../../components/LoginRequired.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
// The language dialog is its own chunk, loaded the first time it opens: the first screen does not carry it.
const LanguageModal = lazy(() => import('./LanguageModal.tsx').then((m) => ({ default: m.LanguageModal })));

/** What a route of the app says of itself (router.tsx sets it from the route table): its meta key and whether it needs a sign-in. */
export interface RouteHandle {
  meta: string;
  auth: boolean;
}

/** Navigating to an anchor scrolls smoothly after 500 ms; any other navigation starts at the top (docs/requirements/web.md#web-navigation). */
function useScrollRules() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const timer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash]);
}

/**
 * The document's title and meta tags, rendered in the tree: React 19 puts them into <head>. A server render writes the
 * head itself (entry-server.tsx), with the page's own meta known only once the screen has rendered.
 */
function DocumentMeta({ metaKey }: { metaKey: string }) {
  const { t } = useTranslation('common');
  const override = usePageMetaOverride();
  const site = t('meta.siteName');
  const pageTitle = override?.title ?? t(`meta.${metaKey}.title`);
  const title = metaKey === 'home' && !override?.title ? site : `${pageTitle} | ${site}`;
  const description = truncateDescription(override?.description ?? t(`meta.${metaKey}.description`));
  if (requestScope()) return null;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

/**
 * Renders nothing, inside the screen's Suspense boundary: its effect runs once that boundary has committed, which on a
 * page the server rendered is when React has hydrated the screen (after the shell, decision 143).
 */
function ScreenSettled() {
  useEffect(() => partSettled(SCREEN_PART), []);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const navigation = useNavigation();
  const signedIn = useSession() !== null;
  const [languageOpen, setLanguageOpen] = useState(false);
  const [languageLoaded, setLanguageLoaded] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const navigate = useNavigate();
  useScrollRules();

  // The app has taken the page over (a page the server rendered is hydrated, its lazily loaded parts too): its buttons
  // respond from now on.
  useEffect(() => {
    void whenHydrated().then(() => document.documentElement.setAttribute('data-hydrated', ''));
  }, []);

  // The terms changed while the member was using the app: the server refuses until they agree (docs/requirements/auth.md#auth-terms-gate).
  useEffect(() => {
    const toTerms = () => {
      forgetRequiredTermsVersion();
      void navigate('/terms');
    };
    window.addEventListener(TERMS_REQUIRED_EVENT, toTerms);
    return () => window.removeEventListener(TERMS_REQUIRED_EVENT, toTerms);
  }, [navigate]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <>
      <DocumentMeta metaKey={handle?.meta ?? 'home'} />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header
        onOpenLanguage={() => {
          setLanguageLoaded(true);
          setLanguageOpen(true);
        }}
      />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          {handle?.auth && !signedIn ? (
            <div className="container page">
              <LoginRequired />
            </div>
          ) : (
            <Outlet />
          )}
          <ScreenSettled />
        </Suspense>
      </main>
      <Footer />
      {languageLoaded && (
        <Suspense fallback={null}>
          <LanguageModal open={languageOpen} onClose={() => setLanguageOpen(false)} onChanged={setToast} />
        </Suspense>
      )}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <div className="toast">{toast}</div>}
      </div>
    </>
  );
}
