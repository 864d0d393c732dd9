import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { lazyScreen } from '../../app/chunks.ts';
import { ScreenError } from '../../app/shell/ScreenError.tsx';
import { consoleRoutes, type ConsoleRouteSpec } from './routeTable.ts';
import { ConsoleLayout } from './shell/ConsoleLayout.tsx';
import type { ConsoleRouteHandle } from './shell/useDocumentTitle.ts';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { RouteError } from '../../app/shell/RouteError.tsx';
import { loadMe } from '../lib/me.ts';

export const CONSOLE_BASENAME = '/console';

function toRoute(spec: ConsoleRouteSpec): RouteObject {
  const handle: ConsoleRouteHandle = { title: spec.title, ...(spec.roles ? { roles: spec.roles } : {}) };
  return { path: spec.path, handle, errorElement: <ScreenError />, lazy: lazyScreen(spec.load) };
}

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      {
        id: 'public',
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: consoleRoutes.filter((r) => r.public).map(toRoute),
      },
      {
        id: 'console',
        element: <ConsoleLayout />,
        errorElement: <RouteError />,
        // Every page below needs a signed-in operator: without a session the sign-in page, then back here.
        loader: async ({ request }) => {
          const me = await loadMe();
          const url = new URL(request.url);
          if (!me) {
            const back = url.pathname.slice(CONSOLE_BASENAME.length) + url.search;
            throw redirect(`/signin${back && back !== '/' ? `?next=${encodeURIComponent(back)}` : ''}`);
          }
          return me;
        },
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        // A company operator's console is its Insights (issue 32); everyone else starts at the home (issue 60).
        children: [
          { index: true, loader: async () => redirect((await loadMe())?.operator.role === 'company' ? '/insights' : '/home') },
          ...consoleRoutes.filter((r) => !r.public).map(toRoute),
        ],
      },
    ],
    { basename: CONSOLE_BASENAME },
  );
}
