import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localeField } from '@hibi/contract/protocol';
import { MEDIA_MAX_BYTES, type ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { refreshMediaUses } from '../domains/media/service.ts';
import { signUploadUrls } from '../lib/media-signing.ts';
import { clientKey } from '../lib/rate-limit.ts';
import { BusinessFailure } from '../core/handler.ts';
import { asOneCall } from '../db/deadline.ts';
import type { ConsoleFunctionName } from '@hibi/contract/console/index';
import type { ConsoleHandler, ConsoleOperator } from '../core/console-handler.ts';
import {
  consoleContext,
  consoleCookie,
  localeOfUploadHeader,
  originAllowed,
  sendExport,
  signedInOperator,
  uploadOf,
  withoutUploadSignatures,
  type NotedAudit,
} from './console-io.ts';
import {
  audit,
  businessFailureBody,
  checkResponse,
  checkText,
  companyCallRow,
  localeOfBody,
  operatorOf,
  parse,
  refuse,
  refuseAudited,
  roleAllows,
  roleDenial,
  send,
  sendJson,
  sendThrown,
  tenantDenial,
  validateAudited,
  type AuditCaller,
} from './pipeline.ts';

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
 * audit row for every successful write (the contract's `audited`). The steps are functions/pipeline.ts's, the
 * console's cookie, uploads and exports console-io.ts's.
 */
export async function consoleEntry(app: FastifyInstance, { db, config, registry, now = () => new Date() }: ConsoleEntryOptions) {
  const payloadSchemas = new Map<string, z.ZodType>();
  for (const [name, handler] of registry) payloadSchemas.set(name, handler.def.payload.extend({ locale: localeField }).strict());
  const cookie = consoleCookie(config);

  await app.register(async (scope) => {
    // Uploads: the raw file as the body, up to the media limit; the handler checks the type by the bytes.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, (_request, body, done) => done(null, body));

    // Each call's waits for database connections end by its deadline (db/deadline.ts).
    scope.post('/api/console/:name', (request: FastifyRequest<{ Params: { name: string } }>, reply) => asOneCall(() => answerCall(request, reply)));

    /**
     * One call through the pipeline's steps: parse (the function, the Origin), authenticate (the operator's session),
     * authorise (the role), parse (the body or the uploaded file), check text, validate, authorise (the tenant), run,
     * answer; each refusal of a signed-in operator audited as the function declares, every row before the answer.
     */
    const answerCall = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      // parse: the function, the caller's language (an upload's in a header); a foreign Origin is refused, signed in or not.
      const handler = registry.get(request.params.name);
      const upload = handler?.def.kind === 'upload';
      const locale = upload ? localeOfUploadHeader(request) : localeOfBody(request.body);
      if (!handler) return refuse(reply, 404, 'unknownFunction');
      const def = handler.def;
      const caller: AuditCaller = { db, ip: clientKey(request.ip), now };
      if (!originAllowed(request, cookie)) return refuse(reply, 403, 'forbidden');
      // authenticate, authorise (the role).
      let operator: ConsoleOperator | null = null;
      if (def.auth !== 'none') {
        operator = await signedInOperator(reply, request, cookie, db, now);
        if (!operator) return reply;
        if (!roleAllows(def, operator)) return refuseAudited(reply, caller, roleDenial(def, operator));
      }
      // parse: an upload's file, or a JSON body; check text, validate; authorise (a company operator's tenant).
      const file = upload ? uploadOf(request) : null;
      if (upload && !file) return refuse(reply, 200, 'unsupportedType');
      const json = upload ? {} : parse(reply, request.body, locale);
      if (json === null) return reply;
      const body = withoutUploadSignatures(json);
      if (checkText(reply, body, locale)) return reply;
      const payload = await validateAudited(reply, caller, operator, def, payloadSchemas.get(def.name)!, body, locale);
      if (payload === null) return reply;
      const denial = tenantDenial(handler, operator, payload);
      if (denial) return refuseAudited(reply, caller, denial);
      // run, answer: a company operator's every call audited; an export audited before its first byte.
      const noted: NotedAudit = { note: {} };
      const ctx = consoleContext(request, reply, caller, config, locale, operator, file, cookie, noted);
      try {
        const result = await handler.run(payload as never, ctx as never);
        const companyCall = companyCallRow(def, operator, payload, noted.note, result);
        if (companyCall) await audit(caller, companyCall);
        if (result instanceof BusinessFailure) return send(reply, 200, businessFailureBody(result));
        if (def.kind === 'csv' || def.kind === 'zip') return await sendExport(reply, request, caller, operator, def, noted.note, result);
        const data = checkResponse(reply, request, def, result);
        if (data === null) return reply;
        // A content write may have attached an upload to a contract-only item, or changed who sees one (issue 30, 1).
        if (handler.refreshesMedia) await refreshMediaUses(db);
        if (def.audited && operator) await audit(caller, { ...noted.note, action: def.name as ConsoleFunctionName, ...operatorOf(operator) });
        // Upload URLs go out signed, so an operator sees protected files too (the bare path refuses them).
        return sendJson(reply, signUploadUrls(JSON.stringify({ succeed: true, ...data })));
      } catch (error) {
        return sendThrown(reply, request, error, def.name, null, 'console function failed');
      }
    };
  });
}
