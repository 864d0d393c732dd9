import { createBrowserRouter, redirect, type HydrationState, type RouteObject } from 'react-router';
import { routeTable, type RouteSpec } from './routeTable.ts';
import { RootLayout, type RouteHandle } from './shell/RootLayout.tsx';
import { RouteError } from './shell/RouteError.tsx';
import { ScreenError } from './shell/ScreenError.tsx';
import { lazyScreen } from './chunks.ts';
import { reauthenticate } from '../lib/auth/reauthenticate.ts';
import { allowedBeforeTerms, termsPending } from '../lib/auth/termsGate.ts';
import { requestScope } from '../lib/requestScope.ts';

function toRoute(spec: RouteSpec): RouteObject {
  const handle: RouteHandle = { meta: spec.meta, auth: spec.auth ?? false };
  if (spec.redirect) {
    const target = spec.redirect;
    return { path: spec.path, handle, loader: () => redirect(target) };
  }
  return {
    path: spec.path,
    handle,
    // Each screen has its own error boundary: a failed screen shows its panel inside the shell.
    errorElement: <ScreenError />,
    lazy: lazyScreen(spec.load!, spec.clientOnly),
  };
}

/** The app's routes: the shell at the root, every screen of the route table below it. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // Only when the shell itself fails (its loader, its layout): every screen has its own boundary inside it.
      errorElement: <RouteError />,
      // Before every navigation a stored token is re-authenticated (docs/requirements/web.md#web-navigation), and a member who has not accepted
      // the current terms goes to the terms page (docs/requirements/auth.md#auth-terms-gate). On the server the request's session was checked already.
      loader: async ({ request }) => {
        if (!requestScope()) await reauthenticate();
        if (!allowedBeforeTerms(new URL(request.url).pathname) && (await termsPending())) throw redirect('/terms');
        return null;
      },
      shouldRevalidate: () => true,
      hydrateFallbackElement: null,
      children: routeTable.map(toRoute),
    },
  ];
}

/**
 * The browser's router. With `hydrationData` (a page the server rendered) the first location's loaders do not run
 * again; the matched screens' code must be loaded before (main.tsx), as React Router asks of lazy routes.
 */
export function createRouter(routes: RouteObject[] = createRoutes(), hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
