// The server's entry (docs/decisions/140-server-rendering.md): built apart (vite build --ssr, into dist-ssr/, never
// served) and loaded by the Fastify server (apps/server/src/lib/page-render.ts), which calls renderPage for every page
// GET. A page renders with its data: the screens' own TanStack queries run in-process with the request's cookie, and
// their answers go into the page (dehydrated) so the browser hydrates without asking again (src/main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Writable, type Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from './lib/i18n/react.tsx';
import type { Locale } from '@hibi/contract/locale';
import type { Envelope } from '@hibi/contract/protocol';
import type { FunctionByName } from '@hibi/contract/functions/index';
import { createRoutes } from './app/router.tsx';
import type { RouteHandle } from './app/shell/RootLayout.tsx';
import { ApiError } from './lib/api.ts';
import { createIsolatedI18n } from './lib/i18n.ts';
import { truncateDescription } from './lib/meta.ts';
import { createServerQueryClient } from './lib/queryClient.ts';
import { setRequestScopeGetter, type RequestScope } from './lib/requestScope.ts';
import type { StoredSession } from './lib/requestScope.ts';
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
  /** Told of each error inside the final render (a screen that threw: the page is then its error page, status 500). */
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
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* hydrate={false}: the router's data goes into the page's JSON script (the CSP allows no inline script). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** What React's server renderer gave once everything was ready: the stream to pipe, or the errors it met. */
type Rendered = { stream: PipeableStream; errors: [] } | { stream: null; errors: unknown[] };

/**
 * Renders with React's server renderer (renderToPipeableStream) and waits for everything (onAllReady): each Suspense
 * boundary (the screen, each lazily loaded part, a message file) is complete in the HTML, and the browser hydrates
 * each boundary on its own. Any error, inside a boundary or in the shell, is given back instead of the stream: a
 * server render has no use for a boundary's fallback HTML (decision 143).
 */
function render(node: ReactNode): Promise<Rendered> {
  return new Promise((resolve) => {
    const errors: unknown[] = [];
    const stream = renderToPipeableStream(node, {
      onAllReady: () => resolve(errors.length === 0 ? { stream, errors: [] } : (stream.abort(), { stream: null, errors })),
      onShellError: (error) => resolve({ stream: null, errors: [...errors, error] }),
      onError: (error) => {
        errors.push(error);
      },
      // No boundary outlined to be revealed by an inline script later (React does so for large ones by default): the
      // Content-Security-Policy runs no inline script, and everything is ready anyway.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
  });
}

/** Renders to completion and throws the HTML away: the queries the screens created are then in the client. */
async function renderAll(node: ReactNode): Promise<void> {
  const { stream } = await render(node);
  if (!stream) return;
  await new Promise<void>((resolve) => stream.pipe(new Writable({ write: (_chunk, _encoding, done) => done() })).on('finish', resolve));
}

/**
 * What the page data says of a screen that threw, and what its error boundary reads on the server and in the browser
 * alike (no message, no stack: the same panel on both sides, and nothing of the server's inside the page).
 */
const SCREEN_FAILED = { errorCode: 'internalError' } as const;

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
      await renderAll(tree(i18n, queryClient, context, handler));
      const queries = unfetched(queryClient);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
    }

    scope.status = context.statusCode === 404 ? 404 : 200;
    scope.meta = null;
    // Everything was fetched before: the final render has all it needs.
    let final = await render(tree(i18n, queryClient, context, handler));
    let failed = false;
    if (!final.stream) {
      // A screen that threw: its route's error boundary (the screen's error panel inside the shell), status 500. React's
      // server renderer runs no error boundary itself, so the router is told of the error, as for a loader's.
      for (const error of final.errors) request.onError?.(error);
      const leaf = context.matches.at(-1)?.route.id;
      if (!leaf) return null;
      failed = true;
      context.errors = { [leaf]: SCREEN_FAILED };
      context.statusCode = 500;
      scope.meta = null;
      final = await render(tree(i18n, queryClient, context, handler));
      if (!final.stream) throw final.errors[0];
    }
    const body = new PassThrough();
    final.stream.pipe(body);

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
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: failed ? context.errors : null },
      messages: (i18n.data[request.locale] ?? {}) as PageData['messages'],
      parts: [...scope.parts],
    };
    const notFoundRoute = handle?.meta === 'notFound';
    return {
      kind: 'page',
      status: failed ? 500 : scope.status === 404 || notFoundRoute ? 404 : 200,
      head: headTags(i18n, scope, metaKey, url, scope.meta !== null && ['libraryArticle', 'announcement', 'event'].includes(metaKey)),
      body,
      data: `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`,
      parts: data.parts,
    };
  });
}
