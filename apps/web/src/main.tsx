import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { chosenLanguage, initI18n } from './lib/i18n.ts';
import { clearCachedLists, forgetServerQueries, markServerQueries, queryClient } from './lib/queryClient.ts';
import { session } from './lib/session.ts';
import { markVerifiedNow } from './lib/auth/reauthenticate.ts';
import { readPageData } from './lib/pageData.ts';
import { preloadParts } from './lib/lazyPart.ts';
import { rootOptions } from './lib/rootOptions.ts';
import { expectParts, SCREEN_PART, whenHydrated } from './lib/hydration.ts';
import { initTheme } from './lib/theme.ts';
import { timeMachine } from './lib/timeMachine.ts';
import { createRouter, createRoutes } from './app/router.tsx';
import './styles/global.css';

// The inline script of index.html applied the theme before the first paint; from here on it follows changes.
initTheme();

// Sign-out and a rejected token forget every cached list (docs/requirements/auth.md#auth-stored-session).
session.onCleared(clearCachedLists);

// A page the server rendered (decision 140) carries its data: hydrate with exactly what it was rendered from. A pick
// of language the server did not know (kept in storage only, from before the cookie: decision 108) wins: the app then
// renders afresh in it instead of hydrating the other language's page.
// A frame of the console's time machine (decision 154) is painted by the app alone, in the frame's language.
const frame = timeMachine();
const data = frame ? null : readPageData();
const chosen = chosenLanguage();
const page = data && (!chosen || chosen === data.locale) ? data : null;
if (data) {
  session.adoptServerSession(data.session);
  if (data.session) markVerifiedNow();
  for (const element of document.head.querySelectorAll('[data-ssr-head]')) element.remove();
}
/**
 * Lets the browser run what waits (a paint, a press) between the start's steps: each step is a task of its own rather
 * than one long task from the modules' evaluation to the end of hydration (total blocking time, issue 17).
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await yieldToMain();
await initI18n(frame?.locale ?? page?.locale, page?.messages);
await yieldToMain();
const routes = createRoutes();
if (page) {
  hydrate(queryClient, page.queries);
  markServerQueries(page.queries.queries);
  // The matched screens' code and the messages the server used, before hydrating: the first render is the server's.
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async (match) => {
      const lazy = match.route.lazy as () => Promise<object>;
      Object.assign(match.route, { ...(await lazy()), lazy: undefined });
    }),
  );
  // The screens' own lazily loaded parts the server rendered (the home's sections), defined by the modules just loaded.
  await preloadParts(page.parts);
  expectParts([SCREEN_PART]);
  await yieldToMain();
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
// Production builds only: the development server has no worker (and must not keep one from a build). Its code comes
// after the page is taken over: nothing of it is needed for the first tap (decision 177). A task of its own after the one
// that marks <html data-hydrated>, so the first screen's scripts are all asked for before it (the budget test's line).
if (import.meta.env.PROD && !frame) {
  void whenHydrated()
    .then(yieldToMain)
    .then(() => import('./app/serviceWorker.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker(router))
    .catch(() => {
      /* its chunk did not load (the network went away): the worker there is keeps serving; the next page registers */
    });
}
if (page) await yieldToMain();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (page) {
  // From here React takes a press or a submit on the page itself (and replays one on a part not yet hydrated); /boot.js
  // held those before (decision 141).
  document.documentElement.setAttribute('data-hydrating', '');
  // A transition: React hydrates in short slices, yielding to the browser between them, and each lazily loaded part in
  // its own Suspense boundary afterwards (total blocking time, issue 29).
  startTransition(() => {
    hydrateRoot(root, app, rootOptions);
  });
} else createRoot(root, rootOptions).render(app);
