/// <reference lib="webworker" />
// The service worker (docs/decisions/101-service-worker.md), built by vite-plugin-pwa (injectManifest) into /sw.js.
// Which request gets which treatment is decided in sw/policy.ts.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  ASSET_CACHE,
  ASSET_MAX_ENTRIES,
  MEDIA_CACHE,
  MEDIA_MAX_AGE_SECONDS,
  MEDIA_MAX_ENTRIES,
  OFFLINE_PAGE,
  requestPolicy,
  type RequestPolicy,
} from './sw/policy.ts';
import { notificationFor, pickClient, safePath } from './sw/push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

// A new release takes over at once (every open page is told, and reloads at its next navigation: app/serviceWorker.ts).
self.skipWaiting();
clientsClaim();

// The build's files (scripts, styles, icons, the offline page), listed with their revisions at build time; files of an
// older release are removed when this worker activates.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const routedAs =
  (policy: RequestPolicy) =>
  ({ url, request }: { url: URL; request: Request }) =>
    requestPolicy({ url, method: request.method, mode: request.mode, destination: request.destination }, self.location.origin) === policy;

// Pages: the network only (with navigation preload, so the worker's start-up does not delay them); the offline page
// when there is no network. A page is never stored.
const pages = new NetworkOnly();
registerRoute(routedAs('navigation'), async (options) => {
  try {
    return await pages.handle(options);
  } catch {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
});

registerRoute(
  routedAs('asset'),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: ASSET_MAX_ENTRIES, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  routedAs('media'),
  new StaleWhileRevalidate({
    cacheName: MEDIA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, maxAgeSeconds: MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// Notifications on the device (issue 34, decision 153): show what the server sent (already in the member's language)
// with the app's icon; a click opens its event, announcement or survey, in a tab that is open if there is one.
self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, self.navigator.language);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = pickClient(windows, path, self.location.origin);
      if (!client) {
        await self.clients.openWindow(path);
        return;
      }
      const focused = await client.focus();
      // A tab on another page of the app goes to the notification's (a tab the worker does not control opens a new one).
      if (focused.url !== new URL(path, self.location.origin).href) await focused.navigate(path).catch(() => self.clients.openWindow(path));
    })(),
  );
});
