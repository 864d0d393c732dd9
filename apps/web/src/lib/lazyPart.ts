import { createElement, type ComponentType } from 'react';
import { hydrateInNextTask, isHydrating } from '../preact/hydration.ts';
import { requestScope } from './requestScope.ts';

/** Every lazily loaded part by name, as the modules defining them have registered it. */
const parts = new Map<string, () => Promise<void>>();

/**
 * A part of a screen in a chunk of its own (React.lazy with a name). A server render notes the parts it rendered in the
 * page's data (decision 140); the browser loads those before hydrating (`preloadParts`), so a part renders at once
 * during hydration instead of leaving its HTML inert (a press on it lost) until its chunk arrives.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let failed: { error: unknown } | null = null;
  let pending: Promise<void> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failed = { error };
        throw error;
      },
    ));
  parts.set(name, start);
  let deferred: Promise<void> | null = null;
  function LazyPart(props: P) {
    requestScope()?.parts.add(name);
    if (failed) throw failed.error;
    // While the page the server rendered is hydrated, a part waits for a task of its own (Preact keeps its HTML
    // meanwhile): the page is taken over in several short tasks rather than one long one (total blocking time).
    if (isHydrating() && !deferred) throw (deferred = hydrateInNextTask());
    // Suspends as React.lazy does (Preact's Suspense and its server renderer wait for a thrown promise; decision 142).
    if (!loaded) throw start().catch(() => undefined);
    return createElement(loaded, props);
  }
  LazyPart.displayName = `LazyPart(${name})`;
  return LazyPart;
}

/**
 * Loads the named parts. A part's module may define the next one (a section and its carousel): each round loads the
 * parts known so far, until all are loaded or no round makes progress. A part that fails is left to its boundary.
 */
export async function preloadParts(names: readonly string[]): Promise<void> {
  const left = new Set(names);
  for (;;) {
    const known = [...left].filter((name) => parts.has(name));
    if (known.length === 0) return;
    for (const name of known) left.delete(name);
    await Promise.all(known.map((name) => parts.get(name)!().catch(() => undefined)));
  }
}
