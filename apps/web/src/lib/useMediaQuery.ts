import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following changes (a rotated phone, a resized window). A server render, and the
 * browser's hydration of it, answer false; the browser's value follows at once.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
