import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Locale } from '@hibi/contract/locale';
import { ApiError } from './api.ts';
import type { StoredSession } from './requestScope.ts';

/** The id of the page's data script (`<script type="application/json">`: data, not run, so the CSP has nothing to allow). */
export const PAGE_DATA_ID = 'hibi-page-data';

/** What a page the server rendered carries for the browser to hydrate with (decision 140). */
export interface PageData {
  locale: Locale;
  /** The member the server rendered for (user and contract, never the token), or null for a guest. */
  session: StoredSession | null;
  /** The screens' TanStack queries as the server answered them (failures as plain { apiError, errorCode, status }). */
  queries: DehydratedState;
  /** The router's loader data (hydrationData of createBrowserRouter). */
  router: HydrationState;
  /**
   * The message files the render used, by namespace (decision 143): the browser renders with exactly these, without
   * loading their chunks again before it can hydrate.
   */
  messages: Record<string, Record<string, unknown>>;
  /** The lazily loaded parts the render used (lib/lazyPart.ts), loaded before hydrating too. */
  parts: string[];
}

/** JSON safe inside a script element: no `<` (so no `</script>` nor `<!--`), and no line separators. */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's data, or null for a page the server did not render (the shell, Vite's development server). */
export function readPageData(doc: Document = document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as PageData;
    for (const query of data.queries.queries) {
      const error = query.state.error as { apiError?: boolean; errorCode: string; status: number; validationErrorMessage: string[] } | null;
      if (error?.apiError) query.state.error = new ApiError(error.errorCode, error.status, error.validationErrorMessage);
    }
    return data;
  } catch {
    return null;
  }
}
