// The call pipeline (docs/decisions/183-one-call-pipeline.md): the steps every function call goes through, as plain
// functions, in the order the entries call them:
//
//   parse -> check text -> validate -> authenticate -> authorise -> admit -> serve kept answers -> run -> answer
//
// entry.ts (members' POST /api/functions/{name}), console-entry.ts (POST /api/console/{name}) and preview.ts (the time
// machine's previewMemberCall) compose them, each in a call body of its steps in order; each keeps only its own state
// (the members' sessions, kept answers and write admission; the preview's rolled-back transaction). The console's
// request and answer beside the steps (its cookie, uploads, exports) are console-io.ts's.
//
// A step that refuses the call sends its answer itself and says so: it returns the reply (or null where it otherwise
// returns a value), and the entry returns at once. The members' steps are synchronous where the work is, so composing
// them adds no await and no allocation to a call (decisions 158–174 tuned that path): the awaits stay in entry.ts,
// where they were. The console's steps that write an audit row before their answer are async (not the hot path).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { normaliseLocale, type FunctionDef, type Locale } from '@hibi/contract/protocol';
import type { AuditAction, ConsoleFunctionName } from '@hibi/contract/console/index';
import { validationMessages } from '@hibi/contract/messages';
import { textChecks } from '@hibi/contract/text';
import type { Db } from '../db/client.ts';
import { recordAudit } from '../domains/operators/service.ts';
import { endSessionByToken } from '../domains/auth/service.ts';
import { clientKey, hitRateLimit, TooManyRequests, type LocalRateLimit } from '../lib/rate-limit.ts';
import { signUploadUrls } from '../lib/media-signing.ts';
import { BusinessFailure, FileAnswer, PayloadRejected, type AuthUser, type Handler, type MemberContext } from '../core/handler.ts';
import { stableKey, type Answer, type CachePolicy, type Kept, type ReadCache } from '../core/read-cache.ts';
import type { AuditNote, ConsoleHandler, ConsoleOperator } from '../core/console-handler.ts';
import type { ConsoleFunctionDef } from '@hibi/contract/console/protocol';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { refusalOf } from '../db/deadline.ts';
import type { WriteAdmission, WriteKind } from '../core/write-admission.ts';
import { clearSessionCookies, setSessionCookies, type WebSessionCookies } from './web-session.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer in the entries' envelope, never cached by anyone on the way. */
export function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** A success's JSON bytes (or text), never cached by anyone on the way. */
export function sendJson(reply: FastifyReply, body: Buffer | string) {
  return reply.code(200).header('cache-control', 'no-store').type(JSON_TYPE).send(body);
}

/** A refusal of the protocol (404 unknownFunction, 401 loginRequired, 403 forbidden, ...): `succeed: false` and its code. */
export function refuse(reply: FastifyReply, status: number, errorCode: string) {
  return send(reply, status, { succeed: false, errorCode });
}

// ---------------------------------------------------------------------------------------------------------------
// parse

export function localeOfBody(body: unknown): Locale {
  return normaliseLocale(body && typeof body === 'object' && !Array.isArray(body) ? (body as { locale?: unknown }).locale : undefined);
}

/** The request's body as a JSON object, or null once it has answered 400 (not JSON, an array, a file's bytes). */
export function parse(reply: FastifyReply, body: unknown, locale: Locale): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: [validationMessages[locale].invalidJson] });
    return null;
  }
  return body as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// check text

/**
 * The path of the first string (or key) in a payload that no text may hold: NUL and other control characters, lone
 * surrogates, bidi overrides (issue 12, finding 14). Checked before the schemas, for every function, so a NUL never
 * reaches PostgreSQL (which refuses it in text) and a name never hides a control character. Iterative: a deeply
 * nested body cannot exhaust the stack.
 */
export function forbiddenTextPath(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (textChecks.anyText(value)) return path || '(body)';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (textChecks.anyText(key)) return at.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
        stack.push([inner, at]);
      }
    }
  }
  return null;
}

/** Every text of the body is one a text may be (forbiddenTextPath); else answers 400 and returns the reply. */
export function checkText(reply: FastifyReply, body: unknown, locale: Locale): FastifyReply | undefined {
  const badText = forbiddenTextPath(body);
  if (!badText) return undefined;
  return send(reply, 400, {
    succeed: false,
    errorCode: 'validationError',
    validationErrorMessage: [`${badText.slice(0, 100)}: ${validationMessages[locale].textControlChars}`],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// validate

const zodLocales: Record<Locale, z.core.$ZodErrorMap> = {
  ja: z.locales.ja().localeError as z.core.$ZodErrorMap,
  en: z.locales.en().localeError as z.core.$ZodErrorMap,
};

/** A validation reply stays small whatever the request held (60,000 unknown keys once made a 469 KB reply). */
export const MAX_VALIDATION_MESSAGES = 10;
export const MAX_ECHOED_KEYS = 10;
const MAX_ECHOED_KEY_LENGTH = 40;

/** Turns zod issues into messages in the caller's language: `msg:key` texts from the contract, others prefixed with their field. */
export function validationMessagesFor(error: z.ZodError, locale: Locale): string[] {
  const messages = error.issues.slice(0, MAX_VALIDATION_MESSAGES).map((issue) => {
    if (issue.message.startsWith('msg:')) {
      const key = issue.message.slice(4);
      return validationMessages[locale][key] ?? key;
    }
    if (issue.code === 'unrecognized_keys') {
      const shown = issue.keys.slice(0, MAX_ECHOED_KEYS).map((k) => (k.length > MAX_ECHOED_KEY_LENGTH ? `${k.slice(0, MAX_ECHOED_KEY_LENGTH)}…` : k));
      const more = issue.keys.length > MAX_ECHOED_KEYS ? ` (+${issue.keys.length - MAX_ECHOED_KEYS})` : '';
      return `${validationMessages[locale].unknownField}: ${shown.join(', ')}${more}`;
    }
    const field = issue.path.join('.').slice(0, 200);
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  if (error.issues.length > MAX_VALIDATION_MESSAGES) messages.push(`(+${error.issues.length - MAX_VALIDATION_MESSAGES})`);
  return messages;
}

/** The 400 of a payload its schema refuses, in the caller's language (the preview answers it inside its own envelope). */
export function validationFailure(error: z.ZodError, locale: Locale) {
  return { succeed: false as const, errorCode: 'validationError', validationErrorMessage: validationMessagesFor(error, locale) };
}

/** The body checked by the function's strict payload schema (issues in the caller's language). */
export function checkPayload(schema: z.ZodType, body: unknown, locale: Locale) {
  return schema.safeParse(body, { error: zodLocales[locale] });
}

/** The payload without its `locale` (every entry's schema takes one), or null once it has answered 400. */
export function validate(reply: FastifyReply, schema: z.ZodType, body: unknown, locale: Locale): Record<string, unknown> | null {
  const parsed = checkPayload(schema, body, locale);
  if (!parsed.success) {
    send(reply, 400, validationFailure(parsed.error, locale));
    return null;
  }
  return withoutLocale(parsed.data);
}

/** A checked payload without the caller's `locale`, which is the entry's, not the handler's. */
export function withoutLocale(data: unknown): Record<string, unknown> {
  const { locale: _ignored, ...payload } = data as Record<string, unknown>;
  return payload;
}

// ---------------------------------------------------------------------------------------------------------------
// authenticate, authorise: the members' sessions are read by entry.ts (web-session.ts's credentials, auth's
// resolveToken: its awaits stay in the entry), the operators' by console-entry.ts (console-io.ts); the console's
// refusals and calls are audited with the rows below.

/**
 * authenticate, a member's session as read: a cookie whose session ended (signed out elsewhere, expired, idle) is
 * deleted with this answer; a members' function without a session is refused 401 (returns the reply); a member's
 * read is noted as theirs in `readers` (the write admission counts the reads per client, decision 174).
 */
export function sessionRefused(
  reply: FastifyReply,
  request: FastifyRequest,
  cookies: WebSessionCookies,
  auth: FunctionDef['auth'],
  cookieToken: string | null,
  user: AuthUser | null,
  readers: WeakMap<FastifyRequest, string> | null,
): FastifyReply | undefined {
  if (cookieToken && !user) clearSessionCookies(reply, cookies);
  if (auth === 'required' && !user) return refuse(reply, 401, 'loginRequired');
  if (user && readers) readers.set(request, `m:${user.id}`);
  return undefined;
}

/** Whom an audit row of a console call names, and from where (the entry's own for every row of one call). */
export interface AuditCaller {
  db: Db;
  ip: string;
  now: () => Date;
}

/** Writes one console audit row now: the operator, the action, what it concerned. */
export function audit(
  { db, ip, now }: AuditCaller,
  row: AuditNote & { action: AuditAction; operatorId: number | null; operatorEmail: string | null },
) {
  return recordAudit(db, {
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    action: row.action,
    targetType: row.targetType ?? null,
    targetId: row.targetId == null ? null : String(row.targetId),
    summary: row.summary,
    ip,
    at: now(),
  });
}

/** Who an audit row names: the operator (the entry's own rows, and a handler's note with them). */
export const operatorOf = (operator: ConsoleOperator) => ({ operatorId: operator.id, operatorEmail: operator.email });

/** A company operator's row of a call: about its tenant (docs/requirements/insights.md#insights-company-role). */
export const companyRow = (operator: ConsoleOperator) => ({ ...operatorOf(operator), targetType: 'tenant', targetId: operator.tenantId });

/** authorise, a signed-in operator refused (roleDenial, tenantDenial): the denial's audit row written, then 403. */
export async function refuseAudited(reply: FastifyReply, caller: AuditCaller, denial: Parameters<typeof audit>[1]) {
  await audit(caller, denial);
  return refuse(reply, 403, 'forbidden');
}

/** authorise: the operator's role may call the function; a refusal is audited as a denial (then 403). */
export function roleAllows(def: ConsoleFunctionDef, operator: ConsoleOperator): boolean {
  return def.roles.includes(operator.role);
}

export function roleDenial(def: ConsoleFunctionDef, operator: ConsoleOperator) {
  return {
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: 'denied' as const,
    targetType: 'function',
    targetId: def.name,
    summary: `${def.name} refused to role ${operator.role}`,
  };
}

/**
 * authorise, by the payload: a company operator is bound to its tenant (docs/requirements/insights.md#insights-company-role) in the functions that
 * say so (ConsolePolicy.tenantBound): the audit row of the refusal of any other tenantId, else null.
 */
export function tenantDenial(handler: ConsoleHandler, operator: ConsoleOperator | null, payload: Record<string, unknown>) {
  if (!handler.tenantBound || operator?.role !== 'company' || !('tenantId' in payload) || payload.tenantId === operator.tenantId) return null;
  return {
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: 'denied' as const,
    targetType: 'tenant',
    targetId: String(payload.tenantId),
    summary: `${handler.def.name} refused: tenant ${String(payload.tenantId)} is not the company operator's own`,
  };
}

/**
 * validate, a console payload: as `validate`, and a company operator's refusal is audited before its 400 (every call of
 * a company operator is: docs/requirements/insights.md#insights-company-role).
 */
export async function validateAudited(
  reply: FastifyReply,
  caller: AuditCaller,
  operator: ConsoleOperator | null,
  def: ConsoleFunctionDef,
  schema: z.ZodType,
  body: unknown,
  locale: Locale,
): Promise<Record<string, unknown> | null> {
  const parsed = checkPayload(schema, body, locale);
  if (parsed.success) return withoutLocale(parsed.data);
  if (operator?.role === 'company') {
    await audit(caller, { ...companyRow(operator), action: def.name as ConsoleFunctionName, summary: 'failed: validationError' });
  }
  send(reply, 400, validationFailure(parsed.error, locale));
  return null;
}

/**
 * The audit row of a company operator's call that no other row records (docs/requirements/insights.md#insights-company-role):
 * its reads and its business failures (its audited writes and its exports have their own rows), else null.
 */
export function companyCallRow(
  def: ConsoleFunctionDef,
  operator: ConsoleOperator | null,
  payload: Record<string, unknown>,
  note: AuditNote,
  result: unknown,
) {
  const exported = def.kind === 'csv' || def.kind === 'zip';
  if (operator?.role !== 'company' || !(result instanceof BusinessFailure || (!def.audited && !exported))) return null;
  const summary =
    result instanceof BusinessFailure ? `failed: ${result.errorCode}` : (note.summary ?? `${def.name}: ${JSON.stringify(payload).slice(0, 300)}`);
  return { ...companyRow(operator), ...note, summary, action: def.name as ConsoleFunctionName };
}

// ---------------------------------------------------------------------------------------------------------------
// admit

/** The calls that sign a member in: the write admission's share never holds them back (decision 174). */
export const SIGN_IN_CALLS = new Set(['login', 'beginPasskeySignIn', 'finishPasskeySignIn']);

/**
 * A member's write while the reads are slow: held back (false, then 503) before it reads a session or writes anything.
 * Sign-ins first, then the calls that carry a session, then the rest (decisions 162, 174).
 */
export function admit(admission: WriteAdmission, fn: string, carriesSession: boolean): boolean {
  const kind: WriteKind = SIGN_IN_CALLS.has(fn) ? 'signIn' : carriesSession ? 'member' : 'anonymous';
  return admission.admitWrite(performance.now(), kind);
}

/** admit, a member's write: 503 (returns the reply) when held back, else noted among the admitted until it ends. */
export function writeHeldBack(
  reply: FastifyReply,
  request: FastifyRequest,
  admission: WriteAdmission,
  admitted: WeakSet<FastifyRequest>,
  fn: string,
  carriesSession: boolean,
): FastifyReply | undefined {
  if (!admit(admission, fn, carriesSession)) return sendUnavailable(reply);
  admitted.add(request);
  return undefined;
}

/**
 * admit, the reads: a read without a session that no kept answer served (a search above all) is limited per address,
 * so that no one without an account can keep the database busy with them (issue 53, decision 174): 429 with
 * Retry-After (returns the reply).
 */
export function anonymousReadRefused(reply: FastifyReply, limit: LocalRateLimit, ip: string): FastifyReply | undefined {
  const retryAfter = limit.hit(clientKey(ip));
  if (retryAfter <= 0) return undefined;
  reply.header('retry-after', String(retryAfter));
  return refuse(reply, 429, 'tooManyRequests');
}

/**
 * A call that reads (a kept answer's function, or a get/search): it runs on the readers' connections. Some of them
 * write a little of their own (a read mark, a view), which is fine there: what matters is that a read never waits
 * for a connection behind a queue of bookings or uploads.
 */
export function isReadingCall(handler: Handler<FunctionDef>): boolean {
  return handler.cache !== undefined || /^(get|search)[A-Z]/.test(handler.def.name);
}

/**
 * A reading call whose time the write admission goes by: not a search nor a download, whose time their caller chooses
 * (the query's words, the file's size), so that reads slow by their own cost steer nothing (decision 174).
 */
export function isSampledRead(handler: Handler<FunctionDef>): boolean {
  return isReadingCall(handler) && !/^search[A-Z]/.test(handler.def.name) && !handler.def.download;
}

// ---------------------------------------------------------------------------------------------------------------
// serve kept answers, answer

/**
 * A string's UTF-8 bytes in memory of their own. Buffer.from(text) cuts a short text (under 4 KB) out of a shared
 * 8 KB slab, and a slice kept keeps its whole slab: the kept answers (core/read-cache.ts, bounded by their own sizes)
 * then held up to 8 KB each, and in the soak benchmark the processes' array buffers grew by some 150 MB in ten
 * minutes (issue 31).
 */
export function unpooledUtf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * A successful answer's bytes, its upload URLs signed (issue 30, finding 1; decision 144): a console upload may be
 * protected (used by a contract-only item) at any moment, so every one goes out signed. A kept answer lives at most
 * 5 minutes (core/read-cache.ts), a signature at least an hour. Real time, as the media route checks it.
 */
export function answerBody(answer: Record<string, unknown>): Buffer {
  return unpooledUtf8(signUploadUrls(JSON.stringify(answer)));
}

/**
 * serve kept answers: the key of the kept answer this caller shares (core/read-cache.ts), or null when their answer is
 * their own (nothing is served from or kept in the cache for them).
 */
export function keptAnswerKey(fn: string, policy: CachePolicy, user: AuthUser | null, locale: Locale, payload: Record<string, unknown>, at: number) {
  const audience = policy.audience(user) ?? null;
  const payloadKey = audience !== null ? (policy.keyOf ? policy.keyOf(payload, new Date(at)) : stableKey(payload)) : null;
  return payloadKey !== null ? `${fn}|${audience}|${locale}|${payloadKey}` : null;
}

/**
 * A kept answer with this member's marks: from their kept marks when the policy keeps them apart (decision 169) and
 * they are still theirs, else read (and kept for the next renewal of the answer). `ownEpoch` is the member's, taken
 * before anything is read.
 */
export async function personalized(
  answers: ReadCache,
  fn: string,
  policy: CachePolicy,
  value: Answer,
  user: AuthUser,
  db: Db,
  ownEpoch: number,
  at: number,
): Promise<Answer> {
  const marks = policy.marks;
  if (!marks) return policy.personalize!(value, user, db, new Date(at));
  const key = `${fn}|${user.id}|${marks.keyOf(value)}`;
  const kept = answers.marksOf(key, ownEpoch, at);
  if (kept) return marks.apply(value, kept.marks);
  const read = await marks.read(value, user, db, new Date(at));
  answers.putMarks(key, policy, user.id, ownEpoch, at, read);
  return marks.apply(value, read);
}

/** Whose own a kept answer is (decision 138: a member's own answer is renewed by their own rows too), or null. */
export function keptAnswerOwner(policy: CachePolicy, user: AuthUser | null): number | null {
  return policy.perMember && user ? user.id : null;
}

/**
 * serve kept answers: the kept answer of `key` sent as kept (or in this member's marked form, decision 169), or null
 * when none is kept. Synchronous unless the member's marks must be read (a failure of that read answers 503 or 500).
 */
export function serveKeptAnswer(
  reply: FastifyReply,
  request: FastifyRequest,
  answers: ReadCache,
  key: string,
  fn: string,
  policy: CachePolicy,
  user: AuthUser | null,
  db: Db,
  at: number,
): FastifyReply | Promise<FastifyReply> | null {
  const kept = answers.get(key, at);
  if (kept === null) return null;
  if (!user || !(policy.personalize || policy.marks)) return sendJson(reply, kept.body);
  // Taken before the marks are read: a write of the member's rows meanwhile leaves this form unkept.
  const ownEpoch = answers.feed.memberEpoch(policy.ownTables ?? [], user.id);
  const personal = answers.personal(key, kept, user.id, ownEpoch, at);
  if (personal !== null) return sendJson(reply, personal);
  return sendPersonalized(reply, request, answers, key, kept, fn, policy, user, db, ownEpoch, at);
}

/** A kept answer in this member's marked form, their marks read now and kept for the next call (serveKeptAnswer). */
async function sendPersonalized(
  reply: FastifyReply,
  request: FastifyRequest,
  answers: ReadCache,
  key: string,
  kept: Kept,
  fn: string,
  policy: CachePolicy,
  user: AuthUser,
  db: Db,
  ownEpoch: number,
  at: number,
) {
  let body: Buffer;
  try {
    body = answerBody({ succeed: true, ...(await personalized(answers, fn, policy, kept.value, user, db, ownEpoch, at)) });
  } catch (error) {
    return sendFailure(reply, request, error, fn);
  }
  answers.putPersonal(key, kept, policy, user.id, ownEpoch, at, body);
  return sendJson(reply, body);
}

// ---------------------------------------------------------------------------------------------------------------
// run

/**
 * run, a member function's context: the caller, the clock, the rate limits (keyed on the client: an IPv6 address by
 * its /64, request.ip honouring TRUST_PROXY), and the web session's cookie for the calls that start or end one.
 */
export function memberContext(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  config: Config,
  locale: Locale,
  user: AuthUser | null,
  now: () => Date,
  cookies: WebSessionCookies,
  carriedCookie: string | null,
): MemberContext & { user: AuthUser | null } {
  return {
    db,
    config,
    locale,
    ip: clientKey(request.ip),
    log: request.log,
    user,
    now,
    rateLimit: (key, limit, windowMs) => hitRateLimit(db, key, limit, windowMs, now()),
    webSession: {
      start: (token, expiresAt) => setSessionCookies(reply, cookies, token, expiresAt, now()),
      end: async () => {
        // Only login (origin-checked when it starts a web session) and logout (cookie-checked) call this.
        if (!carriedCookie) return;
        await endSessionByToken(db, carriedCookie);
        clearSessionCookies(reply, cookies);
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// answer

/** A business failure's envelope: HTTP 200, `succeed: false`, its code and extra fields. */
export function businessFailureBody(result: BusinessFailure) {
  return { ...result.extra, succeed: false as const, errorCode: result.errorCode };
}

/**
 * answer, a member function's result: a business failure (200), a download's file, or the response checked by its
 * schema (a mismatch is a bug: 500). Returns the checked response to send, or null once it has answered.
 */
export function memberAnswer(reply: FastifyReply, request: FastifyRequest, def: FunctionDef, result: unknown): Record<string, unknown> | null {
  if (result instanceof BusinessFailure) {
    send(reply, 200, businessFailureBody(result));
    return null;
  }
  // A download function answers its file (decision 104); any other function answering a file is a bug.
  if (result instanceof FileAnswer || def.download) {
    if (!(result instanceof FileAnswer) || !def.download) {
      request.log.error({ fn: def.name }, 'a file answer from a JSON function, or JSON from a download function');
      if (result instanceof FileAnswer) result.body.destroy();
      send(reply, 500, { succeed: false, errorCode: 'internalError' });
      return null;
    }
    result.body.on('error', (error) => request.log.error({ err: error, fn: def.name }, 'download failed while streaming'));
    reply
      .code(200)
      .header('content-type', def.download.contentType)
      .header('content-disposition', `attachment; filename="${result.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(result.body);
    return null;
  }
  return checkResponse(reply, request, def, result);
}

/** The response as its schema has it, or null once it has answered 500 (a handler's answer that breaks the contract). */
export function checkResponse(
  reply: FastifyReply,
  request: FastifyRequest,
  def: FunctionDef | ConsoleFunctionDef,
  result: unknown,
): Record<string, unknown> | null {
  const out = def.response.safeParse(result);
  if (!out.success) {
    request.log.error({ fn: def.name, issues: out.error.issues }, 'response does not match its schema');
    send(reply, 500, { succeed: false, errorCode: 'internalError' });
    return null;
  }
  return out.data as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// failures of run

/**
 * The database is out of reach or a wait on it was cut short (db/unavailable.ts): 503 `serviceUnavailable` with a
 * Retry-After, in the entries' envelope, so a client tries again shortly instead of reporting a bug; nothing the
 * call meant to write is acknowledged (decision 145).
 */
export function sendUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return send(reply, 503, { succeed: false, errorCode: 'serviceUnavailable' });
}

/**
 * A 503's line in the log: a call the pools refused (db/deadline.ts: shed while the queue is long, or out of time) in
 * one short line, since a storm makes thousands of them; an outage's error whole, with its cause.
 */
export function logUnavailable(request: FastifyRequest, error: unknown, fn?: string) {
  const refusal = refusalOf(error);
  if (refusal) request.log.warn({ fn, reason: refusal.message }, 'database busy: call refused');
  else request.log.warn({ err: error, fn }, 'database unavailable');
}

/** A handler's failure: 503 when the database is out of reach, else the 500 of a bug (logged). */
export function sendFailure(reply: FastifyReply, request: FastifyRequest, error: unknown, fn: string, what = 'function failed') {
  if (isDatabaseUnavailable(error)) {
    logUnavailable(request, error, fn);
    return sendUnavailable(reply);
  }
  request.log.error({ err: error, fn }, what);
  return send(reply, 500, { succeed: false, errorCode: 'internalError' });
}

/**
 * What a call that threw answers: 429 with Retry-After for a rate limit; 400 in the caller's language for a payload
 * the server's configuration refuses (PayloadRejected: the member entry only, `locale`; the console has none, and
 * such an error there is a bug); else sendFailure's 503 or 500.
 */
export function sendThrown(reply: FastifyReply, request: FastifyRequest, error: unknown, fn: string, locale: Locale | null, what?: string) {
  if (error instanceof TooManyRequests) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    return send(reply, 429, { succeed: false, errorCode: 'tooManyRequests' });
  }
  if (locale !== null && error instanceof PayloadRejected) {
    const message = validationMessages[locale][error.messageKey] ?? validationMessages[locale].invalidJson!;
    return send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: [message] });
  }
  return sendFailure(reply, request, error, fn, what);
}
