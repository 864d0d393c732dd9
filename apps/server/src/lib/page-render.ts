// Server rendering of the web app's pages (docs/decisions/140-server-rendering.md). The web build writes the server's
// entry beside its static files (apps/web/dist-ssr/entry-server.js, never served); with it every page GET is rendered
// by React on this server, with the data of its screen: each function the screen calls runs in-process through the
// function entry (app.inject) with the page request's cookie and address, so every access rule, the session checks and
// the kept-answer cache apply as to the browser's own calls. Without the file (tests' small builds) pages are the
// plain shell as before; a render that fails falls back to the shell too. A screen that throws is the entry's own
// error page with status 500 (docs/decisions/143-react-again.md), the error logged through `onError`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/** The server entry's module, as apps/web/src/entry-server.tsx exports it (kept in step by the e2e suite). */
interface ServerEntry {
  renderPage(request: {
    url: string;
    headers: Record<string, string>;
    locale: 'ja' | 'en';
    hasSession: boolean;
    transport: (name: string, body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;
    onError?: (error: unknown) => void;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; head: string; body: Readable; data: string; parts?: string[] }
    | null
  >;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; body: Readable; data: string; parts?: string[]; setCookies: string[] };

/** A render that has not finished by then gives the shell (the browser renders the page as before). */
const RENDER_TIMEOUT_MS = 10_000;

/** The directory of the server's build of the web app: beside its static files (apps/web/dist → apps/web/dist-ssr). */
export function ssrDirOf(webDistDir: string): string {
  return `${webDistDir.replace(/[\\/]+$/, '')}-ssr`;
}

/** Loads the server entry of a web build, or null when the build has none. */
export async function loadServerEntry(webDistDir: string, log: FastifyBaseLogger): Promise<ServerEntry | null> {
  const file = path.join(ssrDirOf(webDistDir), 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    log.error({ err: error }, 'server rendering unavailable: its entry did not load');
    return null;
  }
}

export interface PageRenderOptions {
  app: FastifyInstance;
  entry: ServerEntry;
  /** The app's own origin (APP_BASE_URL's): the origin of the in-process calls, and of the page's absolute URLs. */
  appOrigin: string;
  hasSession: (request: FastifyRequest) => boolean;
}

/** Renders the page of a GET request; null when it could not (the caller sends the shell). */
export async function renderPage(
  { app, entry, appOrigin, hasSession }: PageRenderOptions,
  request: FastifyRequest,
  locale: 'ja' | 'en',
): Promise<RenderedPage | null> {
  const setCookies: string[] = [];
  const forwarded: Record<string, string> = {};
  for (const name of ['cookie', 'accept-language', 'user-agent']) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  const transport = async (name: string, body: Record<string, unknown>) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/functions/${encodeURIComponent(name)}`,
      // The page's own origin: the cookie's cross-origin rule (decision 107) accepts it as the browser's call would be.
      headers: { ...forwarded, 'content-type': 'application/json', origin: appOrigin },
      payload: JSON.stringify(body),
      remoteAddress: request.ip,
    });
    // A session cookie the server no longer knows is deleted in the page's answer, as in a call's.
    const cookies = answer.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    try {
      return { status: answer.statusCode, body: answer.json() as unknown };
    } catch {
      return { status: answer.statusCode, body: null };
    }
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const rendered = await Promise.race([
      entry.renderPage({
        url: `${appOrigin}${request.url}`,
        headers: forwarded,
        locale,
        hasSession: hasSession(request),
        transport,
        onError: (error) => request.log.error({ err: error, path: request.url.split(/[?#]/)[0] }, 'server rendering: a part of the page failed'),
      }),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          request.log.warn({ path: request.url.split(/[?#]/)[0] }, 'server rendering timed out: the shell was sent');
          resolve(null);
        }, RENDER_TIMEOUT_MS);
      }),
    ]);
    if (!rendered) return null;
    return rendered.kind === 'page' ? { ...rendered, setCookies } : rendered;
  } catch (error) {
    request.log.error({ err: error }, 'server rendering failed: the shell was sent');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
