import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ANCHOR_SCROLL_DELAY_MS, TOAST_MS } from '../../lib/constants.ts';
import { useSession } from '../../lib/session.ts';
import { TERMS_REQUIRED_EVENT } from '../../lib/api.ts';
import { forgetRequiredTermsVersion } from '../../lib/auth/termsGate.ts';
import { truncateDescription, usePageMetaOverride } from '../../lib/meta.ts';
import { LoginRequired } from '../../components/LoginRequired.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { RouteHandle } from '../router.tsx';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { whenHydrated } from '../../preact/hydration.ts';
// The language dialog is its own chunk, loaded the first time it opens: the first screen does not carry it.
const LanguageModal = lazy(() => import('./LanguageModal.tsx').then((m) => ({ default: m.LanguageModal })));

/** Navigating to an anchor scrolls smoothly after 500 ms; any other navigation starts at the top (spec 2 §2). */
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

/** The head's tags of the page shown, in the browser (the server writes its own: entry-server.tsx). */
const HEAD_TAGS: [attribute: 'name' | 'property', key: string, value: 'title' | 'description' | 'site' | 'website' | 'summary'][] = [
  ['name', 'description', 'description'],
  ['property', 'og:title', 'title'],
  ['property', 'og:description', 'description'],
  ['property', 'og:type', 'website'],
  ['property', 'og:site_name', 'site'],
  ['name', 'twitter:card', 'summary'],
  ['name', 'twitter:title', 'title'],
  ['name', 'twitter:description', 'description'],
];

/**
 * The document's title and meta tags, kept in <head> by an effect: Preact does not hoist a <title> or <meta> rendered in
 * the tree as React 19 did (decision 142). It renders nothing, on the server and in the browser alike.
 */
function DocumentMeta({ metaKey }: { metaKey: string }) {
  const { t } = useTranslation('common');
  const override = usePageMetaOverride();
  const site = t('meta.siteName');
  const pageTitle = override?.title ?? t(`meta.${metaKey}.title`);
  const title = metaKey === 'home' && !override?.title ? site : `${pageTitle} | ${site}`;
  const description = truncateDescription(override?.description ?? t(`meta.${metaKey}.description`));
  useEffect(() => {
    const values = { title, description, site, website: 'website', summary: 'summary' };
    document.title = title;
    for (const [attribute, key, value] of HEAD_TAGS) {
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
      if (!tag) {
        tag = document.createElement('meta');
        tag.setAttribute(attribute, key);
        document.head.append(tag);
      }
      tag.content = values[value];
    }
  }, [title, description, site]);
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

  // The terms changed while the member was using the app: the server refuses until they agree (spec 1 §4).
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
