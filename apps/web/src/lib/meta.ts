import { useEffect, useSyncExternalStore } from 'react';
import { META_DESCRIPTION_MAX } from './constants.ts';
import { requestScope } from './requestScope.ts';

/** A page may name itself (an article's title); otherwise the route's meta names it. */
interface PageMeta {
  title?: string | undefined;
  description?: string | undefined;
  /** The page's own picture (an article's or announcement's image): og:image of the HTML the server renders. */
  image?: string | undefined;
}

let override: PageMeta | null = null;
const listeners = new Set<() => void>();

export function truncateDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > META_DESCRIPTION_MAX ? `${flat.slice(0, META_DESCRIPTION_MAX)}…` : flat;
}

export function usePageMetaOverride(): PageMeta | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => override,
    () => null,
  );
}

/** Sets the document title and description from a page's own data while it is shown. */
export function usePageMeta(meta: PageMeta | null) {
  const title = meta?.title;
  const description = meta?.description;
  // A server render has no effects: the page's meta goes to the request, whose head the server writes after rendering.
  const scope = requestScope();
  if (scope && meta) scope.meta = { title, description, image: meta.image };
  useEffect(() => {
    if (!title && !description) return;
    override = { title, description };
    listeners.forEach((l) => l());
    return () => {
      override = null;
      listeners.forEach((l) => l());
    };
  }, [title, description]);
}
