import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { i18next, initI18n } from './lib/i18n.ts';
import { clearCachedLists, forgetServerQueries, markServerQueries, queryClient } from './lib/queryClient.ts';
import { session } from './lib/session.ts';
import { markVerifiedNow } from './lib/auth/reauthenticate.ts';
import { readPageData } from './lib/pageData.ts';
import { initTheme } from './lib/theme.ts';
import { createRouter, createRoutes } from './app/router.tsx';
import { registerServiceWorker } from './app/serviceWorker.ts';
import './styles/global.css';

// The inline script of index.html applied the theme before the first paint; from here on it follows changes.
initTheme();

// Sign-out and a rejected token forget every cached list (spec 1 §4).
session.onCleared(clearCachedLists);

// A page the server rendered (decision 140) carries its data: hydrate with exactly what it was rendered from.
const page = readPageData();
await initI18n(page?.locale);
const routes = createRoutes();
if (page) {
  session.adoptServerSession(page.session);
  if (page.session) markVerifiedNow();
  hydrate(queryClient, page.queries);
  markServerQueries(page.queries.queries);
  // The matched screens' code and the messages the server used, before hydrating: the first render is the server's.
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all([
    i18next.loadNamespaces(page.namespaces),
    ...lazyMatches.map(async (match) => {
      const lazy = match.route.lazy as () => Promise<object>;
      Object.assign(match.route, { ...(await lazy()), lazy: undefined });
    }),
  ]);
  // The server's title and meta tags; the app's own (RootLayout) take their place.
  for (const element of document.head.querySelectorAll('[data-ssr-head]')) element.remove();
}
const router = createRouter(routes, page?.router);
if (page) {
  // The server's answers were for this first location only.
  const first = router.state.location.key;
  const stop = router.subscribe((state) => {
    if (state.location.key === first) return;
    forgetServerQueries();
    stop();
  });
}
// Production builds only: the development server has no worker (and must not keep one from a build).
if (import.meta.env.PROD) registerServiceWorker(router);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (page) hydrateRoot(root, app);
else createRoot(root).render(app);
