/**
 * When the browser has taken over the whole page the server rendered (decision 143): the root's hydration, and each
 * lazily loaded part the server rendered (lazyPart.ts), which React hydrates later in its own Suspense boundary.
 * RootLayout marks `<html data-hydrated>` once both are done; /boot.js and the e2e suite wait for that mark.
 */
const waiting = new Set<string>();
const settled: (() => void)[] = [];

function settle() {
  if (waiting.size === 0) for (const done of settled.splice(0)) done();
}

/** The screen's own Suspense boundary (RootLayout's, around the route's screen): hydrated after the shell. */
export const SCREEN_PART = 'screen';

/** The parts the server rendered (the page data's list, and the screen), before hydrating. */
export function expectParts(names: readonly string[]) {
  for (const name of names) waiting.add(name);
}

/** A part has hydrated (its first commit in the browser), or will never render (its chunk failed). */
export function partSettled(name: string) {
  if (waiting.delete(name)) settle();
}

/** Settles once every expected part has hydrated: at once for a page rendered in the browser. */
export function whenHydrated(): Promise<void> {
  return waiting.size === 0 ? Promise.resolve() : new Promise((resolve) => settled.push(resolve));
}
