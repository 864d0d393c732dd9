import type { ConsoleFunctionName } from '@hibi/contract/console/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localeField, type Locale } from '@hibi/contract/protocol';
import { CONSOLE_COOKIE, MEDIA_MAX_BYTES, type ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { resolveOperatorToken } from '../domains/operators/service.ts';
import { refreshMediaUses } from '../domains/media/service.ts';
import { signUploadUrls, unsignUploadUrls } from '../lib/media-signing.ts';
import { Readable } from 'node:stream';
import { attachmentDisposition, CsvFile } from '../lib/csv.ts';
import { ZipDownload } from '../lib/export-zip.ts';
import { clientKey, hitRateLimit } from '../lib/rate-limit.ts';
import { BusinessFailure } from '../core/handler.ts';
import { asOneCall } from '../db/deadline.ts';
import type { AuditNote, ConsoleContext, ConsoleHandler, ConsoleOperator, Upload } from '../core/console-handler.ts';
import {
  audit,
  businessFailureBody,
  checkPayload,
  checkResponse,
  checkText,
  localeOfBody,
  parse,
  refuse,
  roleAllows,
  roleDenial,
  send,
  sendJson,
  sendThrown,
  tenantDenial,
  validationFailure,
  withoutLocale,
  type AuditCaller,
} from './pipeline.ts';

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

interface ConsoleEntryOptions {
  db: Db;
  config: Config;
  registry: Map<string, ConsoleHandler<ConsoleFunctionDef>>;
  now?: () => Date;
}

/**
 * POST /api/console/{name}: the operator console's entry (issue 15, docs/requirements/console.md#console-entry). Order: the function
 * exists; the session (cookie `hibi_console` or `Authorization: Bearer`; a cookie only with the app's own Origin);
 * the role (403 forbidden, audited as a denial); the payload (strict, the text rule); the tenant of a company operator
 * (the handler's tenantBound); the handler; the response schema; the media uses (the handler's refreshesMedia); an
 * audit row for every successful write (the contract's `audited`). The steps are functions/pipeline.ts's.
 */
export async function consoleEntry(app: FastifyInstance, { db, config, registry, now = () => new Date() }: ConsoleEntryOptions) {
  const payloadSchemas = new Map<string, z.ZodType>();
  for (const [name, handler] of registry) payloadSchemas.set(name, handler.def.payload.extend({ locale: localeField }).strict());
  const appOrigin = new URL(config.appBaseUrl).origin;
  const secure = config.appBaseUrl.startsWith('https:');
  // Over HTTPS the cookie takes the __Host- prefix (issue 30, finding 7): the browser then accepts it only Secure, from
  // this very host (no Domain) and for Path=/, so a sibling subdomain cannot plant or shadow it.
  const cookieName = consoleCookieName(secure);
  const cookieAttributes = secure ? 'Path=/; HttpOnly; SameSite=Strict; Secure' : 'Path=/api/console; HttpOnly; SameSite=Strict';

  /** The app's own origin: APP_BASE_URL's, or (outside production) the origin the request was addressed to. */
  const originAllowed = (request: FastifyRequest, origin: string) =>
    origin === appOrigin ||
    (!config.production && typeof request.headers.host === 'string' && origin === `${request.protocol}://${request.headers.host}`);

  await app.register(async (scope) => {
    // Uploads: the raw file as the body, up to the media limit; the handler checks the type by the bytes.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, (_request, body, done) => done(null, body));

    // Each call's waits for database connections end by its deadline (db/deadline.ts).
    scope.post('/api/console/:name', (request: FastifyRequest<{ Params: { name: string } }>, reply) => asOneCall(() => answerCall(request, reply)));

    /**
     * One call through the pipeline's steps (functions/pipeline.ts): parse (the function, the Origin), authenticate
     * (the operator's session), authorise (the role), parse (the body or the uploaded file), check text, validate,
     * authorise (the tenant), run, answer; each refusal of a signed-in operator audited as the function declares.
     */
    const answerCall = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      // parse: the function, the caller's language.
      const handler = registry.get(request.params.name);
      const upload = handler?.def.kind === 'upload';
      const rawBody = request.body;
      const locale = upload ? localeOfHeader(request) : localeOfBody(rawBody);
      if (!handler) return refuse(reply, 404, 'unknownFunction');
      const def = handler.def;
      // The registry holds the contract's console functions only: their names are the audit log's actions.
      const action = def.name as ConsoleFunctionName;
      const caller: AuditCaller = { db, ip: clientKey(request.ip), now };

      // A browser call names its Origin: anything but the app's own is refused, signed in or not.
      const origin = request.headers.origin;
      if (typeof origin === 'string' && !originAllowed(request, origin)) return refuse(reply, 403, 'forbidden');

      // authenticate, authorise (the role).
      let operator: ConsoleOperator | null = null;
      if (def.auth !== 'none') {
        const header = request.headers.authorization;
        const bearer = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const cookie = cookieValue(request.headers.cookie, cookieName);
        if (bearer) operator = await resolveOperatorToken(db, bearer, now());
        else if (cookie) {
          // A cookie is sent by the browser on its own: only a call from the app's own page may use it.
          if (typeof origin !== 'string') return refuse(reply, 403, 'forbidden');
          operator = await resolveOperatorToken(db, cookie, now());
        }
        if (!operator) return refuse(reply, 401, 'loginRequired');
        if (!roleAllows(def, operator)) {
          await audit(caller, roleDenial(def, operator));
          return refuse(reply, 403, 'forbidden');
        }
      }

      // parse: an upload's file, or a JSON body.
      let body: unknown = rawBody;
      let file: Upload | null = null;
      if (upload) {
        if (!Buffer.isBuffer(rawBody)) return refuse(reply, 200, 'unsupportedType');
        file = uploadOf(request, rawBody);
        body = {};
      } else if (parse(reply, body, locale) === null) return reply;
      // Upload URLs come back as answers carried them (signed); what is stored is the bare path (decision 144).
      body = withoutUploadSignatures(body);

      // check text, validate (a company operator's every call is audited, its refusals too: docs/requirements/insights.md#insights-company-role).
      if (checkText(reply, body, locale)) return reply;
      const parsed = checkPayload(payloadSchemas.get(def.name)!, body, locale);
      if (!parsed.success) {
        if (operator?.role === 'company') {
          await audit(caller, { ...companyRow(operator), action, summary: 'failed: validationError' });
        }
        return send(reply, 400, validationFailure(parsed.error, locale));
      }
      const payload = withoutLocale(parsed.data);

      // authorise: a company operator is bound to its tenant where the function says so (its tenantBound).
      const denial = tenantDenial(handler, operator, payload);
      if (denial) {
        await audit(caller, denial);
        return refuse(reply, 403, 'forbidden');
      }

      // run, answer.
      let note: AuditNote = {};
      const ctx: ConsoleContext = {
        db,
        config,
        locale,
        ip: caller.ip,
        log: request.log,
        now,
        rateLimit: (key, limit, windowMs) => hitRateLimit(db, key, limit, windowMs, now()),
        operator: operator as ConsoleOperator,
        upload: file,
        note: (n) => {
          note = n;
        },
        audit: (row) => audit(caller, row),
        setSessionCookie: (token, expiresAt) => {
          const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now().getTime()) / 1000));
          reply.header('set-cookie', `${cookieName}=${token}; ${cookieAttributes}; Max-Age=${maxAge}`);
        },
        clearSessionCookie: () => {
          reply.header('set-cookie', `${cookieName}=; ${cookieAttributes}; Max-Age=0`);
        },
      };
      try {
        const result = await handler.run(payload as never, ctx as never);
        const exported = def.kind === 'csv' || def.kind === 'zip';
        // Every call of a company operator is audited (docs/requirements/insights.md#insights-company-role), reads and failures too; writes and exports below.
        if (operator?.role === 'company' && (result instanceof BusinessFailure || (!def.audited && !exported))) {
          const summary =
            result instanceof BusinessFailure
              ? `failed: ${result.errorCode}`
              : (note.summary ?? `${def.name}: ${JSON.stringify(payload).slice(0, 300)}`);
          await audit(caller, { ...companyRow(operator), ...note, summary, action });
        }
        if (result instanceof BusinessFailure) return send(reply, 200, businessFailureBody(result));
        if (exported) {
          // An export is recorded before its first byte (exports are audited: docs/decisions/090-console-entry-and-operator-sessions.md).
          const file = exportOf(def, result);
          if (operator) await audit(caller, { ...note, summary: note.summary ?? file.fileName, action, ...operatorOf(operator) });
          return sendExport(reply, request, def, file);
        }
        const data = checkResponse(reply, request, def, result);
        if (data === null) return reply;
        // A content write may have attached an upload to a contract-only item, or changed who sees one (issue 30, 1):
        // the functions that may say so (their refreshesMedia, core/console-handler.ts).
        if (handler.refreshesMedia) await refreshMediaUses(db);
        if (def.audited && operator) await audit(caller, { ...note, action, ...operatorOf(operator) });
        // Upload URLs go out signed, so an operator sees protected files too (the bare path refuses them).
        return sendJson(reply, signUploadUrls(JSON.stringify({ succeed: true, ...data })));
      } catch (error) {
        return sendThrown(reply, request, error, def.name, null, 'console function failed');
      }
    };
  });
}

/** Who an audit row names: the operator (the entry's own rows, and a handler's note with them). */
const operatorOf = (operator: ConsoleOperator) => ({ operatorId: operator.id, operatorEmail: operator.email });

/** A company operator's row of a call: about its tenant (docs/requirements/insights.md#insights-company-role). */
const companyRow = (operator: ConsoleOperator) => ({ ...operatorOf(operator), targetType: 'tenant', targetId: operator.tenantId });

/** The file of an `upload` call: its bytes, its type without parameters, and its name (X-File-Name, URI-encoded). */
function uploadOf(request: FastifyRequest, body: Buffer): Upload {
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

/** An export's file: what a `zip` or `csv` function must answer (anything else is a bug, thrown). */
function exportOf(def: ConsoleFunctionDef, result: unknown): ZipDownload | CsvFile {
  if (def.kind === 'zip' && !(result instanceof ZipDownload)) throw new Error(`${def.name} is a zip function but returned no ZipDownload`);
  if (def.kind === 'csv' && !(result instanceof CsvFile)) throw new Error(`${def.name} is a csv function but returned no CsvFile`);
  return result as ZipDownload | CsvFile;
}

/** answer, an export: streamed as it is made, an attachment never sniffed. */
function sendExport(reply: FastifyReply, request: FastifyRequest, def: ConsoleFunctionDef, file: ZipDownload | CsvFile) {
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

/** A payload with the signatures of its upload URLs taken off, in every string at any depth. */
function withoutUploadSignatures(value: unknown): unknown {
  if (typeof value === 'string') return unsignUploadUrls(value);
  if (Array.isArray(value)) return value.map(withoutUploadSignatures);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutUploadSignatures(v)]));
  }
  return value;
}

function localeOfHeader(request: FastifyRequest): Locale {
  const value = request.headers['x-locale'];
  return value === 'en' ? 'en' : 'ja';
}
