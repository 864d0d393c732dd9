import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MAX_BODY_BYTES } from '@hibi/contract/protocol';
import { validationMessages } from '@hibi/contract/messages';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ChangeFeed } from './db/changes.ts';
import { functionEntry } from './functions/entry.ts';
import { localeOfBody, logUnavailable, sendUnavailable } from './functions/pipeline.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { buildOpenApi } from './functions/openapi.ts';
import { buildRegistry } from './functions/registry.ts';
import { consoleEntry } from './functions/console-entry.ts';
import { buildConsoleRegistry } from './functions/console-registry.ts';
import { registerHealthRoutes, type Lifecycle } from './health.ts';
import { PROTECTED_DIR, PUBLIC_DIR } from './paths.ts';
import { PROTECTED_PREFIX, setMediaSigningSecret, verifyMediaSignature } from './lib/media-signing.ts';
import { mediaSigningSecret } from './media-secret.ts';
import { applySecurityHeaders, securityHeaders } from './lib/security-headers.ts';
import { CONTENT_SECURITY_POLICY } from './csp.ts';
import { errorLogSerializer, redactPath, requestLogSerializer } from './lib/log-redact.ts';
import { pageLanguage } from './lib/language.ts';
import { loadRoutePreloads } from './lib/route-preloads.ts';
import { acceptsEncoding } from './lib/accept.ts';
import { loadServerEntry, renderPage, type PageRenderOptions } from './lib/page-render.ts';
import { sessionCookieToken, webSessionCookies } from './functions/web-session.ts';
import type { AdmissionRules } from './core/write-admission.ts';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';

export interface AppOptions {
  config: Config;
  db: Db;
  /** The reading calls' own connections (Database.readDb); absent: `db`. */
  readDb?: Db;
  now?: () => Date;
  /** Extra routes of domains that serve more than functions (uploads, calendar files). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** Told by main.ts when SIGTERM arrives, so /readyz sends the load balancer elsewhere. */
  lifecycle?: Lifecycle;
  /** Writes other processes made (db/changes.ts): with it the entry keeps sessions and shared answers. */
  changes?: ChangeFeed;
  /** Where log lines go (standard output when absent); tests read them. */
  logStream?: { write(line: string): void };
  /** Writes are admitted by the reads' speed (core/write-admission.ts; main.ts on PostgreSQL). Absent: all are. */
  writeAdmission?: AdmissionRules;
}

/** An incoming X-Request-Id is kept when it is short and plain (a balancer's trace id); otherwise a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** The function name of a function-entry URL, for the access log (never the query string: emailed links carry tokens). */
const FUNCTION_PATH = /^\/api\/(?:functions|console)\/([A-Za-z0-9_]{1,64})$/;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The path of a request without its query string: the only form of a URL that goes into a log line. */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return (end === -1 ? url : url.slice(0, end)).slice(0, 512);
}

export { CONTENT_SECURITY_POLICY };

/** A page the console's time machine frames: the shell, painted by the app in the frame (decision 154). */
const TIME_MACHINE_FRAME = /[?&]timeMachine=1(?:&|#|$)/;

/**
 * The app's page in a language: `<html lang>` set, and `data-lang-source` telling the app the server chose it
 * (`choice`: the member's hibi_lang cookie; `browser`: Accept-Language; `default`: neither had ja or en), so the app
 * shows the same language the page declares (decision 108).
 */
export function withLanguage(html: string, lang: 'ja' | 'en', source: string): string {
  return html.replace(/<html\b[^>]*>/i, `<html lang="${lang}" data-lang-source="${source}">`);
}

/** The page with its screen's files linked at the end of its head (decision 137). */
export function withScreenLinks(html: string, links: string): string {
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

/** The shell's place for the rendered app, and its parts around it (decision 140). */
const ROOT_ELEMENT = '<div id="root"></div>';

/** The app's module script and the module preloads of a page (Vite's tags, and the screen's from withScreenLinks). */
const APP_CODE = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * A rendered page's code, held back (decision 141): the module script and preloads leave the page, listed instead in
 * #hibi-app-code, which /boot.js (a deferred classic script) fetches once the page has loaded or at the visitor's first
 * touch, key or pointer move. The page paints from its HTML and styles alone; the code only takes it over (hydration),
 * so it never competes with the styles and images of the first paint.
 */
export function holdAppCode(page: string): { page: string; tags: string } {
  let entry = '';
  const modules: string[] = [];
  const rest = page.replace(APP_CODE, (_tag, script: string | undefined, preload: string | undefined) => {
    if (script) entry = script;
    else if (preload && !modules.includes(preload)) modules.push(preload);
    return '';
  });
  if (!entry) return { page, tags: '' };
  const list = JSON.stringify({ entry, modules }).replace(/</g, '\\u003c');
  return { page: rest, tags: `<script type="application/json" id="hibi-app-code">${list}</script><script src="/boot.js" defer></script>` };
}

/**
 * A rendered page: the shell with the server's head tags in place of its title, the rendered app streamed into #root,
 * and after it the page's data (a JSON script the app reads when it starts) and its held-back code (holdAppCode).
 */
export function pageStream(shell: string, head: string, body: NodeJS.ReadableStream, data: string): PassThrough {
  const { page, tags } = holdAppCode(shell.replace(/<title>[^<]*<\/title>/, () => head));
  const at = page.indexOf(ROOT_ELEMENT);
  const before = page.slice(0, at);
  const after = page.slice(at + ROOT_ELEMENT.length);
  const out = new PassThrough();
  out.write(`${before}<div id="root">`);
  body.pipe(out, { end: false });
  body.on('end', () => out.end(`</div>${data}${tags}${after}`));
  body.on('error', (error) => out.destroy(error));
  return out;
}

/**
 * A rendered page compressed as the browser accepts (Brotli, else gzip; plain otherwise): its HTML is 9–28 KB, 3–6 KB
 * compressed, on the first paint's path (decision 141). Static files are precompressed at build time; pages are made
 * per request, so they are compressed on the way, at a fast level.
 */
export function compressedPage(
  acceptEncoding: string | undefined,
  page: NodeJS.ReadableStream,
): { encoding: string | null; body: NodeJS.ReadableStream } {
  if (acceptsEncoding(acceptEncoding, 'br')) {
    return { encoding: 'br', body: page.pipe(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })) };
  }
  if (acceptsEncoding(acceptEncoding, 'gzip')) return { encoding: 'gzip', body: page.pipe(zlib.createGzip({ level: 6 })) };
  return { encoding: null, body: page };
}

/** Builds the server: plugins, then the function entry, then static files (no listening). */
export async function buildApp({
  config,
  db,
  readDb,
  now,
  routes,
  lifecycle,
  logStream,
  changes,
  writeAdmission,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines (pino). Fastify's own two lines per request carry the full URL; one access line below replaces them.
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'token', '*.password', '*.token'],
              censor: '[redacted]',
            },
            serializers: {
              req: requestLogSerializer,
              err: (error: Error) => errorLogSerializer(error) as { type: string; message: string; stack: string },
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: MAX_BODY_BYTES,
    // Behind a load balancer, request.ip is the client's address only when the balancer is trusted (TRUST_PROXY):
    // rate limits and logs key on it.
    // A hop count becomes the function Fastify would build from it (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  // One access line per call: request id, function name, status and duration; never a query string or a body.
  app.addHook('onResponse', async (request, reply) => {
    if (lifecycle?.warmingUp) return;
    const urlPath = redactPath(pathOnly(request.url));
    const fn = FUNCTION_PATH.exec(urlPath)?.[1];
    request.log.info(
      {
        method: request.method,
        path: urlPath,
        ...(fn ? { fn } : {}),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'access',
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const helmetOptions = (directives: typeof CONTENT_SECURITY_POLICY) => ({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  });
  applySecurityHeaders(
    app,
    securityHeaders(helmetOptions(CONTENT_SECURITY_POLICY), { 'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()' }),
  );
  // The console's time machine (decision 154): the console frames the app's own pages, and only the page it asks for
  // with ?timeMachine=1 (the plain shell, no member's data) may be framed, by this origin alone.
  const consolePolicy = securityHeaders(helmetOptions({ ...CONTENT_SECURITY_POLICY, frameSrc: ["'self'"] }))['content-security-policy']!;
  const framedPolicy = securityHeaders(helmetOptions({ ...CONTENT_SECURITY_POLICY, frameAncestors: ["'self'"] }))['content-security-policy']!;

  // Anything that goes wrong before a handler runs (bad JSON, too large, wrong media type) is a 4xx of the protocol.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const locale = localeOfBody(request.body);
      const key = status === 413 ? 'bodyTooLarge' : 'invalidJson';
      return reply.code(status).send({ succeed: false, errorCode: 'validationError', validationErrorMessage: [validationMessages[locale][key]] });
    }
    // Before or around a handler (the session, the terms gate, the read barrier): the database out of reach is a 503.
    if (isDatabaseUnavailable(error)) {
      logUnavailable(request, error);
      return sendUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ succeed: false, errorCode: 'internalError' });
  });

  const registry = buildRegistry(config);
  const openapi = buildOpenApi(registry);
  app.get('/api/openapi.json', async () => openapi);
  registerHealthRoutes(app, db, config, lifecycle);
  await functionEntry(app, { db, readDb, config, registry, now, changes, writeAdmission, lifecycle });
  await consoleEntry(app, { db, config, registry: buildConsoleRegistry(config), now });
  if (routes) await routes(app);

  // Members-only files: only through a signed URL the API handed out (issue 12, finding 10); anything else is 404,
  // so an unsigned request cannot even tell whether the file exists. This registration also gives reply.sendFile.
  setMediaSigningSecret(await mediaSigningSecret(db, config));
  await app.register(fastifyStatic, { root: PROTECTED_DIR, serve: false });
  app.get(`${PROTECTED_PREFIX}*`, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const query = request.query as { exp?: string; sig?: string };
    const seconds = path && !path.split('/').includes('..') ? verifyMediaSignature(path, query.exp, query.sig) : null;
    if (seconds === null) return reply.code(404).type('text/plain').send('Not found');
    reply.header('cache-control', `private, max-age=${Math.min(seconds, 7200)}`);
    return reply.sendFile(path, PROTECTED_DIR, { cacheControl: false });
  });

  const publicDir = PUBLIC_DIR;
  if (fs.existsSync(publicDir)) {
    await app.register(fastifyStatic, { root: publicDir, prefix: '/media/', decorateReply: false, maxAge: '7d', wildcard: true });
  }
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const appPage = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const screenLinks = loadRoutePreloads(config.webDistDir);
  const serverEntry = hasWeb && appPage.includes(ROOT_ELEMENT) ? await loadServerEntry(config.webDistDir, app.log) : null;
  const cookies = webSessionCookies(config);
  const rendering: PageRenderOptions | null = serverEntry
    ? { app, entry: serverEntry, appOrigin: cookies.appOrigin, hasSession: (request) => sessionCookieToken(request, cookies) !== null }
    : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      preCompressed: true,
      index: false,
      // The app's page is always served below with its language, never as a plain file.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ succeed: false, errorCode: request.url.startsWith('/api/functions/') ? 'unknownFunction' : 'notFound' });
    }
    // A missing file is a 404, never the app's page with 200.
    if (request.method === 'GET' && hasWeb && !request.url.startsWith('/media/') && !request.url.startsWith('/assets/')) {
      // /console and every path below it serve the operator console, the web app's second entry
      // (docs/decisions/096-console-web-entry.md); no-cache as said (sendFile's own default would be `public, max-age=0`).
      if (/^\/console(?:[/?#]|$)/.test(request.url)) {
        // The console's check-in page reads passes with the camera (issue 33): this origin's console only.
        reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
        reply.header('content-security-policy', consolePolicy);
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('console.html', config.webDistDir, { cacheControl: false });
      }
      // History-mode routes: every page path serves the app, which shows its own not-found page, in the language
      // of the request (decision 108): the page varies by the language cookie and Accept-Language.
      const { lang, source } = pageLanguage(request.headers);
      const pathname = request.url.split(/[?#]/)[0]!;
      const shell = withScreenLinks(withLanguage(appPage, lang, source), screenLinks(pathname));
      if (TIME_MACHINE_FRAME.test(request.url)) {
        return reply
          .header('content-security-policy', framedPolicy)
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(shell);
      }
      reply.header('vary', 'Accept-Language, Cookie');
      // Rendered on the server with its data (decision 140); the shell when the build has no server entry or it failed.
      const rendered = rendering ? await renderPage(rendering, request, lang) : null;
      if (rendered?.kind === 'redirect') return reply.header('cache-control', 'no-cache').redirect(rendered.location, rendered.status);
      if (rendered) {
        if (rendered.setCookies.length) reply.header('set-cookie', rendered.setCookies);
        // The screen's files and those of the lazily loaded parts it rendered (their styles: decision 140), compressed as
        // the browser accepts (decision 141).
        const page = compressedPage(
          request.headers['accept-encoding'],
          pageStream(
            withScreenLinks(withLanguage(appPage, lang, source), screenLinks(pathname, rendered.parts)),
            rendered.head,
            rendered.body,
            rendered.data,
          ),
        );
        reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding');
        if (page.encoding) reply.header('content-encoding', page.encoding);
        return (
          reply
            .code(rendered.status)
            // A member's page is theirs alone: no shared cache keeps it.
            .header('cache-control', rendering!.hasSession(request) ? 'private, no-cache' : 'no-cache')
            .type('text/html; charset=utf-8')
            .send(page.body)
        );
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
