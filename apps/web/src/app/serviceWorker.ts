import type { createRouter } from './router.tsx';
import { SW_UPDATE_CHECK_MS } from '../lib/constants.ts';

type AppRouter = ReturnType<typeof createRouter>;

/**
 * Registers the service worker once the page has loaded (it never competes with the first screen), and keeps members
 * on the current release (docs/decisions/101-service-worker.md): a new worker takes over at once (skipWaiting and
 * clientsClaim in sw.ts); a page that was running the previous release then turns its next navigation into a full
 * page load, which brings the new release's code (a moment when nothing typed can be lost: the member is leaving the
 * screen anyway). The worker is also asked to look for a new release when the page comes back into view, at most once
 * every SW_UPDATE_CHECK_MS.
 */
export function registerServiceWorker(router: AppRouter, container: ServiceWorkerContainer | undefined = navigator.serviceWorker) {
  if (!container) return;
  let controlled = container.controller !== null;
  let updated = false;
  container.addEventListener('controllerchange', () => {
    // The first install taking control of this page is not a new release; a change of a worker that was there is.
    if (controlled) updated = true;
    controlled = true;
  });
  router.subscribe((state) => {
    const next = state.navigation.location;
    if (!updated || state.navigation.state === 'idle' || !next) return;
    updated = false;
    window.location.assign(`${next.pathname}${next.search}${next.hash}`);
  });

  const register = () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        let checked = Date.now();
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState !== 'visible' || Date.now() - checked < SW_UPDATE_CHECK_MS) return;
          checked = Date.now();
          registration.update().catch(() => {});
        });
      })
      .catch(() => {
        /* no worker (blocked, private mode): the app works as before, without the offline page */
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
