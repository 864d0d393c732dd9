import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in a server render and in the browser's hydration of it, true after: for what only this browser knows (a
 * draft in sessionStorage, the history entry's state), rendered once the page has hydrated so the HTML and the first
 * client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
