/**
 * The hash of the one inline script the web app has: the theme set before the first paint, the same in index.html and
 * offline.html (apps/web; docs/decisions/100-themes-and-design-tokens.md). A test hashes the scripts of both files and
 * fails until this is updated after a change to the script.
 */
export const THEME_SCRIPT_HASH = "'sha256-UAXDTGRrdXlrSImKS0iFauf2k5dysJo7GKEu++zT6sQ='";

/** The strict Content-Security-Policy of every page and response the server sends (helmet directives). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", THEME_SCRIPT_HASH],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The service worker (/sw.js) and the web app manifest (/manifest.webmanifest) come from this origin only.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
