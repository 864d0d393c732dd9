// What `react` resolves to in both builds of the app (vite.config.ts, decision 142): preact/compat, with React's
// useSyncExternalStore server snapshot, which compat ignores (it always reads getSnapshot).
import * as compat from 'preact/compat';
import { isHydrating } from './hydration.ts';

// @ts-expect-error -- compat's types are one `export =` namespace; its ES module has the named exports re-exported here.
export * from 'preact/compat';

/**
 * React's rule: a server render, and the browser's hydration of it, read `getServerSnapshot`; the browser's next render
 * reads the store. Without it the HTML and the first render in the browser differ (the media query, the theme, a draft
 * in storage), and Preact does not correct attributes while hydrating.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  // In the browser only where the two differ: a store whose snapshots agree (TanStack Query's) renders once.
  const [fromServer, setFromServer] = compat.useState(
    () => getServerSnapshot !== undefined && (typeof window === 'undefined' || (isHydrating() && !Object.is(getServerSnapshot(), getSnapshot()))),
  );
  compat.useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return compat.useSyncExternalStore(subscribe, fromServer && getServerSnapshot ? getServerSnapshot : getSnapshot);
}

// Dropped from the bundle when nothing uses it (only the console's packages import React's default).
export default /* @__PURE__ */ Object.assign({}, (compat as unknown as { default: object }).default, { useSyncExternalStore });
