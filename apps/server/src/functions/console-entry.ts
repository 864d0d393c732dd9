import type { ConsoleFunctionName } from '@hibi/contract/console/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localeField, type Locale } from '@hibi/contract/protocol';
import { CONSOLE_COOKIE, MEDIA_MAX_BYTES, type ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import { validationMessages } from '@hibi/contract/messages';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { recordAudit, resolveOperatorToken } from '../domains/operators/service.ts';
import { CONTENT_WRITE, refreshMediaUses } from '../domains/media/service.ts';
import { signUploadUrls, unsignUploadUrls } from '../lib/media-signing.ts';
import { Readable } from 'node:stream';
import { attachmentDisposition, CsvFile } from '../lib/csv.ts';
import { ZipDownload } from '../lib/export-zip.ts';
import { clientKey, hitRateLimit, TooManyRequests } from '../lib/rate-limit.ts';
import { BusinessFailure } from '../core/handler.ts';
import { asOneCall } from '../db/deadline.ts';
import type { AuditNote, ConsoleContext, ConsoleHandler, ConsoleOperator, Upload } from '../core/console-handler.ts';
import { forbiddenTextPath, localeOfBody, sendFailure, validationMessagesFor } from './entry.ts';

const zodLocales: Record<Locale, z.core.$ZodErrorMap> = {
  ja: z.locales.ja().localeError as z.core.$ZodErrorMap,
  en: z.locales.en().localeError as z.core.$ZodErrorMap,
};

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

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
 * POST /api/console/{name}: the operator console's entry (issue 15, product-decisions §8). Order: the function
 * exists; the session (cookie `hibi_console` or `Authorization: Bearer`; a cookie only with the app's own Origin);
 * the role (403 forbidden, audited as a denial); the payload (strict, the text rule); the handler; the response
 * schema; an audit row for every successful write.
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

    const answerCall = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      const handler = registry.get(request.params.name);
      const upload = handler?.def.kind === 'upload';
      const rawBody = request.body;
      const locale = upload ? localeOfHeader(request) : localeOfBody(rawBody);
      if (!handler) return send(reply, 404, { succeed: false, errorCode: 'unknownFunction' });
      const def = handler.def;
      // The registry holds the contract's console functions only: their names are the audit log's actions.
      const action = def.name as ConsoleFunctionName;
      const ip = clientKey(request.ip);

      // A browser call names its Origin: anything but the app's own is refused, signed in or not.
      const origin = request.headers.origin;
      if (typeof origin === 'string' && !originAllowed(request, origin)) return send(reply, 403, { succeed: false, errorCode: 'forbidden' });

      let operator: ConsoleOperator | null = null;
      if (def.auth !== 'none') {
        const header = request.headers.authorization;
        const bearer = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const cookie = cookieValue(request.headers.cookie, cookieName);
        if (bearer) operator = await resolveOperatorToken(db, bearer, now());
        else if (cookie) {
          // A cookie is sent by the browser on its own: only a call from the app's own page may use it.
          if (typeof origin !== 'string') return send(reply, 403, { succeed: false, errorCode: 'forbidden' });
          operator = await resolveOperatorToken(db, cookie, now());
        }
        if (!operator) return send(reply, 401, { succeed: false, errorCode: 'loginRequired' });
        if (!def.roles.includes(operator.role)) {
          await recordAudit(db, {
            operatorId: operator.id,
            operatorEmail: operator.email,
            action: 'denied',
            targetType: 'function',
            targetId: def.name,
            summary: `${def.name} refused to role ${operator.role}`,
            ip,
            at: now(),
          });
          return send(reply, 403, { succeed: false, errorCode: 'forbidden' });
        }
      }

      let body: unknown = rawBody;
      let file: Upload | null = null;
      if (upload) {
        if (!Buffer.isBuffer(rawBody)) return send(reply, 200, { succeed: false, errorCode: 'unsupportedType' });
        const name = request.headers['x-file-name'];
        let fileName: string;
        try {
          fileName = typeof name === 'string' && name ? decodeURIComponent(name) : 'file';
        } catch {
          fileName = 'file';
        }
        file = {
          body: rawBody,
          contentType: String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase(),
          fileName,
        };
        body = {};
      } else if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
        return send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: [validationMessages[locale].invalidJson] });
      }
      // Upload URLs come back as answers carried them (signed); what is stored is the bare path (decision 144).
      body = withoutUploadSignatures(body);
      const badText = forbiddenTextPath(body);
      if (badText) {
        return send(reply, 400, {
          succeed: false,
          errorCode: 'validationError',
          validationErrorMessage: [`${badText.slice(0, 100)}: ${validationMessages[locale].textControlChars}`],
        });
      }
      const parsed = payloadSchemas.get(def.name)!.safeParse(body, { error: zodLocales[locale] });
      if (!parsed.success) {
        if (operator?.role === 'company') {
          await recordAudit(db, {
            operatorId: operator.id,
            operatorEmail: operator.email,
            action,
            targetType: 'tenant',
            targetId: String(operator.tenantId),
            summary: 'failed: validationError',
            ip,
            at: now(),
          });
        }
        return send(reply, 400, {
          succeed: false,
          errorCode: 'validationError',
          validationErrorMessage: validationMessagesFor(parsed.error, locale),
        });
      }
      const { locale: _ignored, ...payload } = parsed.data as Record<string, unknown>;
      // A company operator is bound to its tenant (product-decisions §11): any other tenantId is refused.
      if (operator?.role === 'company' && 'tenantId' in payload && payload.tenantId !== operator.tenantId) {
        await recordAudit(db, {
          operatorId: operator.id,
          operatorEmail: operator.email,
          action: 'denied',
          targetType: 'tenant',
          targetId: String(payload.tenantId),
          summary: `${def.name} refused: tenant ${String(payload.tenantId)} is not the company operator's own`,
          ip,
          at: now(),
        });
        return send(reply, 403, { succeed: false, errorCode: 'forbidden' });
      }

      let note: AuditNote = {};
      const ctx: ConsoleContext = {
        db,
        config,
        locale,
        ip,
        log: request.log,
        now,
        rateLimit: (key, limit, windowMs) => hitRateLimit(db, key, limit, windowMs, now()),
        operator: operator as ConsoleOperator,
        upload: file,
        note: (n) => {
          note = n;
        },
        audit: (row) =>
          recordAudit(db, {
            operatorId: row.operatorId,
            operatorEmail: row.operatorEmail,
            action: row.action,
            targetType: row.targetType ?? null,
            targetId: row.targetId == null ? null : String(row.targetId),
            summary: row.summary,
            ip,
            at: now(),
          }),
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
        // Every call of a company operator is audited (§11), reads and failures too; writes and exports below.
        if (operator?.role === 'company' && (result instanceof BusinessFailure || (!def.audited && def.kind !== 'csv' && def.kind !== 'zip'))) {
          await ctx.audit({
            targetType: 'tenant',
            targetId: operator.tenantId,
            ...note,
            summary:
              result instanceof BusinessFailure
                ? `failed: ${result.errorCode}`
                : (note.summary ?? `${def.name}: ${JSON.stringify(payload).slice(0, 300)}`),
            action,
            operatorId: operator.id,
            operatorEmail: operator.email,
          });
        }
        if (result instanceof BusinessFailure) return send(reply, 200, { ...result.extra, succeed: false, errorCode: result.errorCode });
        if (def.kind === 'zip') {
          if (!(result instanceof ZipDownload)) throw new Error(`${def.name} is a zip function but returned no ZipDownload`);
          // An export is recorded before its first byte, as a CSV's (exports are audited: docs/decisions/090-console-entry-and-operator-sessions.md).
          if (operator) {
            await ctx.audit({
              ...note,
              summary: note.summary ?? result.fileName,
              action: def.name as ConsoleFunctionName,
              operatorId: operator.id,
              operatorEmail: operator.email,
            });
          }
          const body = result.stream();
          body.on('error', (error) => request.log.error({ err: error, fn: def.name }, 'zip export failed while streaming'));
          return reply
            .code(200)
            .header('cache-control', 'no-store')
            .header('content-type', 'application/zip')
            .header('content-disposition', attachmentDisposition(result.fileName))
            .header('x-content-type-options', 'nosniff')
            .send(body);
        }
        if (def.kind === 'csv') {
          if (!(result instanceof CsvFile)) throw new Error(`${def.name} is a csv function but returned no CsvFile`);
          // An export is recorded before its first byte (exports are audited: docs/decisions/090-console-entry-and-operator-sessions.md).
          if (operator) {
            await ctx.audit({
              ...note,
              summary: note.summary ?? result.fileName,
              action,
              operatorId: operator.id,
              operatorEmail: operator.email,
            });
          }
          const body = Readable.from(result.chunks());
          body.on('error', (error) => request.log.error({ err: error, fn: def.name }, 'csv export failed while streaming'));
          return reply
            .code(200)
            .header('cache-control', 'no-store')
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', attachmentDisposition(result.fileName))
            .header('x-content-type-options', 'nosniff')
            .send(body);
        }
        const out = def.response.safeParse(result);
        if (!out.success) {
          request.log.error({ fn: def.name, issues: out.error.issues }, 'response does not match its schema');
          return send(reply, 500, { succeed: false, errorCode: 'internalError' });
        }
        // A content write may have attached an upload to a contract-only item, or changed who sees one (issue 30, 1).
        if (CONTENT_WRITE.test(def.name)) await refreshMediaUses(db);
        if (def.audited && operator) {
          await ctx.audit({ ...note, action, operatorId: operator.id, operatorEmail: operator.email });
        }
        // Upload URLs go out signed, so an operator sees protected files too (the bare path refuses them).
        const answer = signUploadUrls(JSON.stringify({ succeed: true, ...(out.data as Record<string, unknown>) }));
        return reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(answer);
      } catch (error) {
        if (error instanceof TooManyRequests) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          return send(reply, 429, { succeed: false, errorCode: 'tooManyRequests' });
        }
        return sendFailure(reply, request, error, def.name, 'console function failed');
      }
    };
  });
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
