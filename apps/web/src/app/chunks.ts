import { createElement, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { Spinner } from '../components/Spinner.tsx';

/** A screen rendered once the page has hydrated: the server's HTML (and hydration) show the loading state in its place. */
function ClientOnly({ screen: Screen }: { screen: ComponentType }) {
  return createElement(useHydrated() ? Screen : Spinner);
}

/** A screen's code did not arrive: the network failed, a new release replaced the files, or it took too long. */
export class ChunkLoadError extends Error {}

/** A screen's chunk that has not come after CHUNK_LOAD_TIMEOUT_MS counts as failed (docs/requirements/web.md#web-constants). */
export function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * Whether an error is a chunk that failed to load: ours, or a lazily loaded section's (the browsers' own messages).
 * Only a reload fetches such a chunk again: the browser remembers a failed import.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * A route's `lazy`: the screen's chunk, within the time limit. A chunk that fails becomes a screen that throws its
 * error, so the route's own error boundary shows it inside the shell (React Router renders nothing below a route
 * whose lazy function failed).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, clientOnly = false) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const Screen = (await withTimeout(load)).default;
      return { Component: clientOnly ? () => createElement(ClientOnly, { screen: Screen }) : Screen };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}
