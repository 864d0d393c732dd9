/**
 * Numbers only the web app uses (docs/requirements/web.md#web-constants, docs/requirements/health.md#health-report-charts): layout, timings and chart scales. Business constants the
 * server shares (page sizes, the step goal, the named codes of the contract) stay in @hibi/contract/constants
 * (docs/decisions/085-web-ui-kit-and-api-files.md).
 */

/** Below this width the layout is the phone's: one column, the account menu on top, padded report charts off. */
export const MOBILE_BREAKPOINT_PX = 768;
/** The media query of the wide layout (wider than the breakpoint). */
export const WIDE_MEDIA_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;
/** The header turns compact once the page has scrolled this far. */
export const HEADER_SCROLLED_AT_PX = 149;
/** The guests' home carousel moves on every this many milliseconds. */
export const HOME_AUTOPLAY_MS = 3000;
/** A screen's chunk that has not come after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/** The meta description is cut at this many characters. */
export const META_DESCRIPTION_MAX = 150;
/** Navigating to an anchor scrolls there after this delay, once the content has rendered. */
export const ANCHOR_SCROLL_DELAY_MS = 500;
/** How long a toast (the language confirmation) stays. */
export const TOAST_MS = 4000;

/** The step charts: bars are capped at 15000 steps; the axis is labelled at these counts (the goal among them). */
export const STEPS_CHART = {
  barCap: 15000,
  axisLabels: [0, 5000, 8000, 10000],
} as const;

/** A page brought back into view asks the service worker to look for a new release at most this often. */
export const SW_UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The localStorage key of the event passes kept for the door (lib/passes.ts; public/offline.js reads it too). Here, not
 * in passes.ts, so that the session's sign-out can forget them without the first screen loading the pass store.
 */
export const PASSES_KEY = 'hibi.passes';
