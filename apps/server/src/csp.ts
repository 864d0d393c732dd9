/**
 * The hash of the one inline script the web app has: the theme set before the first paint, in index.html (apps/web; docs/decisions/100-themes-and-design-tokens.md). A test hashes the script and
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
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
