// What the console's entry (console-entry.ts) reads from a request and writes into an answer beside the pipeline's
// steps (functions/pipeline.ts, docs/decisions/183-one-call-pipeline.md): the operator's session cookie and the
// app's origin (authenticate), an upload's file and language (parse), the signatures of upload URLs (parse, answer),
// the handler's context (run) and an export's file (answer). Decision 090 is the console entry's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ConsoleFunctionName } from '@hibi/contract/console/index';
import { CONSOLE_COOKIE, type ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import type { Locale } from '@hibi/contract/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { resolveOperatorToken } from '../domains/operators/service.ts';
import { attachmentDisposition, CsvFile } from '../lib/csv.ts';
import { ZipDownload } from '../lib/export-zip.ts';
import { unsignUploadUrls } from '../lib/media-signing.ts';
import { hitRateLimit } from '../lib/rate-limit.ts';
import type { AuditNote, ConsoleContext, ConsoleOperator, Upload } from '../core/console-handler.ts';
import { audit, operatorOf, refuse, type AuditCaller } from './pipeline.ts';
import { bearerToken } from './web-session.ts';

// ---------------------------------------------------------------------------------------------------------------
// authenticate: the operator's session cookie, the app's origin

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The console session cookie's name: `__Host-hibi_console` over HTTPS, `hibi_console` on plain HTTP (development). */
export function consoleCookieName(secure: boolean): string {
  return secure ? `__Host-${CONSOLE_COOKIE}` : CONSOLE_COOKIE;
}

/** The console's session cookie (its name and attributes) and the origin of the app's own pages. */
export interface ConsoleCookie {
  name: string;
  attributes: string;
  appOrigin: string;
  production: boolean;
}

export function consoleCookie(config: Pick<Config, 'appBaseUrl' | 'production'>): ConsoleCookie {
  const secure = config.appBaseUrl.startsWith('https:');
  return {
    // Over HTTPS the cookie takes the __Host- prefix (issue 30, finding 7): the browser then accepts it only Secure,
    // from this very host (no Domain) and for Path=/, so a sibling subdomain cannot plant or shadow it.
    name: consoleCookieName(secure),
    attributes: secure ? 'Path=/; HttpOnly; SameSite=Strict; Secure' : 'Path=/api/console; HttpOnly; SameSite=Strict',
    appOrigin: new URL(config.appBaseUrl).origin,
    production: config.production,
  };
}

/**
 * A browser call names its Origin: whether it is the app's own (APP_BASE_URL's, or outside production the origin the
 * request was addressed to). A call without one (no browser page) passes here.
 */
export function originAllowed(request: FastifyRequest, cookie: ConsoleCookie): boolean {
  const origin = request.headers.origin;
  return (
    typeof origin !== 'string' ||
    origin === cookie.appOrigin ||
    (!cookie.production && typeof request.headers.host === 'string' && origin === `${request.protocol}://${request.headers.host}`)
  );
}

/**
 * authenticate: the operator of the call's session (`Authorization: Bearer`, else the cookie), or null once it has
 * answered: 403 forbidden for a cookie without an Origin (a browser sends it on its own: only a call from the app's
 * own page may use it), 401 loginRequired without a live session.
 */
export async function signedInOperator(
  reply: FastifyReply,
  request: FastifyRequest,
  cookie: ConsoleCookie,
  db: Db,
  now: () => Date,
): Promise<ConsoleOperator | null> {
  const bearer = bearerToken(request);
  const cookieToken = cookieValue(request.headers.cookie, cookie.name);
  let operator: ConsoleOperator | null = null;
  if (bearer) operator = await resolveOperatorToken(db, bearer, now());
  else if (cookieToken) {
    if (typeof request.headers.origin !== 'string') {
      refuse(reply, 403, 'forbidden');
      return null;
    }
    operator = await resolveOperatorToken(db, cookieToken, now());
  }
  if (!operator) refuse(reply, 401, 'loginRequired');
  return operator;
}

// ---------------------------------------------------------------------------------------------------------------
// parse: an upload's file and language; upload URLs as answers carried them

/** An upload's language: its X-Locale header (its body is the file). */
export function localeOfUploadHeader(request: FastifyRequest): Locale {
  const value = request.headers['x-locale'];
  return value === 'en' ? 'en' : 'ja';
}

/**
 * The file of an `upload` call: its bytes, its type without parameters, and its name (X-File-Name, URI-encoded); null
 * when the body is no file's bytes (a JSON or form body).
 */
export function uploadOf(request: FastifyRequest): Upload | null {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return null;
  const name = request.headers['x-file-name'];
  let fileName: string;
  try {
    fileName = typeof name === 'string' && name ? decodeURIComponent(name) : 'file';
  } catch {
    fileName = 'file';
  }
  const contentType = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return { body, contentType, fileName };
}

/**
 * A payload with the signatures of its upload URLs taken off, in every string at any depth: upload URLs come back as
 * answers carried them (signed); what is stored is the bare path (decision 144).
 */
export function withoutUploadSignatures(value: unknown): unknown {
  if (typeof value === 'string') return unsignUploadUrls(value);
  if (Array.isArray(value)) return value.map(withoutUploadSignatures);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutUploadSignatures(v)]));
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// run

/** What a console handler noted for its call's audit row (ctx.note), read by the entry after the handler has run. */
export interface NotedAudit {
  note: AuditNote;
}

/** run, a console function's context: the operator, the upload, the audit rows and note, the session cookie. */
export function consoleContext(
  request: FastifyRequest,
  reply: FastifyReply,
  caller: AuditCaller,
  config: Config,
  locale: Locale,
  operator: ConsoleOperator | null,
  upload: Upload | null,
  cookie: ConsoleCookie,
  noted: NotedAudit,
): ConsoleContext {
  const { db, now } = caller;
  return {
    db,
    config,
    locale,
    ip: caller.ip,
    log: request.log,
    now,
    rateLimit: (key, limit, windowMs) => hitRateLimit(db, key, limit, windowMs, now()),
    operator: operator as ConsoleOperator,
    upload,
    note: (n) => {
      noted.note = n;
    },
    audit: (row) => audit(caller, row),
    setSessionCookie: (token, expiresAt) => {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now().getTime()) / 1000));
      reply.header('set-cookie', `${cookie.name}=${token}; ${cookie.attributes}; Max-Age=${maxAge}`);
    },
    clearSessionCookie: () => {
      reply.header('set-cookie', `${cookie.name}=; ${cookie.attributes}; Max-Age=0`);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// answer: an export

/** An export's file: what a `zip` or `csv` function must answer (anything else is a bug, thrown). */
export function exportOf(def: ConsoleFunctionDef, result: unknown): ZipDownload | CsvFile {
  if (def.kind === 'zip' && !(result instanceof ZipDownload)) throw new Error(`${def.name} is a zip function but returned no ZipDownload`);
  if (def.kind === 'csv' && !(result instanceof CsvFile)) throw new Error(`${def.name} is a csv function but returned no CsvFile`);
  return result as ZipDownload | CsvFile;
}

/**
 * answer, an export (a `csv` or `zip` function's result): recorded in the audit log before its first byte (exports
 * are audited, decision 090), then streamed as it is made, an attachment never sniffed.
 */
export async function sendExport(
  reply: FastifyReply,
  request: FastifyRequest,
  caller: AuditCaller,
  operator: ConsoleOperator | null,
  def: ConsoleFunctionDef,
  note: AuditNote,
  result: unknown,
) {
  const file = exportOf(def, result);
  if (operator) {
    await audit(caller, { ...note, summary: note.summary ?? file.fileName, action: def.name as ConsoleFunctionName, ...operatorOf(operator) });
  }
  const zip = file instanceof ZipDownload;
  const body = zip ? file.stream() : Readable.from(file.chunks());
  body.on('error', (error) => request.log.error({ err: error, fn: def.name }, `${zip ? 'zip' : 'csv'} export failed while streaming`));
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('content-type', zip ? 'application/zip' : 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
