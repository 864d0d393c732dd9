// The server's entry (docs/decisions/140-server-rendering.md): built apart (vite build --ssr, into dist-ssr/, never
// served) and loaded by the Fastify server (apps/server/src/lib/page-render.ts), which calls renderPage for every page
// GET. A page renders with its data: the screens' own TanStack queries run in-process with the request's cookie, and
// their answers go into the page (dehydrated) so the browser hydrates without asking again (src/main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type DataRouteObject, type StaticHandlerContext } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@hibi/contract/locale';
import type { Envelope } from '@hibi/contract/protocol';
import type { FunctionByName } from '@hibi/contract/functions/index';
import { createRoutes, type RouteHandle } from './app/router.tsx';
import { ApiError } from './lib/api.ts';
import { createIsolatedI18n } from './lib/i18n.ts';
import { truncateDescription } from './lib/meta.ts';
import { createServerQueryClient } from './lib/queryClient.ts';
import { setRequestScopeGetter, type RequestScope } from './lib/requestScope.ts';
import type { StoredSession } from './lib/session.ts';
import { PAGE_DATA_ID, serializePageData, type PageData } from './lib/pageData.ts';

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeGetter(() => scopes.getStore());

/** Rounds of render → fetch the queries the render asked for: a screen whose second query needs the first's answer. */
const MAX_DATA_ROUNDS = 4;

export interface PageRequest {
  /** The page's absolute URL (the app's origin and the request's path and query). */
  url: string;
  /** The request's headers a loader may read (cookie, accept-language). */
  headers: Record<string, string>;
  locale: Locale;
  /** Whether the request carries a session cookie: only then is the member asked for. */
  hasSession: boolean;
  transport: RequestScope['transport'];
  /** Told of an error inside the render. Preact's renderer rejects instead (the caller logs it and sends the shell). */
  onError?: (error: unknown) => void;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The head's title, description and Open Graph tags (each marked data-ssr-head: the app replaces them). */
      head: string;
      /** The rendered app (the content of #root), streamed. */
      body: Readable;
      /** The page's data script: the dehydrated queries, the router's data, the session, the loaded message files. */
      data: string;
      /** The lazily loaded parts rendered (lib/lazyPart.ts): the server links their files. */
      parts: string[];
    };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function tree(
  i18n: Awaited<ReturnType<typeof createIsolatedI18n>>,
  queryClient: QueryClient,
  context: StaticHandlerContext,
  handler: ReturnType<typeof createStaticHandler>,
): ReactNode {
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* hydrate={false}: the router's data goes into the page's JSON script (the CSP allows no inline script). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Renders to completion with Preact's server renderer (decision 142): it waits for every suspended part (a message file,
 * a lazily loaded part) and gives the whole HTML at once. An error no boundary caught rejects.
 */
async function renderAll(node: ReactNode, routes: readonly DataRouteObject[]): Promise<string> {
  forgetSuspensions(routes);
  return await renderToStringAsync(node as VNode);
}

/**
 * The routes' elements are made once (React Router keeps them on its routes) and rendered by every round. Preact's
 * renderer marks an element that suspended, and wraps its HTML in suspense comments each time it renders it again,
 * which the browser's hydration does not expect: each round starts from unmarked elements.
 */
function forgetSuspensions(routes: readonly DataRouteObject[]) {
  for (const route of routes) {
    for (const element of [route.element, route.errorElement, route.hydrateFallbackElement]) {
      if (element && typeof element === 'object') delete (element as { _suspended?: boolean })._suspended;
    }
    if (route.children) forgetSuspensions(route.children);
  }
}

/** The queries a render created and nobody fetched (useQuery does not fetch on the server), enabled ones only. */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && (query.options as { enabled?: unknown }).enabled !== false,
    );
}

/** An ApiError as plain data for the page (the browser makes it an ApiError again, lib/pageData.ts). */
function plainError(error: unknown) {
  if (error instanceof ApiError)
    return { apiError: true, errorCode: error.errorCode, status: error.status, validationErrorMessage: error.validationErrorMessage };
  return { apiError: true, errorCode: 'internalError', status: 500, validationErrorMessage: [] };
}

function headTags(i18n: Awaited<ReturnType<typeof createIsolatedI18n>>, scope: RequestScope, metaKey: string, url: URL, article: boolean): string {
  const t = i18n.getFixedT(scope.locale, 'common');
  const override = scope.meta;
  const siteName = t('meta.siteName');
  const pageTitle = override?.title ?? t(`meta.${metaKey}.title`);
  const title = metaKey === 'home' && !override?.title ? siteName : `${pageTitle} | ${siteName}`;
  const description = truncateDescription(override?.description ?? t(`meta.${metaKey}.description`));
  const image = new URL(override?.image ?? '/icons/icon-512.png', url.origin).href;
  const pageUrl = `${url.origin}${url.pathname}`;
  const tags: [string, Record<string, string>][] = [
    ['meta', { name: 'description', content: description }],
    ['meta', { property: 'og:title', content: title }],
    ['meta', { property: 'og:description', content: description }],
    ['meta', { property: 'og:type', content: article ? 'article' : 'website' }],
    ['meta', { property: 'og:url', content: pageUrl }],
    ['meta', { property: 'og:image', content: image }],
    ['meta', { property: 'og:site_name', content: siteName }],
    ['meta', { property: 'og:locale', content: scope.locale === 'ja' ? 'ja_JP' : 'en_US' }],
    ['meta', { name: 'twitter:card', content: override?.image ? 'summary_large_image' : 'summary' }],
    ['meta', { name: 'twitter:title', content: title }],
    ['meta', { name: 'twitter:description', content: description }],
    ['link', { rel: 'canonical', href: pageUrl }],
  ];
  return [
    `<title data-ssr-head="">${escapeHtml(title)}</title>`,
    ...tags.map(
      ([tag, attrs]) =>
        `<${tag} data-ssr-head=""${Object.entries(attrs)
          .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
          .join('')}>`,
    ),
  ].join('');
}

/**
 * Renders the page of a request: null when the app cannot render it on the server (the caller sends the plain shell,
 * which renders in the browser as before).
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  const scope: RequestScope = {
    locale: request.locale,
    origin: new URL(request.url).origin,
    session: null,
    transport: request.transport,
    meta: null,
    status: 200,
    parts: new Set(),
  };
  return scopes.run(scope, async () => {
    const url = new URL(request.url);
    if (request.hasSession) {
      const { status, body } = await request.transport('authenticateWithToken', { locale: request.locale });
      const answer = body as Envelope<FunctionByName<'authenticateWithToken'>> | null;
      if (status === 200 && answer?.succeed) {
        scope.session = { expiresAt: answer.expiresAt, user: answer.user, contract: answer.tenantContract } satisfies StoredSession;
      }
    }
    const i18n = await createIsolatedI18n(request.locale, ['common']);
    const queryClient = createServerQueryClient();
    const handler = createStaticHandler(createRoutes());
    const context = await handler.query(new Request(url, { headers: request.headers }));
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (context.status >= 300 && context.status < 400 && location) return { kind: 'redirect', status: context.status, location };
      return null;
    }
    // A loader or a screen's code that failed: the browser renders the page and shows the failure as it would.
    if (context.errors) return null;

    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      scope.status = 200;
      await renderAll(tree(i18n, queryClient, context, handler), handler.dataRoutes);
      const queries = unfetched(queryClient);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
    }

    scope.status = context.statusCode === 404 ? 404 : 200;
    scope.meta = null;
    // Everything was fetched before: the final render has all it needs, and is sent in one piece.
    const body = Readable.from([await renderAll(tree(i18n, queryClient, context, handler), handler.dataRoutes)]);

    const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
    const metaKey = handle?.meta ?? 'home';
    const dehydrated = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
    for (const query of dehydrated.queries) {
      if (query.state.error) query.state.error = plainError(query.state.error) as unknown as Error;
    }
    const data: PageData = {
      locale: request.locale,
      session: scope.session,
      queries: dehydrated,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      namespaces: Object.keys(i18n.store.data[request.locale] ?? {}),
      parts: [...scope.parts],
    };
    const notFoundRoute = handle?.meta === 'notFound';
    return {
      kind: 'page',
      status: scope.status === 404 || notFoundRoute ? 404 : 200,
      head: headTags(i18n, scope, metaKey, url, scope.meta !== null && ['libraryArticle', 'announcement', 'event'].includes(metaKey)),
      body,
      data: `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`,
      parts: data.parts,
    };
  });
}
