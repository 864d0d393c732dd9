/**
 * What the service worker does with each request (docs/decisions/101-service-worker.md). Kept apart from the worker so
 * the rules are unit-tested; sw.ts routes by them.
 *
 * - `navigation`: a page. Always from the network (pages will carry a member's data once the server renders them); the
 *   offline page when the network is gone. Never cached.
 * - `asset`: the build's hashed files under /assets/ (never change under one name): cache first.
 * - `media`: public images under /media/ (not /media/protected/): from the cache while a fresh copy is fetched, a
 *   bounded number of them.
 * - `network`: everything else, untouched and never cached: every /api/ call (personal data, tokens), members-only
 *   files (/media/protected/…, signed and private), any signed URL (console uploads, /media/uploads/…?exp=…&sig=…),
 *   videos and documents, other origins, anything but GET.
 */
export type RequestPolicy = 'navigation' | 'asset' | 'media' | 'network';

export interface RequestFacts {
  url: URL;
  method: string;
  mode: string;
  destination: string;
}

/** Paths whose answers are personal or signed: never served from or put into a cache, even as a navigation. */
const NEVER_CACHED = ['/api/', '/media/protected/'];

export function requestPolicy({ url, method, mode, destination }: RequestFacts, origin: string): RequestPolicy {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  if (NEVER_CACHED.some((prefix) => path.startsWith(prefix))) return 'network';
  // A signed URL (console uploads, decision 144) may be a members-only file: kept by no cache of the worker either.
  if (url.searchParams.has('sig')) return 'network';
  // Downloads of public files (PDF manuals) opened as pages go straight to the network too.
  if (mode === 'navigate') return path.startsWith('/media/') ? 'network' : 'navigation';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/media/') && destination === 'image') return 'media';
  return 'network';
}

/** The precached page shown for a page that could not be fetched. */
export const OFFLINE_PAGE = '/offline.html';
/** Runtime caches (the precache has its own, named by Workbox). */
export const ASSET_CACHE = 'hibi-assets';
export const MEDIA_CACHE = 'hibi-media';
/** At most this many public images are kept, each for at most a week (the server's own max-age for /media/). */
export const MEDIA_MAX_ENTRIES = 60;
export const MEDIA_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Hashed files not in the precache (an older release's chunk a page still asks for): at most this many. */
export const ASSET_MAX_ENTRIES = 100;
