import { createElement, use, useEffect, type ComponentType } from 'react';
import { expectParts, partSettled } from './hydration.ts';
import { requestScope } from './requestScope.ts';

/** Every lazily loaded part by name, as the modules defining them have registered it. */
const parts = new Map<string, () => Promise<void>>();

/**
 * A part of a screen in a chunk of its own (React.lazy with a name), always rendered inside a `<Suspense>` boundary of
 * its own: React then hydrates each part apart from the page, in a task of its own (decision 143). A server render
 * notes the parts it rendered in the page's data (decision 140); the browser loads those before hydrating
 * (`preloadParts`), so a part renders at once during hydration instead of waiting for its chunk.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const start = () => {
    if (pending) return pending;
    const promise = load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // The part's boundary shows the failure; the page counts as taken over without it.
        partSettled(name);
        throw error;
      },
    );
    // Settled, the promise says so the way React's use() reads it: a part loaded beforehand (preloadParts) renders at
    // once instead of suspending for a promise React has not seen settle.
    promise.then(
      () => Object.assign(promise, { status: 'fulfilled', value: undefined }),
      (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
    );
    return (pending = promise);
  };
  parts.set(name, start);
  function LazyPart(props: P) {
    requestScope()?.parts.add(name);
    // Always called, never behind a condition: when a part suspended and React replays it after the chunk came, a use()
    // skipped on the replay made React render the hooks after it as updates of a component never mounted (React error
    // #467 inside #520, seen in the e2e suite on the home page).
    use(start());
    useEffect(() => partSettled(name), []);
    return createElement(loaded!, props);
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
    // The parts this browser knows are the ones its hydration will render (and mark: lib/hydration.ts).
    expectParts(known);
    if (known.length === 0) return;
    for (const name of known) left.delete(name);
    await Promise.all(known.map((name) => parts.get(name)!().catch(() => undefined)));
  }
}
