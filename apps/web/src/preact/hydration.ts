/**
 * Whether the browser is hydrating the page the server rendered (main.tsx sets it around Preact's hydrate, which renders
 * synchronously): a store read during hydration gives its server snapshot, as React does (preact/react.ts).
 */
let hydrating = false;

export function isHydrating(): boolean {
  return hydrating;
}

type Listener = (phase: 'start' | 'end') => void;
const listeners = new Set<Listener>();
let pendingParts = 0;
const settled: (() => void)[] = [];

/** Calls `listener` at the start and the end of each stretch of hydration (the page's, then each part's). */
export function onHydrationPhase(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function phase(value: boolean) {
  hydrating = value;
  for (const listener of listeners) listener(value ? 'start' : 'end');
}

/** Runs `render` (Preact's hydrate) with the flag set. */
export function whileHydrating(render: () => void) {
  phase(true);
  try {
    render();
  } finally {
    phase(false);
  }
}

/**
 * A task of its own for a lazily loaded part's hydration (lazyPart throws this promise while the page hydrates; Preact
 * keeps the part's HTML and hydrates it when the promise settles): the page is taken over in several short tasks rather
 * than one long one (issue 17's total blocking time). It resolves in a later task with the flag set; Preact renders the
 * part in that task's microtasks, and the flag ends with the task.
 */
export function hydrateInNextTask(): Promise<void> {
  pendingParts += 1;
  return new Promise((resolve) => {
    setTimeout(() => {
      phase(true);
      resolve();
      setTimeout(() => {
        phase(false);
        pendingParts -= 1;
        if (pendingParts === 0) for (const done of settled.splice(0)) done();
      }, 0);
    }, 0);
  });
}

/** Settles once the page and every part deferred by hydrateInNextTask have been hydrated. */
export function whenHydrated(): Promise<void> {
  return pendingParts === 0 ? Promise.resolve() : new Promise((resolve) => settled.push(resolve));
}

/** Whether this browser asks for the check of hydration (preact/hydrationAudit.ts; the e2e suite sets it). */
export function hydrationAuditAsked(): boolean {
  try {
    return localStorage.getItem('hibi.hydrationAudit') === '1';
  } catch {
    return false;
  }
}
