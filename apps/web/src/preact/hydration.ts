/**
 * Whether the browser is hydrating the page the server rendered (main.tsx sets it around Preact's hydrate, which renders
 * synchronously): a store read during hydration gives its server snapshot, as React does (preact/react.ts).
 */
let hydrating = false;

export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `render` (Preact's hydrate) with the flag set. */
export function whileHydrating(render: () => void) {
  hydrating = true;
  try {
    render();
  } finally {
    hydrating = false;
  }
}

/** Whether this browser asks for the check of hydration (preact/hydrationAudit.ts; the e2e suite sets it). */
export function hydrationAuditAsked(): boolean {
  try {
    return localStorage.getItem('hibi.hydrationAudit') === '1';
  } catch {
    return false;
  }
}
