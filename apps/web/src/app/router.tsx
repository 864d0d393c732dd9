import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants.ts';
import { routeTable, type RouteSpec } from './routeTable.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteError } from './shell/RouteError.tsx';
import { reauthenticate } from '../lib/auth/reauthenticate.ts';
import { allowedBeforeTerms, termsPending } from '../lib/auth/termsGate.ts';

/** A screen's chunk that has not come after CHUNK_LOAD_TIMEOUT_MS counts as failed (spec 1 §9). */
function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface RouteHandle {
  meta: string;
  auth: boolean;
}

function toRoute(spec: RouteSpec): RouteObject {
  const handle: RouteHandle = { meta: spec.meta, auth: spec.auth ?? false };
  if (spec.redirect) {
    const target = spec.redirect;
    return { path: spec.path, handle, loader: () => redirect(target) };
  }
  const load = spec.load!;
  return {
    path: spec.path,
    handle,
    lazy: async () => ({ Component: (await withTimeout(load)).default }),
  };
}

export function createRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteError />,
      // Before every navigation a stored token is re-authenticated (spec 2 §2), and a member who has not accepted
      // the current terms goes to the terms page (spec 1 §4).
      loader: async ({ request }) => {
        await reauthenticate();
        if (!allowedBeforeTerms(new URL(request.url).pathname) && (await termsPending())) throw redirect('/terms');
        return null;
      },
      shouldRevalidate: () => true,
      hydrateFallbackElement: null,
      children: routeTable.map(toRoute),
    },
  ]);
}
